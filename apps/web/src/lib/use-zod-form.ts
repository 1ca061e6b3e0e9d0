import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import type { TFunction } from '@/lib/i18n';

/** Field name → translated message shown under it. */
export type FieldErrors = Partial<Record<string, string>>;

type IssueCode = z.core.$ZodIssue['code'];

/**
 * The translation key of a refused field: one key for every refusal, or one per zod issue code, where `blank`
 * stands for an empty field (by default the form's `required` message).
 */
export type FieldMessage = string | Partial<Record<IssueCode | 'blank', string>>;

/** Translation keys of a form's messages. */
export interface FormMessages {
  /** An empty field the schema refuses. */
  required: string;
  /** Per field, what its refused value says; a field or issue not listed says {@link FALLBACK_MESSAGE}. */
  fields?: Partial<Record<string, FieldMessage>>;
}

/** What the server answers for the same refusal (`validation_error`), so a rule the form does not name reads the same. */
export const FALLBACK_MESSAGE = 'errors.validation_error';

/** A web-only rule (`.refine`) whose refusal shows `messageKey` under `field`, even when that field is empty. */
export const formRule = (field: string, messageKey: string) => ({ path: [field], params: { messageKey } });

/** The confirmation repeats the password, checked even while other fields are refused; it is not sent. */
export function withConfirmation<Shape extends z.ZodRawShape, Confirmation extends keyof Shape & string>(
  schema: z.ZodObject<Shape>,
  password: keyof Shape & string,
  confirmation: Confirmation,
  messageKey: string,
) {
  return schema
    .refine((values: Record<string, unknown>) => values[confirmation] === values[password], {
      ...formRule(confirmation, messageKey),
      when: () => true,
    })
    .transform(({ [confirmation]: _confirmation, ...body }) => body);
}

const isBlank = (value: unknown) => value === undefined || (typeof value === 'string' && value.trim() === '');

function messageKey(issue: z.core.$ZodIssue, value: unknown, messages: FormMessages): string {
  const ruleKey: unknown = issue.code === 'custom' ? issue.params?.messageKey : undefined;
  if (typeof ruleKey === 'string') return ruleKey;
  const field = messages.fields?.[String(issue.path[0])];
  if (isBlank(value)) return (typeof field === 'object' ? field.blank : undefined) ?? messages.required;
  if (typeof field === 'string') return field;
  return field?.[issue.code] ?? FALLBACK_MESSAGE;
}

export type FormCheck<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

/**
 * Checks a form's values with its schema: the parsed body, or per field the translation key of its first
 * refusal. Pure, so each form's rules are testable without rendering it.
 */
export function validateForm<S extends z.ZodType>(
  schema: S,
  values: Record<string, unknown>,
  messages: FormMessages,
): FormCheck<z.output<S>> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= messageKey(issue, values[field], messages);
  }
  return { ok: false, errors };
}

/** The text fields of a form, by name. */
function formValues(form: HTMLFormElement): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  new FormData(form).forEach((value, name) => {
    if (typeof value === 'string') values[name] = value;
  });
  return values;
}

/**
 * A form checked by a zod schema (the contract's, or one derived from it): on submit it reads the values,
 * shows each refused field's translated message, moves focus to the first one and otherwise hands the parsed
 * body to `onValid`.
 */
export function useZodForm<S extends z.ZodType>({
  schema,
  messages,
  t,
  values,
  onValid,
}: {
  schema: S;
  messages: FormMessages;
  t: TFunction;
  /** The values to check; by default the form's own fields. A controlled form passes its state. */
  values?: () => Record<string, unknown>;
  onValid: (body: z.output<S>) => void;
}) {
  const formRef = useRef<HTMLFormElement | null>(null);
  const focusPending = useRef(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  // Focus moves once React has marked the field aria-invalid and described it, so a screen reader says why.
  useEffect(() => {
    const form = formRef.current;
    if (!focusPending.current || !form) return;
    focusPending.current = false;
    const first = Array.from(form.elements).find((element): element is HTMLElement => {
      const name = element.getAttribute('name');
      return element instanceof HTMLElement && name !== null && errors[name] !== undefined;
    });
    first?.focus();
  }, [errors]);

  const showErrors = (found: FieldErrors) => {
    focusPending.current = true;
    setErrors(found);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    formRef.current = event.currentTarget;
    const checked = validateForm(schema, values ? values() : formValues(event.currentTarget), messages);
    if (!checked.ok) {
      showErrors(Object.fromEntries(Object.entries(checked.errors).map(([field, key]) => [field, t(key)])));
      return;
    }
    setErrors({});
    onValid(checked.value);
  };

  /**
   * A 400 or 409 that names one of the form's fields (or whose code belongs to one, `fieldOfCode`) puts its
   * message under that field too.
   */
  const showServerError = (error: unknown, message: string, fieldOfCode: Partial<Record<string, string>> = {}) => {
    if (!(error instanceof ApiError)) return;
    const field = fieldOfCode[error.code] ?? error.field;
    if (field && formRef.current?.elements.namedItem(field)) showErrors({ [field]: message });
  };

  return { errors, onSubmit, showServerError };
}
