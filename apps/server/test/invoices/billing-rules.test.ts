import { describe, expect, it } from 'vitest';
import { BillingDetails, billingProblems, trimmedBilling } from '@roomweek/contract';

/** The web's zod-free billing check (billing-rules.ts) says what the server's schema says, field by field. */
const base = { name: 'Léa Martin', company: '', address: 'Rua Augusta 10\n1100-053 Lisboa', vat_number: 'PT 501234567' };
const drafts: Array<[string, typeof base]> = [
  ['valid', base],
  ['a company alone', { ...base, name: '', company: 'Atelier Lda' }],
  ['neither name nor company', { ...base, name: '  ', company: '' }],
  ['a name over 200', { ...base, name: 'x'.repeat(201) }],
  ['a name of 200 after trimming', { ...base, name: ` ${'x'.repeat(200)} ` }],
  ['a line break in the name', { ...base, name: 'Léa\nMartin' }],
  ['a tab in the company', { ...base, company: 'A\tB' }],
  ['an address over 500', { ...base, address: 'a'.repeat(501) }],
  ['a control character in the address', { ...base, address: 'Rua\u0007' }],
  ['a VAT number with a slash', { ...base, vat_number: 'PT/50' }],
  ['a VAT number over 30', { ...base, vat_number: '1'.repeat(31) }],
];

describe('billing rules without zod', () => {
  it.each(drafts)('%s: the same verdict and field as the schema', (_name, draft) => {
    const parsed = BillingDetails.safeParse(draft);
    const problems = billingProblems(draft);
    expect(Object.keys(problems).length === 0).toBe(parsed.success);
    if (parsed.success) expect(trimmedBilling(draft)).toEqual(parsed.data);
    else expect(Object.keys(problems)).toEqual([...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))]);
  });
});
