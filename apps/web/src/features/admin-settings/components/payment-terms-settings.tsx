import type { PaymentTerms } from '@roomweek/contract';
import { Wallet } from 'lucide-react';
import { useState } from 'react';
import { SubmitButton } from '@/components/submit-button';
import { PaymentTermsFields, paymentTermsDraftOf } from '@/features/admin-shell/components/payment-terms-fields';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { formatPercent } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useMutationForm } from '@/lib/use-mutation-form';
import { usePaymentTerms, useUpdatePaymentTerms } from '../api/payment-terms';
import { paymentTermsForm, paymentTermsMessages } from '../lib/settings-forms';
import { SettingsFormLayout } from './settings-form-layout';
import { SettingsQuery } from './settings-query';

/** Issue 28: the site's payment terms, a deposit at booking and the balance before arrival, beside the cancellation terms. */
export function PaymentTermsSettings() {
  const terms = usePaymentTerms();
  return (
    <SettingsQuery query={terms} loadFailedKey="paymentTerms.loadFailed">
      {(data) => <PaymentTermsForm terms={data} />}
    </SettingsQuery>
  );
}

function PaymentTermsForm({ terms }: { terms: PaymentTerms }) {
  const { t, i18n } = useAdminTranslation();
  const save = useUpdatePaymentTerms();
  const [draft, setDraft] = useState(() => paymentTermsDraftOf(terms));
  const form = useMutationForm({
    schema: paymentTermsForm,
    messages: paymentTermsMessages,
    t,
    values: () => ({ ...draft }),
    mutation: save,
    variables: (body) => body,
    onSaved: (saved) => {
      setDraft(paymentTermsDraftOf(saved));
      toast.success(t('paymentTerms.toasts.updated'));
    },
    failedKey: 'paymentTerms.toasts.updateFailed',
  });
  const shown = save.data ?? terms;

  return (
    <SettingsFormLayout
      icon={Wallet}
      iconClassName="text-emerald-700"
      title={t('paymentTerms.formTitle')}
      aboutTitle={t('paymentTerms.aboutTitle')}
      form={
        <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4" aria-busy={save.isPending} aria-label={t('paymentTerms.formTitle')}>
          <PaymentTermsFields values={draft} onChange={(name, value) => setDraft((current) => ({ ...current, [name]: value }))} errors={form.errors} />
          <SubmitButton pending={save.isPending} pendingLabel={t('shared.saving')} className="self-end">
            {t('shared.save')}
          </SubmitButton>
        </form>
      }
    >
      <p data-testid="payment-terms-summary">
        {shown.deposit_percent === 0
          ? t('paymentTerms.summaryNone')
          : t('paymentTerms.summary', {
              percent: formatPercent(shown.deposit_percent, i18n.language),
              count: shown.balance_due_days,
            })}
      </p>
      <p>{t('paymentTerms.keepTerms')}</p>
      <p className="text-stone-500">{t('paymentTerms.properties')}</p>
    </SettingsFormLayout>
  );
}
