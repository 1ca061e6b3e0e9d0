import { z } from 'zod';
import { BILLING_MAX, MULTI_LINE, ONE_LINE, VAT_NUMBER } from './billing-rules.ts';

const line = (max: number) => z.string().trim().max(max).regex(ONE_LINE, { message: 'One line of text' }).default('');

/**
 * Who the invoices of a booking are made out to when it is not the guest's account (issue 29): a person's name or a
 * company (at least one of them), a postal address, a VAT number. Given on POST /bookings or from my bookings until
 * the booking's first invoice (docs/behaviour.md §19).
 */
export const BillingDetails = z
  .object({
    name: line(BILLING_MAX.name),
    company: line(BILLING_MAX.company),
    address: z.string().trim().max(BILLING_MAX.address).regex(MULTI_LINE, { message: 'Text and line breaks only' }).default(''),
    vat_number: line(BILLING_MAX.vat_number).pipe(z.string().regex(VAT_NUMBER, { message: 'Letters, digits, spaces, dots and dashes only' })),
  })
  .refine((billing) => billing.name !== '' || billing.company !== '', { message: 'A name or a company', path: ['name'] });
export type BillingDetails = z.infer<typeof BillingDetails>;
export type BillingDetailsInput = z.input<typeof BillingDetails>;

/** PUT /bookings/{id}/billing: new details, or null to make the invoices out to the account again. */
export const BillingBody = z.object({ billing: BillingDetails.nullable() });
export type BillingBody = z.input<typeof BillingBody>;
