import { describe, expect, it } from 'vitest';
import { toCalendarDate } from '@/lib/calendar-date';
import { validateForm } from '@/lib/use-zod-form';
import {
  loginForm,
  loginMessages,
  recoverEmailForm,
  recoverEmailMessages,
  registerForm,
  registerMessages,
  resetPasswordForm,
  resetPasswordMessages,
} from './auth-forms';

const registration = { name: ' Martin ', first_name: 'Léa', birth_date: '1985-11-23', birth_place: 'Gand' };
const contact = { phone: '+32 470 12 34 56', email: 'lea@example.com', password: 'secret' };

describe('account forms (docs/behaviour.md §5)', () => {
  it('signs in with both fields filled and a valid e-mail', () => {
    expect(validateForm(loginForm, { email: '', password: '' }, loginMessages)).toEqual({
      ok: false,
      errors: { email: 'auth.validation.required', password: 'auth.validation.required' },
    });
    expect(validateForm(loginForm, { email: 'marie@', password: 'x' }, loginMessages)).toEqual({
      ok: false,
      errors: { email: 'auth.validation.email' },
    });
  });

  it('registers with trimmed fields, a phone number, a past date of birth and 6+ password characters', () => {
    expect(validateForm(registerForm, { ...registration, ...contact }, registerMessages)).toEqual({
      ok: true,
      value: { ...registration, ...contact, name: 'Martin' },
    });
    expect(
      validateForm(
        registerForm,
        { ...registration, ...contact, phone: 'call me', password: '', birth_date: toCalendarDate(new Date()) },
        registerMessages,
      ),
    ).toEqual({
      ok: false,
      errors: {
        phone: 'auth.validation.phone',
        password: 'auth.validation.passwordLength',
        birth_date: 'auth.validation.birthDate',
      },
    });
  });

  it('resets with a confirmed password of 6+ characters', () => {
    expect(validateForm(resetPasswordForm, { password: 'abcdef', confirm: 'abcdef' }, resetPasswordMessages)).toEqual({
      ok: true,
      value: { password: 'abcdef' },
    });
    expect(validateForm(resetPasswordForm, { password: '12345', confirm: '' }, resetPasswordMessages)).toEqual({
      ok: false,
      errors: { password: 'auth.validation.passwordLength', confirm: 'auth.validation.passwordMismatch' },
    });
  });

  it('recovers an e-mail from 3 characters', () => {
    expect(validateForm(recoverEmailForm, { hint: ' ma ' }, recoverEmailMessages)).toEqual({
      ok: false,
      errors: { hint: 'auth.validation.hintLength' },
    });
    expect(validateForm(recoverEmailForm, { hint: 'x'.repeat(101) }, recoverEmailMessages)).toEqual({
      ok: false,
      errors: { hint: 'errors.validation_error' },
    });
  });
});
