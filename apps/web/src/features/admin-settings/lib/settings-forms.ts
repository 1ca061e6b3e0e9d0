import { BusinessSettings, CancellationPolicy, ChangePasswordBody, PaymentSettingsUpdate, PaymentTerms, PaypalMode, ProfileBody, WhatsappSettingsUpdate } from '@roomweek/contract';
import { z } from 'zod';
import { paymentTermsFieldMessages, paymentTermsFields, policyFieldMessages, policyFields, required } from '@/features/admin-shell/lib/form-text';
import { formRule, withConfirmation, type FormMessages } from '@/lib/use-zod-form';

/** The settings screens' forms: the site's cancellation terms, the admin's account, WhatsApp, payments (decision 0017). */

/** The site's cancellation policy (PUT /admin/cancellation-policy). */
export const cancellationPolicyForm = CancellationPolicy.extend(policyFields);
export const cancellationPolicyMessages: FormMessages = { required, fields: policyFieldMessages };

/** The site's payment terms (PUT /admin/payment-terms, issue 28). */
export const paymentTermsForm = PaymentTerms.extend(paymentTermsFields);
export const paymentTermsMessages: FormMessages = { required, fields: paymentTermsFieldMessages };

/**
 * A new e-mail needs the current password, as the server says too. `current_email` is the account's address as the
 * form opened (not sent); the password is not sent when left empty.
 */
export const profileForm = ProfileBody.extend({
  current_password: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .pipe(ProfileBody.shape.current_password),
  current_email: z.string().optional(),
})
  .refine(
    (profile) => !profile.current_email || profile.email === profile.current_email.trim().toLowerCase() || Boolean(profile.current_password),
    formRule('current_password', required),
  )
  .transform(({ current_email: _currentEmail, ...body }) => body);
export const profileMessages: FormMessages = { required, fields: { email: 'validation.email' } };

export const passwordChangeForm = withConfirmation(
  ChangePasswordBody.extend({ confirm_password: z.string().min(1) }),
  'new_password',
  'confirm_password',
  'validation.passwordMismatch',
);
export const passwordChangeMessages: FormMessages = {
  required,
  fields: { new_password: { too_small: 'validation.passwordLength' } },
};

/** The contract's rule: digits that begin with the country code (a national number or a 00 prefix is refused). */
export const whatsappForm = WhatsappSettingsUpdate;
export const whatsappMessages: FormMessages = { required, fields: { whatsapp_number: 'validation.whatsappNumber' } };

/** An empty secret keeps the current value: it is not sent. */
const keepWhenEmpty = (secret: z.ZodOptional<z.ZodString>) =>
  z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(secret);

/** docs/behaviour.md §5 payment settings: only the filled fields are sent; the wallet mode always is. */
export const paymentSettingsForm = PaymentSettingsUpdate.extend({
  stripe_api_key: keepWhenEmpty(PaymentSettingsUpdate.shape.stripe_api_key),
  stripe_webhook_secret: keepWhenEmpty(PaymentSettingsUpdate.shape.stripe_webhook_secret),
  paypal_client_id: keepWhenEmpty(PaymentSettingsUpdate.shape.paypal_client_id),
  paypal_secret: keepWhenEmpty(PaymentSettingsUpdate.shape.paypal_secret),
  paypal_mode: PaypalMode,
});
export const paymentSettingsMessages: FormMessages = { required };

/** The business's details (PUT /admin/business): the contract's record as it is. */
export const businessForm = BusinessSettings;
export const businessMessages: FormMessages = {
  required,
  fields: {
    country: 'business.validation.country',
    email: 'validation.email',
    phone: 'business.validation.phone',
    vat_number: 'business.validation.vatNumber',
    invoice_prefix: 'business.validation.invoicePrefix',
    invoice_notes: 'business.validation.notes',
  },
};
