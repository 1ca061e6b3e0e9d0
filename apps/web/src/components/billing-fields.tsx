import { billingProblems, trimmedBilling, type BillingDetails, type BillingDetailsInput, type BillingProblem } from '@roomweek/contract';
import { FormField } from '@/components/form-field';
import { Textarea } from '@/components/ui/textarea';
import { useTranslation, type TFunction } from '@/lib/i18n';

/** The four billing fields as typed (issue 29, docs/behaviour.md §19). */
export type BillingDraft = Required<{ [K in keyof BillingDetailsInput]: string }>;
export const EMPTY_BILLING: BillingDraft = { name: '', company: '', address: '', vat_number: '' };
const FIELDS = ['name', 'company', 'address', 'vat_number'] as const;

export const billingDraftOf = (billing: BillingDetails | null): BillingDraft => (billing ? { ...billing } : { ...EMPTY_BILLING });

const problemText = (t: TFunction, problem: BillingProblem) =>
  problem.kind === 'nameOrCompany'
    ? t('billing.nameOrCompany')
    : problem.kind === 'tooLong'
      ? t('billing.tooLong', { max: problem.max })
      : problem.kind === 'vatInvalid'
        ? t('billing.vatInvalid')
        : t('billing.oneLine');

/**
 * The details checked as the server checks them (the contract's zod-free billing rules: the room page loads no zod,
 * decision 0026): the trimmed value, or each field's message.
 */
export function checkBilling(t: TFunction, draft: BillingDraft): { billing: BillingDetails; errors?: undefined } | { billing?: undefined; errors: Partial<Record<keyof BillingDraft, string>> } {
  const problems = Object.entries(billingProblems(draft)) as [keyof BillingDraft, BillingProblem][];
  if (problems.length === 0) return { billing: trimmedBilling(draft) };
  return { errors: Object.fromEntries(problems.map(([field, problem]) => [field, problemText(t, problem)])) };
}

/** Name, company, address, VAT number: controlled fields with their messages. */
export function BillingFields({ draft, errors = {}, onChange, idPrefix }: { draft: BillingDraft; errors?: Partial<Record<keyof BillingDraft, string>>; onChange: (draft: BillingDraft) => void; idPrefix: string }) {
  const { t } = useTranslation('invoices');
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {FIELDS.map((field) =>
        field === 'address' ? (
          <FormField key={field} id={`${idPrefix}-${field}`} label={t(`billing.${field}`)} error={errors[field]} className="sm:col-span-2">
            {(control) => <Textarea {...control} rows={3} maxLength={500} value={draft.address} onChange={(event) => onChange({ ...draft, address: event.target.value })} />}
          </FormField>
        ) : (
          <FormField
            key={field}
            id={`${idPrefix}-${field}`}
            label={t(`billing.${field}`)}
            error={errors[field]}
            maxLength={field === 'vat_number' ? 30 : 200}
            value={draft[field]}
            onChange={(event) => onChange({ ...draft, [field]: event.target.value })}
          />
        ),
      )}
    </div>
  );
}

/** What the booking form holds: whether the guest asked for other billing details, and what they typed. */
export interface BillingChoice {
  open: boolean;
  draft: BillingDraft;
}
export const NO_BILLING: BillingChoice = { open: false, draft: EMPTY_BILLING };

/**
 * The booking form's "invoice to a company or another name": closed, the invoices name the account; open, the fields,
 * their messages shown once the guest tried to book (`showErrors`).
 */
export function BillingOption({ choice, onChange, showErrors }: { choice: BillingChoice; onChange: (choice: BillingChoice) => void; showErrors: boolean }) {
  const { t } = useTranslation('invoices');
  const errors = choice.open && showErrors ? (checkBilling(t, choice.draft).errors ?? {}) : {};
  return (
    <div className="flex flex-col gap-3 text-sm">
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={choice.open} onChange={(event) => onChange({ ...choice, open: event.target.checked })} />
        {t('billing.toggle')}
      </label>
      {choice.open ? (
        <>
          <p className="text-stone-600">{t('billing.hint')}</p>
          <BillingFields idPrefix="booking-billing" draft={choice.draft} errors={errors} onChange={(draft) => onChange({ ...choice, draft })} />
        </>
      ) : null}
    </div>
  );
}
