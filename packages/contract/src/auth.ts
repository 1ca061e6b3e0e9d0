import { z } from 'zod';
import { CalendarDate, Id, Language } from './common.ts';
import { calendarDateIn } from './dates.ts';

/** The earliest date of birth accepted. */
export const EARLIEST_BIRTH_DATE = '1900-01-01';
/** The earliest time zone: a date after its today has not happened anywhere yet. */
const EARLIEST_ZONE = 'Pacific/Kiritimati';
const BirthDate = CalendarDate.refine((value) => value >= EARLIEST_BIRTH_DATE && value <= calendarDateIn(EARLIEST_ZONE), {
  message: 'Date of birth must be a past date',
});

export const Role = z.enum(['admin', 'staff', 'client']);
export type Role = z.infer<typeof Role>;

/** docs/behaviour.md §5: the shortest password accepted (the forms say it in their hint). */
export const PASSWORD_MIN_LENGTH = 6;
/** An e-mail address, kept trimmed and lower-cased; zod's e-mail pattern is the one rule, here and in the forms. */
export const Email = z.string().trim().toLowerCase().max(254).pipe(z.email({ message: 'Invalid e-mail address' }));
export const Password = z.string().min(PASSWORD_MIN_LENGTH, { message: 'At least 6 characters' }).max(200);
/** An optional +, then digits, spaces, brackets, dots or dashes. */
const PHONE_PATTERN = /^\+?[0-9 ().-]{6,30}$/;
export const Phone = z.string().trim().min(6).max(30).regex(PHONE_PATTERN, { message: 'Invalid phone number' });
const Name = z.string().trim().min(1).max(100);

export const User = z.object({
  id: Id,
  name: z.string(),
  first_name: z.string().nullable(),
  email: z.string(),
  role: Role,
  is_admin: z.boolean(),
  birth_date: z.string().nullable(),
  birth_place: z.string().nullable(),
  phone: z.string().nullable(),
  language: Language,
  /** The password is still the well-known default one: the admin screens advise changing it. */
  default_password: z.boolean(),
  /** The account proved its e-mail (the link sent at registration): needed to book on site (docs/decisions/0029). */
  email_verified: z.boolean(),
  /** Two-factor sign-in is on for the account (docs/decisions/0034). */
  two_factor_enabled: z.boolean(),
  /** The owner requires two-factor sign-in of admins and this account has none yet: it may only enrol (decision 0034). */
  two_factor_enrolment_required: z.boolean(),
});
export type User = z.infer<typeof User>;

export const AuthResponse = z.object({ user: User, token: z.string() });
export type AuthResponse = z.infer<typeof AuthResponse>;

export const LoginBody = z.object({ email: Email, password: z.string().min(1).max(200) });
export type LoginBody = z.infer<typeof LoginBody>;

export const RegisterBody = z.object({
  name: Name,
  first_name: Name,
  email: Email,
  password: Password,
  birth_date: BirthDate,
  birth_place: z.string().trim().min(1).max(100),
  phone: Phone,
  /** Accepted for compatibility and ignored: a registration is always a client. */
  role: z.string().max(20).optional(),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const ForgotPasswordBody = z.object({ email: Email });
export const ForgotPasswordResponse = z.object({
  detail: z.string(),
  /** Only outside production: the raw token, so a developer can follow the link without e-mail. */
  reset_token: z.string().optional(),
});
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponse>;

export const ResetPasswordBody = z.object({ token: z.string().min(1).max(200), new_password: Password });

export const RecoverEmailBody = z.object({ hint: z.string().trim().min(3).max(100) });
export const RecoverEmailResponse = z.object({
  results: z.array(z.object({ name: z.string(), email_hint: z.string() })),
});
export type RecoverEmailResponse = z.infer<typeof RecoverEmailResponse>;

/** A change of e-mail also needs `current_password` (the server answers 400 without it, `wrong_password` when wrong). */
export const ProfileBody = z.object({ name: Name, email: Email, current_password: z.string().min(1).max(200).optional() });
export type ProfileBody = z.infer<typeof ProfileBody>;

export const ChangePasswordBody = z.object({
  current_password: z.string().min(1).max(200),
  new_password: Password,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** The token of an e-mail verification link (/verify-email?token=…). */
export const VerifyEmailBody = z.object({ token: z.string().min(1).max(200) });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;
