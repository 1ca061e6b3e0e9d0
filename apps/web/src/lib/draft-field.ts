import type { ChangeEvent, Dispatch, SetStateAction } from 'react';
import type { FieldErrors } from '@/lib/use-zod-form';

/** The draft's fields that hold text. */
type TextKey<Draft> = { [K in keyof Draft]: Draft[K] extends string ? K : never }[keyof Draft] & string;

/**
 * The wiring of a controlled form's text field to its draft: `{...field('name')}` gives the control its name,
 * value, change handler and error.
 */
export function draftFields<Draft extends object>(
  draft: Draft,
  setDraft: Dispatch<SetStateAction<Draft>>,
  errors: FieldErrors,
) {
  return <Name extends TextKey<Draft>>(name: Name) => ({
    name,
    value: draft[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setDraft((current) => ({ ...current, [name]: event.target.value })),
    error: errors[name],
  });
}
