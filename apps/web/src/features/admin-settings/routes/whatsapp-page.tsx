import { CircleCheck, FileText, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import type { WhatsappSettings } from '@roomweek/contract';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { AdminPage } from '@/features/admin-shell/components/admin-page';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { useUpdateWhatsappSettings, useWhatsappSettings } from '../api/settings';
import { SettingsQuery } from '../components/settings-query';
import { whatsappForm, whatsappMessages } from '../lib/settings-forms';

/** docs/behaviour.md §2 messaging-number settings: one tel field, required, with its country code. */
export default function WhatsappPage() {
  const { t } = useAdminTranslation();
  const settings = useWhatsappSettings();
  return (
    <AdminPage title={t('whatsapp.title')} description={t('whatsapp.subtitle')}>
      <SettingsQuery query={settings} loadFailedKey="whatsapp.loadFailed">
        {(data) => <WhatsappForm settings={data} />}
      </SettingsQuery>
    </AdminPage>
  );
}

function WhatsappForm({ settings }: { settings: WhatsappSettings }) {
  const { t } = useAdminTranslation();
  const save = useUpdateWhatsappSettings();
  const [number, setNumber] = useState(settings.whatsapp_number);
  const form = useZodForm({
    schema: whatsappForm,
    messages: whatsappMessages,
    t,
    values: () => ({ whatsapp_number: number }),
    onValid: ({ whatsapp_number }) =>
      save.mutate(whatsapp_number, {
        onSuccess: (saved) => {
          setNumber(saved.whatsapp_number);
          toast.success(t('whatsapp.toasts.updated'));
        },
        onError: (error) => {
          const text = errorMessage(t, error, 'whatsapp.toasts.updateFailed');
          form.showServerError(error, text);
          toast.error(text);
        },
      }),
  });

  const delivery = save.data?.delivery ?? settings.delivery;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-5">
      <Card className="flex flex-col gap-5 p-6 lg:col-span-3">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <MessageCircle aria-hidden="true" className="size-5 text-emerald-600" />
          {t('whatsapp.formTitle')}
        </h2>
        <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4" aria-busy={save.isPending}>
          <FormField
            label={t('whatsapp.number')}
            name="whatsapp_number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={number}
            onChange={(event) => setNumber(event.target.value)}
            required
            maxLength={30}
            placeholder="+32 470 12 34 56"
            hint={t('whatsapp.numberHint')}
            error={form.errors.whatsapp_number}
          />
          <Button type="submit" disabled={save.isPending} className="self-end">
            {save.isPending ? <Spinner className="text-white [&_svg]:size-4" label={t('shared.saving')} /> : null}
            {t('shared.save')}
          </Button>
        </form>
      </Card>
      <Card className="flex flex-col gap-3 p-6 text-sm text-stone-700 lg:col-span-2">
        <h2 className="text-base font-semibold text-stone-900">{t('whatsapp.aboutTitle')}</h2>
        <p>{t('whatsapp.about')}</p>
        <p
          className="flex items-start gap-2 rounded-xl border border-stone-200 bg-stone-50 p-3"
          data-testid="whatsapp-delivery"
        >
          {delivery === 'cloud_api' ? (
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
          ) : (
            <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
          )}
          <span>{delivery === 'cloud_api' ? t('whatsapp.delivery.cloud_api') : t('whatsapp.delivery.log')}</span>
        </p>
        <p className="text-stone-500">{t('whatsapp.contactNote')}</p>
      </Card>
    </div>
  );
}
