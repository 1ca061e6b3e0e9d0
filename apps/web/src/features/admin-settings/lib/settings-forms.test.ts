import { describe, expect, it } from 'vitest';
import { validateForm } from '@/lib/use-zod-form';
import {
  cancellationPolicyForm,
  cancellationPolicyMessages,
  passwordChangeForm,
  passwordChangeMessages,
  paymentSettingsForm,
  paymentSettingsMessages,
  profileForm,
  profileMessages,
  whatsappForm,
  whatsappMessages,
} from './settings-forms';

const validateProfile = (draft: { name: string; email: string; current_password?: string; current_email?: string }) =>
  validateForm(profileForm, draft, profileMessages);
const validatePasswordChange = (draft: { current_password: string; new_password: string; confirm_password: string }) =>
  validateForm(passwordChangeForm, draft, passwordChangeMessages);
const validateWhatsappNumber = (whatsapp_number: string) =>
  validateForm(whatsappForm, { whatsapp_number }, whatsappMessages);

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
});
