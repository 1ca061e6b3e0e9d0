import type { CancellationPolicy } from '@roomweek/contract';
import { CalendarX2 } from 'lucide-react';
import { useState } from 'react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { AdminPage } from '@/features/admin-shell/components/admin-page';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { errorMessage } from '@/lib/error-message';
import { formatPercent } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { useCancellationPolicy, useUpdateCancellationPolicy } from '../api/cancellation-policy';
import { OnSiteApprovalSetting } from '../components/on-site-approval-setting';
import { SettingsQuery } from '../components/settings-query';
import { cancellationPolicyForm, cancellationPolicyMessages } from '../lib/settings-forms';

/** docs/behaviour.md §10: the site's cancellation terms, shown before paying and applied on cancelling. */
export default function CancellationPolicyPage() {
  const { t } = useAdminTranslation();
  const policy = useCancellationPolicy();
  return (
    <AdminPage title={t('cancellationPolicy.title')} description={t('cancellationPolicy.subtitle')}>
      <SettingsQuery query={policy} loadFailedKey="cancellationPolicy.loadFailed">
        {(data) => <PolicyForm policy={data} />}
      </SettingsQuery>
      <OnSiteApprovalSetting />
    </AdminPage>
  );
}

const draftOf = (policy: CancellationPolicy) => ({
  free_until_days: String(policy.free_until_days),
  late_refund_percent: String(policy.late_refund_percent),
});

function PolicyForm({ policy }: { policy: CancellationPolicy }) {
  const { t, i18n } = useAdminTranslation();
  const save = useUpdateCancellationPolicy();
  const [draft, setDraft] = useState(() => draftOf(policy));
  const form = useZodForm({
    schema: cancellationPolicyForm,
    messages: cancellationPolicyMessages,
    t,
    values: () => draft,
    onValid: (body) =>
      save.mutate(body, {
        onSuccess: (saved) => {
          setDraft(draftOf(saved));
          toast.success(t('cancellationPolicy.toasts.updated'));
        },
        onError: (error) => {
          const text = errorMessage(t, error, 'cancellationPolicy.toasts.updateFailed');
          form.showServerError(error, text);
          toast.error(text);
        },
      }),
  });
  const shown = save.data ?? policy;

  return (
    <div className="grid items-start gap-6 lg:grid-cols-5">
      <Card className="flex flex-col gap-5 p-6 lg:col-span-3">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <CalendarX2 aria-hidden="true" className="size-5 text-brand-700" />
          {t('cancellationPolicy.formTitle')}
        </h2>
        <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4" aria-busy={save.isPending}>
          <FormField
            label={t('cancellationPolicy.freeUntilDays')}
            name="free_until_days"
            inputMode="numeric"
            value={draft.free_until_days}
            onChange={(event) => setDraft((current) => ({ ...current, free_until_days: event.target.value }))}
            required
            maxLength={3}
            hint={t('cancellationPolicy.freeUntilDaysHint')}
            error={form.errors.free_until_days}
          />
          <FormField
            label={t('cancellationPolicy.lateRefundPercent')}
            name="late_refund_percent"
            inputMode="numeric"
            value={draft.late_refund_percent}
            onChange={(event) => setDraft((current) => ({ ...current, late_refund_percent: event.target.value }))}
            required
            maxLength={3}
            hint={t('cancellationPolicy.lateRefundPercentHint')}
            error={form.errors.late_refund_percent}
          />
          <Button type="submit" disabled={save.isPending} className="self-end">
            {save.isPending ? <Spinner className="text-white [&_svg]:size-4" label={t('shared.saving')} /> : null}
            {t('shared.save')}
          </Button>
        </form>
      </Card>
      <Card className="flex flex-col gap-3 p-6 text-sm text-stone-700 lg:col-span-2">
        <h2 className="text-base font-semibold text-stone-900">{t('cancellationPolicy.aboutTitle')}</h2>
        <p data-testid="policy-summary">
          {t('cancellationPolicy.summary', {
            count: shown.free_until_days,
            percent: formatPercent(shown.late_refund_percent, i18n.language),
          })}
        </p>
        <p>{t('cancellationPolicy.keepTerms')}</p>
        <p className="text-stone-500">{t('cancellationPolicy.properties')}</p>
      </Card>
    </div>
  );
}
