import type { CancellationPolicy } from '@roomweek/contract';
import { CalendarX2 } from 'lucide-react';
import { useState } from 'react';
import { SubmitButton } from '@/components/submit-button';
import { AdminPage } from '@/features/admin-shell/components/admin-page';
import { PolicyTermsFields } from '@/features/admin-shell/components/cancellation-policy-fields';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { formatPercent } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useCancellationPolicy, useUpdateCancellationPolicy } from '../api/cancellation-policy';
import { OnSiteApprovalSetting } from '../components/on-site-approval-setting';
import { PaymentTermsSettings } from '../components/payment-terms-settings';
import { SettingsFormLayout } from '../components/settings-form-layout';
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
      <PaymentTermsSettings />
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
  const form = useMutationForm({
    schema: cancellationPolicyForm,
    messages: cancellationPolicyMessages,
    t,
    values: () => draft,
    mutation: save,
    variables: (body) => body,
    onSaved: (saved) => {
      setDraft(draftOf(saved));
      toast.success(t('cancellationPolicy.toasts.updated'));
    },
    failedKey: 'cancellationPolicy.toasts.updateFailed',
  });
  const shown = save.data ?? policy;

  return (
    <SettingsFormLayout
      icon={CalendarX2}
      iconClassName="text-brand-700"
      title={t('cancellationPolicy.formTitle')}
      aboutTitle={t('cancellationPolicy.aboutTitle')}
      form={
        <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4" aria-busy={save.isPending}>
          <PolicyTermsFields
            values={draft}
            onChange={(name, value) => setDraft((current) => ({ ...current, [name]: value }))}
            errors={form.errors}
          />
          <SubmitButton pending={save.isPending} pendingLabel={t('shared.saving')} className="self-end">
            {t('shared.save')}
          </SubmitButton>
        </form>
      }
    >
      <p data-testid="policy-summary">
        {t('cancellationPolicy.summary', {
          count: shown.free_until_days,
          percent: formatPercent(shown.late_refund_percent, i18n.language),
        })}
      </p>
      <p>{t('cancellationPolicy.keepTerms')}</p>
      <p className="text-stone-500">{t('cancellationPolicy.properties')}</p>
    </SettingsFormLayout>
  );
}
