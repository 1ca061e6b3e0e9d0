import { ApiError } from '@/lib/api-client';
import type { TFunction } from '@/lib/i18n';
import type { FieldErrors } from '../lib/validation';

/** Field → message shown under it. */
export type FieldMessages<F extends string> = Partial<Record<F, string>>;

/** The validation keys of a form, translated (admin namespace, `validation.*`). */
export function translateErrors<F extends string>(t: TFunction, errors: FieldErrors<F>): FieldMessages<F> {
  const messages: FieldMessages<F> = {};
  for (const [field, key] of Object.entries(errors) as [F, string | undefined][]) {
    if (key) messages[field] = t(`validation.${key}`);
  }
  return messages;
}

/** A 400 or 409 that names one of the form's fields puts its message under that field too. */
export function serverFieldError<F extends string>(
  error: unknown,
  fields: readonly F[],
  message: string,
): FieldMessages<F> | null {
  if (error instanceof ApiError && error.field && (fields as readonly string[]).includes(error.field)) {
    return { [error.field]: message } as FieldMessages<F>;
  }
  return null;
}

/** After a failed submit, focus lands on the first field in error, once React has marked it aria-invalid. */
export function focusFirstInvalid(form: HTMLFormElement) {
  requestAnimationFrame(() => {
    form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
