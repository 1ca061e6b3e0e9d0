/**
 * The rules of billing details (issue 29, docs/behaviour.md §19) without zod: billing.ts's schema checks them on the
 * server, and the room page and my bookings check a draft with `billingProblems` before sending — the room page
 * loads no zod (decision 0026).
 */

/** Letters, digits, spaces, dots and dashes: a VAT number as the business's (business.ts). */
export const VAT_NUMBER = /^[A-Za-z0-9 .-]*$/;
/** No control character in a one-line field (a line break is allowed in the address only). */
export const ONE_LINE = /^[^\p{Cc}]*$/u;
export const MULTI_LINE = /^[^\p{Cc}]*(?:\n[^\p{Cc}]*)*$/u;

/** The longest each field may be, once trimmed. */
export const BILLING_MAX = { name: 200, company: 200, address: 500, vat_number: 30 } as const;

export type BillingField = keyof typeof BILLING_MAX;
export const BILLING_FIELDS = Object.keys(BILLING_MAX) as BillingField[];

/** What is wrong with a field: empty name and company, too long, a control character, a VAT number's character. */
export type BillingProblem = { kind: 'nameOrCompany' } | { kind: 'tooLong'; max: number } | { kind: 'oneLine' } | { kind: 'vatInvalid' };

/** Each field's first problem (none: the draft is what the server takes), on the trimmed texts. */
export function billingProblems(draft: Record<BillingField, string>): Partial<Record<BillingField, BillingProblem>> {
  const problems: Partial<Record<BillingField, BillingProblem>> = {};
  for (const field of BILLING_FIELDS) {
    const value = draft[field].trim();
    if (value.length > BILLING_MAX[field]) problems[field] = { kind: 'tooLong', max: BILLING_MAX[field] };
    else if (!(field === 'address' ? MULTI_LINE : ONE_LINE).test(value)) problems[field] = { kind: 'oneLine' };
    else if (field === 'vat_number' && !VAT_NUMBER.test(value)) problems[field] = { kind: 'vatInvalid' };
  }
  if (!problems.name && draft.name.trim() === '' && draft.company.trim() === '') problems.name = { kind: 'nameOrCompany' };
  return problems;
}

/** The draft as sent: each field trimmed. */
export const trimmedBilling = (draft: Record<BillingField, string>): Record<BillingField, string> =>
  Object.fromEntries(BILLING_FIELDS.map((field) => [field, draft[field].trim()])) as Record<BillingField, string>;
