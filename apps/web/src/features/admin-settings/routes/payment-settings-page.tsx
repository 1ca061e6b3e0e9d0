import type { PaymentSettings, PaypalMode, SecretSetting } from '@roomweek/contract';
import { CircleCheck, CircleDashed, CreditCard, Info, TriangleAlert, Wallet } from 'lucide-react';
import { useEffect, useState, type ComponentProps } from 'react';
import { FormField } from '@/components/form-field';
import { LoadFailedView } from '@/components/status-view';
import { SubmitButton } from '@/components/submit-button';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { AdminPage } from '@/features/admin-shell/components/admin-page';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { draftFields } from '@/lib/draft-field';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { usePaymentSettings, useUpdatePaymentSettings } from '../api/settings';
import { SecretInput } from '../components/secret-input';
import { SettingsCard } from '../components/settings-card';
import { paymentSettingsForm, paymentSettingsMessages } from '../lib/settings-forms';

interface Draft {
  stripe_api_key: string;
  stripe_webhook_secret: string;
  paypal_client_id: string;
  paypal_secret: string;
  paypal_mode: PaypalMode;
}

const EMPTY: Omit<Draft, 'paypal_mode'> = {
  stripe_api_key: '',
  stripe_webhook_secret: '',
  paypal_client_id: '',
  paypal_secret: '',
};

/**
 * docs/behaviour.md §2 payment settings: secrets never come back in clear — the placeholders show the
 * masked values; an empty field keeps the current value, and only filled fields are sent (docs/behaviour.md §5).
 */
export default function PaymentSettingsPage() {
  const { t } = useAdminTranslation();
  const settings = usePaymentSettings();

  useEffect(() => {
    if (settings.isError) toast.error(errorMessage(t, settings.error, 'payments.toasts.loadFailed'));
  }, [settings.isError, settings.error, t]);

  return (
    <AdminPage title={t('payments.title')} description={t('payments.subtitle')}>
      {settings.isPending ? (
        <div className="grid gap-6 lg:grid-cols-2" aria-busy="true">
          <Skeleton className="h-72 rounded-2xl" />
          <Skeleton className="h-72 rounded-2xl" />
        </div>
      ) : settings.isError ? (
        <LoadFailedView t={t} query={settings} failedKey="payments.toasts.loadFailed" detail={false} />
      ) : (
        <PaymentSettingsForm settings={settings.data} />
      )}
    </AdminPage>
  );
}

function Configured({ configured }: { configured: boolean }) {
  const { t } = useAdminTranslation();
  return configured ? (
    <Badge variant="default">
      <CircleCheck aria-hidden="true" className="size-3.5" />
      {t('payments.configured')}
    </Badge>
  ) : (
    <Badge variant="neutral">
      <CircleDashed aria-hidden="true" className="size-3.5" />
      {t('payments.notConfigured')}
    </Badge>
  );
}

/** The label of each secret setting, to name the ones the server could not read. */
const SECRET_LABELS: Record<SecretSetting, string> = {
  stripe_api_key: 'payments.stripe.secretKey',
  stripe_webhook_secret: 'payments.stripe.webhookSecret',
  paypal_secret: 'payments.paypal.secret',
};

/** Stored secrets the server could not decrypt (its SETTINGS_KEY changed): they count as unset until entered again. */
function UnreadableNotice({ fields }: { fields: SecretSetting[] }) {
  const { t } = useAdminTranslation();
  if (fields.length === 0) return null;
  return (
    <div role="alert" className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <div className="flex flex-col gap-0.5">
        <p className="font-semibold">{t('payments.unreadable.title')}</p>
        <p className="text-sm">{t('payments.unreadable.body', { fields: fields.map((field) => t(SECRET_LABELS[field])).join(', ') })}</p>
      </div>
    </div>
  );
}

function PaymentSettingsForm({ settings }: { settings: PaymentSettings }) {
  const { t } = useAdminTranslation();
  const update = useUpdatePaymentSettings();
  const [draft, setDraft] = useState<Draft>({ ...EMPTY, paypal_mode: settings.paypal_mode });
  const set = (field: keyof Draft) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));
  const keepCurrent = t('payments.keepCurrent');
  const unreadable = new Set(settings.unreadable);
  const enterAgain = t('payments.unreadable.field');

  const form = useZodForm({
    schema: paymentSettingsForm,
    messages: paymentSettingsMessages,
    t,
    values: () => ({ ...draft }),
    onValid: (changes) =>
      update.mutate(changes, {
        onSuccess: () => {
          toast.success(t('payments.toasts.updated'));
          setDraft((current) => ({ ...EMPTY, paypal_mode: current.paypal_mode }));
        },
        onError: (error) => toast.error(errorMessage(t, error, 'payments.toasts.updateFailed')),
      }),
  });

  const field = draftFields(draft, setDraft, form.errors);

  return (
    <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-6" aria-busy={update.isPending}>
      <p className="flex items-start gap-2 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-sky-700" />
        {t('payments.help')}
      </p>
      <UnreadableNotice fields={settings.unreadable} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <SettingsCard icon={CreditCard} title={t('payments.stripe.title')} aside={<Configured configured={settings.has_stripe} />}>
          <SecretField
            label={t('payments.stripe.secretKey')}
            {...field('stripe_api_key')}
            hint={unreadable.has('stripe_api_key') ? enterAgain : settings.has_stripe ? keepCurrent : t('payments.stripe.secretKeyHint')}
            configured={settings.has_stripe}
            placeholder={settings.stripe_api_key_masked || 'sk_live_…'}
          />
          <SecretField
            label={t('payments.stripe.webhookSecret')}
            {...field('stripe_webhook_secret')}
            hint={unreadable.has('stripe_webhook_secret') ? enterAgain : settings.has_stripe_webhook ? keepCurrent : t('payments.stripe.webhookHint')}
            configured={settings.has_stripe_webhook}
            placeholder={settings.has_stripe_webhook ? '••••••••' : 'whsec_…'}
          />
        </SettingsCard>

        <SettingsCard icon={Wallet} title={t('payments.paypal.title')} aside={<Configured configured={settings.has_paypal} />}>
          <FormField label={t('payments.paypal.mode')} hint={t('payments.paypal.modeHint')} error={form.errors.paypal_mode}>
            {(control) => (
              <NativeSelect
                {...control}
                name="paypal_mode"
                value={draft.paypal_mode}
                onChange={(event) => set('paypal_mode')(event.target.value === 'live' ? 'live' : 'sandbox')}
              >
                <option value="sandbox">{t('payments.paypal.sandbox')}</option>
                <option value="live">{t('payments.paypal.live')}</option>
              </NativeSelect>
            )}
          </FormField>
          <FormField
            label={t('payments.paypal.clientId')}
            error={form.errors.paypal_client_id}
            hint={settings.paypal_client_id ? keepCurrent : undefined}
            labelAside={settings.paypal_client_id ? <ConfiguredMark /> : null}
          >
            {(control) => (
              <Input
                {...control}
                name="paypal_client_id"
                autoComplete="off"
                spellCheck={false}
                className="font-mono"
                value={draft.paypal_client_id}
                onChange={(event) => set('paypal_client_id')(event.target.value)}
                placeholder={settings.paypal_client_id || 'AZ…'}
                maxLength={300}
              />
            )}
          </FormField>
          <SecretField
            label={t('payments.paypal.secret')}
            {...field('paypal_secret')}
            hint={unreadable.has('paypal_secret') ? enterAgain : settings.paypal_secret_masked ? keepCurrent : undefined}
            configured={Boolean(settings.paypal_secret_masked)}
            placeholder={settings.paypal_secret_masked || 'EL…'}
          />
        </SettingsCard>
      </div>
      <div className="flex justify-end">
        <SubmitButton pending={update.isPending} pendingLabel={t('shared.saving')}>
          {t('shared.save')}
        </SubmitButton>
      </div>
    </form>
  );
}

/** A stored secret: never shown, its placeholder masked; marked when one is configured. */
function SecretField({
  label,
  hint,
  configured,
  error,
  ...input
}: Omit<ComponentProps<typeof SecretInput>, 'id'> & { label: string; hint: string | undefined; configured: boolean; error: string | undefined }) {
  return (
    <FormField label={label} error={error} hint={hint} labelAside={configured ? <ConfiguredMark /> : null}>
      {(control) => <SecretInput {...control} {...input} autoComplete="off" maxLength={300} />}
    </FormField>
  );
}

function ConfiguredMark() {
  const { t } = useAdminTranslation();
  return (
    <span className="flex items-center gap-1 text-xs font-medium text-emerald-700">
      <CircleCheck aria-hidden="true" className="size-3.5" />
      {t('payments.configured')}
    </span>
  );
}
