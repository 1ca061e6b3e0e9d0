import { EARLIEST_BIRTH_DATE } from '@roomweek/contract';
import type { TFunction } from '@/lib/i18n';

/** Field name → translated error message. */
export type FieldErrors = Partial<Record<string, string>>;

export const PASSWORD_MIN_LENGTH = 6;
export const RECOVER_HINT_MIN_LENGTH = 3;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Same rule as the contract's RegisterBody.phone. */
const PHONE = /^\+?[0-9 ().-]{6,30}$/;

export const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

/** SPEC §5 rules, with the spec's messages (translated). */
export const rules = {
  required: (t: TFunction, value: string) => (value ? undefined : t('auth.validation.required')),
  email: (t: TFunction, value: string) =>
    !value ? t('auth.validation.required') : EMAIL.test(value) ? undefined : t('auth.validation.email'),
  password: (t: TFunction, value: string) =>
    value.length >= PASSWORD_MIN_LENGTH ? undefined : t('auth.validation.passwordLength'),
  phone: (t: TFunction, value: string) =>
    !value ? t('auth.validation.required') : PHONE.test(value) ? undefined : t('auth.validation.phone'),
  birthDate: (t: TFunction, value: string, today: string) =>
    !value ? t('auth.validation.required') : value >= EARLIEST_BIRTH_DATE && value < today ? undefined : t('auth.validation.birthDate'),
};

/** Drops the fields without error; returns null when the form is valid. */
export function collectErrors(errors: FieldErrors): FieldErrors | null {
  const found = Object.fromEntries(Object.entries(errors).filter(([, message]) => message));
  return Object.keys(found).length > 0 ? found : null;
}

/** Moves focus to the first field in error, so keyboard and screen-reader users land on it. */
export function focusFirstError(form: HTMLFormElement, errors: FieldErrors) {
  const first = Array.from(form.elements).find(
    (element): element is HTMLInputElement => element instanceof HTMLInputElement && element.name in errors,
  );
  first?.focus();
}
