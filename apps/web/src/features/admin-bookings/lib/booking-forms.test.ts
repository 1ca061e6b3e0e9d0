import { describe, expect, it } from 'vitest';
import { validateForm } from '@/lib/use-zod-form';
import { adminCancelForm, adminCancelMessages, refundForm, refundMessages } from './booking-forms';

describe('refunds (docs/behaviour.md §10)', () => {
  const validateRefund = (amount: string, reason = '', refundableCents = 10_000) =>
    validateForm(refundForm(refundableCents), { amount, reason }, refundMessages);
  const validateCancel = (values: { refund_amount?: string; reason: string }, refundableCents = 10_000) =>
    validateForm(adminCancelForm(refundableCents), values, adminCancelMessages);

  it('refunds more than 0, at most what is still refundable, with a comma or a dot; an empty reason is not sent', () => {
    expect(validateRefund('25,50', ' goodwill ')).toEqual({ ok: true, value: { amount: 25.5, reason: 'goodwill' } });
    expect(validateRefund('100')).toEqual({ ok: true, value: { amount: 100 } });
    expect(validateRefund('100.01')).toEqual({ ok: false, errors: { amount: 'validation.refundTooLarge' } });
    for (const amount of ['0', '-3', '1.234', 'all']) {
      expect(validateRefund(amount)).toEqual({ ok: false, errors: { amount: 'validation.refundAmount' } });
    }
    expect(validateRefund('')).toEqual({ ok: false, errors: { amount: 'validation.required' } });
    expect(validateRefund('10', 'x'.repeat(501))).toEqual({ ok: false, errors: { reason: 'validation.reasonLength' } });
  });

  it("cancels with 0 up to what is refundable, or without an amount when nothing is", () => {
    expect(validateCancel({ refund_amount: '0', reason: '' })).toEqual({ ok: true, value: { refund_amount: 0 } });
    expect(validateCancel({ refund_amount: '40', reason: 'Travaux' })).toEqual({ ok: true, value: { refund_amount: 40, reason: 'Travaux' } });
    expect(validateCancel({ refund_amount: '100.5', reason: '' })).toEqual({ ok: false, errors: { refund_amount: 'validation.refundTooLarge' } });
    expect(validateCancel({ refund_amount: '-1', reason: '' })).toEqual({ ok: false, errors: { refund_amount: 'validation.refundAmountZero' } });
    expect(validateCancel({ reason: '' }, 0)).toEqual({ ok: true, value: {} });
  });
});
