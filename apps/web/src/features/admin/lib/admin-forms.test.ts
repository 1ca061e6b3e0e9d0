import { describe, expect, it } from 'vitest';
import { validateForm } from '@/lib/use-zod-form';
import {
  adminCancelForm,
  adminCancelMessages,
  cancellationPolicyForm,
  cancellationPolicyMessages,
  passwordChangeForm,
  passwordChangeMessages,
  paymentSettingsForm,
  paymentSettingsMessages,
  profileForm,
  profileMessages,
  propertyForm,
  propertyMessages,
  refundForm,
  refundMessages,
  roomForm,
  roomMessages,
  whatsappForm,
  whatsappMessages,
} from './admin-forms';

const validateProperty = (draft: typeof property) => validateForm(propertyForm, draft, propertyMessages);
const validateRoom = (draft: typeof room) => validateForm(roomForm, draft, roomMessages);
const validateProfile = (draft: { name: string; email: string; current_password?: string; current_email?: string }) =>
  validateForm(profileForm, draft, profileMessages);
const validatePasswordChange = (draft: { current_password: string; new_password: string; confirm_password: string }) =>
  validateForm(passwordChangeForm, draft, passwordChangeMessages);
const validateWhatsappNumber = (whatsapp_number: string) =>
  validateForm(whatsappForm, { whatsapp_number }, whatsappMessages);

const property = {
  name: ' Maison ',
  location: 'Bruxelles',
  description: 'Lumineuse',
  room_count: '3',
  latitude: '',
  longitude: '',
  photos: ['/uploads/a.webp'],
};
const PROPERTY_ID = 'aaaaaaaa-0000-4000-8000-000000000001';
const room = { property_id: PROPERTY_ID, room_number: ' 101 ', price_per_week: '350.5', amenities: ['Wi-Fi'], photos: [] };

describe('property form (docs/behaviour.md §5)', () => {
  it('sends trimmed fields, the room count as a number and no coordinates when both are empty', () => {
    expect(validateProperty(property)).toEqual({
      ok: true,
      value: {
        name: 'Maison',
        location: 'Bruxelles',
        description: 'Lumineuse',
        room_count: 3,
        photos: ['/uploads/a.webp'],
        latitude: null,
        longitude: null,
        cancellation_policy: null,
      },
    });
  });

  it('requires name, location, description and a whole room count of at least 1', () => {
    expect(validateProperty({ ...property, name: ' ', location: '', description: '', room_count: '' })).toEqual({
      ok: false,
      errors: {
        name: 'validation.required',
        location: 'validation.required',
        description: 'validation.required',
        room_count: 'validation.required',
      },
    });
    for (const room_count of ['0', '-1', '1.5', 'abc', '1001']) {
      expect(validateProperty({ ...property, room_count })).toMatchObject({
        ok: false,
        errors: { room_count: 'validation.integerMin1' },
      });
    }
  });

  it('accepts coordinates with a dot or a comma, in range, and only as a pair', () => {
    expect(validateProperty({ ...property, latitude: '50,85', longitude: '4.35' })).toMatchObject({
      ok: true,
      value: { latitude: 50.85, longitude: 4.35 },
    });
    expect(validateProperty({ ...property, latitude: '91', longitude: '0' })).toMatchObject({
      errors: { latitude: 'validation.latitude' },
    });
    expect(validateProperty({ ...property, latitude: '0', longitude: '-181' })).toMatchObject({
      errors: { longitude: 'validation.longitude' },
    });
    expect(validateProperty({ ...property, latitude: '50.8', longitude: '' })).toMatchObject({
      errors: { longitude: 'validation.coordinatesPair' },
    });
    expect(validateProperty({ ...property, latitude: 'north', longitude: '4' })).toMatchObject({
      errors: { latitude: 'validation.latitude' },
    });
  });
});

describe('room form (docs/behaviour.md §5)', () => {
  it('sends the price as a number and the trimmed room number', () => {
    expect(validateRoom(room)).toEqual({
      ok: true,
      value: { property_id: PROPERTY_ID, room_number: '101', price_per_week: 350.5, amenities: ['Wi-Fi'], photos: [] },
    });
    expect(validateRoom({ ...room, price_per_week: '0' })).toMatchObject({ ok: true, value: { price_per_week: 0 } });
    expect(validateRoom({ ...room, price_per_week: '12,99' })).toMatchObject({ ok: true, value: { price_per_week: 12.99 } });
  });

  it('requires property, number and price; the price is ≥ 0 with at most 2 decimals', () => {
    expect(validateRoom({ ...room, property_id: '', room_number: '', price_per_week: '' })).toEqual({
      ok: false,
      errors: { property_id: 'validation.required', room_number: 'validation.required', price_per_week: 'validation.required' },
    });
    for (const price_per_week of ['-1', '1.999', 'abc']) {
      expect(validateRoom({ ...room, price_per_week })).toMatchObject({ errors: { price_per_week: 'validation.priceFormat' } });
    }
  });
});

describe('account forms (docs/behaviour.md §5)', () => {
  it('requires a name and a valid e-mail', () => {
    expect(validateProfile({ name: ' Ana ', email: ' ana@example.com ' })).toEqual({
      ok: true,
      value: { name: 'Ana', email: 'ana@example.com' },
    });
    expect(validateProfile({ name: '', email: 'ana@' })).toEqual({
      ok: false,
      errors: { name: 'validation.required', email: 'validation.email' },
    });
  });

  it('asks for the current password when the e-mail changes, and sends it only then', () => {
    const current_email = 'Ana@example.com';
    expect(validateProfile({ name: 'Ana', email: 'ana@example.com', current_password: '', current_email })).toEqual({
      ok: true,
      value: { name: 'Ana', email: 'ana@example.com', current_password: undefined },
    });
    expect(validateProfile({ name: 'Ana', email: 'new@example.com', current_password: '', current_email })).toEqual({
      ok: false,
      errors: { current_password: 'validation.required' },
    });
    expect(validateProfile({ name: 'Ana', email: 'new@example.com', current_password: 'secret1', current_email })).toEqual({
      ok: true,
      value: { name: 'Ana', email: 'new@example.com', current_password: 'secret1' },
    });
  });

  it('needs the current password, a new one of 6+ characters and a matching confirmation', () => {
    expect(validatePasswordChange({ current_password: 'old', new_password: 'secret1', confirm_password: 'secret1' })).toEqual({
      ok: true,
      value: { current_password: 'old', new_password: 'secret1' },
    });
    expect(validatePasswordChange({ current_password: '', new_password: '12345', confirm_password: '12345' })).toEqual({
      ok: false,
      errors: { current_password: 'validation.required', new_password: 'validation.passwordLength' },
    });
    expect(validatePasswordChange({ current_password: 'old', new_password: 'secret1', confirm_password: 'secret2' })).toEqual({
      ok: false,
      errors: { confirm_password: 'validation.passwordMismatch' },
    });
  });
});

describe('messaging number (docs/behaviour.md §5)', () => {
  it('is required and must carry its country code', () => {
    expect(validateWhatsappNumber(' +32 470 12-34-56 ')).toEqual({ ok: true, value: { whatsapp_number: '+32 470 12-34-56' } });
    expect(validateWhatsappNumber('32470123456')).toEqual({ ok: true, value: { whatsapp_number: '32470123456' } });
    expect(validateWhatsappNumber('')).toEqual({ ok: false, errors: { whatsapp_number: 'validation.required' } });
    // A 00 dialling prefix is the country code written the other way: saved with a + (the server does the same).
    expect(validateWhatsappNumber('0032470123456')).toEqual({ ok: true, value: { whatsapp_number: '+32470123456' } });
    for (const number of ['0470 12 34 56', '+32 47', '+32 470 12 34 56 78 90 12', 'call me']) {
      expect(validateWhatsappNumber(number)).toEqual({ ok: false, errors: { whatsapp_number: 'validation.whatsappNumber' } });
    }
  });
});

describe('payment settings update (docs/behaviour.md §5)', () => {
  it('sends only the filled fields, and always the wallet mode', () => {
    expect(
      validateForm(
        paymentSettingsForm,
        {
          stripe_api_key: ' sk_test_123 ',
          stripe_webhook_secret: '',
          paypal_client_id: '   ',
          paypal_secret: '',
          paypal_mode: 'live',
        },
        paymentSettingsMessages,
      ),
    ).toEqual({ ok: true, value: { stripe_api_key: 'sk_test_123', paypal_mode: 'live' } });
    expect(
      validateForm(
        paymentSettingsForm,
        { stripe_api_key: '', stripe_webhook_secret: '', paypal_client_id: '', paypal_secret: '', paypal_mode: 'sandbox' },
        paymentSettingsMessages,
      ),
    ).toEqual({ ok: true, value: { paypal_mode: 'sandbox' } });
  });
});

describe('cancellation terms (docs/behaviour.md §10)', () => {
  const validatePolicy = (free_until_days: string, late_refund_percent: string) =>
    validateForm(cancellationPolicyForm, { free_until_days, late_refund_percent }, cancellationPolicyMessages);

  it('sends whole days from 0 to 365 and a whole percent from 0 to 100', () => {
    expect(validatePolicy(' 14 ', '50')).toEqual({ ok: true, value: { free_until_days: 14, late_refund_percent: 50 } });
    expect(validatePolicy('0', '0')).toEqual({ ok: true, value: { free_until_days: 0, late_refund_percent: 0 } });
    expect(validatePolicy('365', '100')).toEqual({ ok: true, value: { free_until_days: 365, late_refund_percent: 100 } });
  });

  it('refuses empty, negative, decimal, too large or non-numeric values', () => {
    expect(validatePolicy('', '')).toEqual({
      ok: false,
      errors: { free_until_days: 'validation.required', late_refund_percent: 'validation.required' },
    });
    for (const [days, percent] of [['366', '101'], ['-1', '-5'], ['1.5', '12,5'], ['ten', '1e2']] as const) {
      expect(validatePolicy(days, percent)).toEqual({
        ok: false,
        errors: { free_until_days: 'validation.freeUntilDays', late_refund_percent: 'validation.lateRefundPercent' },
      });
    }
  });

  it("gives a property its own terms only when chosen, else the site's (null)", () => {
    expect(validateProperty({ ...property, cancellation_mode: 'own', free_until_days: '7', late_refund_percent: '30' } as typeof property)).toMatchObject({
      ok: true,
      value: { cancellation_policy: { free_until_days: 7, late_refund_percent: 30 } },
    });
    expect(validateProperty({ ...property, cancellation_mode: 'site', free_until_days: 'x', late_refund_percent: '' } as typeof property)).toMatchObject({
      ok: true,
      value: { cancellation_policy: null },
    });
    // Checked even while another field is refused.
    expect(
      validateProperty({ ...property, name: '', cancellation_mode: 'own', free_until_days: '400', late_refund_percent: '50' } as typeof property),
    ).toEqual({ ok: false, errors: { name: 'validation.required', free_until_days: 'validation.freeUntilDays' } });
  });
});

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
