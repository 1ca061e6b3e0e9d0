import { FormField, type FormFieldProps } from '@/components/form-field';

/** An e-mail address field (named `email` unless told otherwise), required, filled by the browser's address. */
export function EmailField(props: FormFieldProps) {
  return <FormField name="email" type="email" autoComplete="email" required {...props} />;
}

/**
 * A password field, required: the account's current password, or a new one (`fresh`: the browser offers to
 * generate and save it).
 */
export function PasswordField({ fresh = false, ...props }: FormFieldProps & { fresh?: boolean }) {
  return <FormField type="password" autoComplete={fresh ? 'new-password' : 'current-password'} required {...props} />;
}
