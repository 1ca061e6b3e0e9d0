import { ForgotPasswordBody, LoginBody, RecoverEmailBody, RegisterBody, ResetPasswordBody } from '@roomweek/contract';
import { z } from 'zod';
import { toCalendarDate } from '@/lib/calendar-date';
import { withConfirmation, type FormMessages } from '@/lib/use-zod-form';

/**
 * The account forms check the contract's bodies (docs/behaviour.md §5) and show the product's messages (`auth.validation.*`);
 * the few web-only rules are added here.
 */
const required = 'auth.validation.required';
const email = 'auth.validation.email';
/** An empty password is also "too short", as the spec words it. */
const passwordLength = { blank: 'auth.validation.passwordLength', too_small: 'auth.validation.passwordLength' };

export const loginForm = LoginBody;
export const loginMessages: FormMessages = { required, fields: { email } };

/** A date of birth is before today, as the date picker's `max` says. */
export const registerForm = RegisterBody.extend({
  birth_date: RegisterBody.shape.birth_date.refine((value) => value < toCalendarDate(new Date())),
});
export const registerMessages: FormMessages = {
  required,
  fields: {
    email,
    phone: 'auth.validation.phone',
    birth_date: 'auth.validation.birthDate',
    password: passwordLength,
  },
};

export const forgotPasswordForm = ForgotPasswordBody;
export const forgotPasswordMessages: FormMessages = { required, fields: { email } };

/** The new password, typed twice; the token comes from the link. */
export const resetPasswordForm = withConfirmation(
  z.object({ password: ResetPasswordBody.shape.new_password, confirm: z.string() }),
  'password',
  'confirm',
  'auth.validation.passwordMismatch',
);
export const resetPasswordMessages: FormMessages = { required, fields: { password: passwordLength } };

export const recoverEmailForm = RecoverEmailBody;
export const recoverEmailMessages: FormMessages = {
  required,
  fields: { hint: { too_small: 'auth.validation.hintLength' } },
};
