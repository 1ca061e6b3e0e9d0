import { UserPlus } from 'lucide-react';
import { PASSWORD_MIN_LENGTH } from '@roomweek/contract';
import { useLocation } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { AUTH_NAMESPACES } from '../lib/auth-namespaces';
import { EmailField, PasswordField } from '@/components/credential-fields';
import { FormField } from '@/components/form-field';
import { paths } from '@/config/paths';
import { useSiteToday } from '@/config/public-config';
import { useRegister } from '../api/register';
import { AuthCard } from '../components/auth-card';
import { AuthForm, AuthLink } from '../components/auth-form';
import { useMutationForm } from '@/lib/use-mutation-form';
import { registerForm, registerMessages } from '../lib/auth-forms';
import { useEnterSignedIn } from '../lib/use-enter-signed-in';

export function RegisterPage() {
  const { t } = useTranslation(AUTH_NAMESPACES);
  const location = useLocation();
  const enterSignedIn = useEnterSignedIn();
  const register = useRegister();
  // The site's today, not the device's: the server renders this page in its own zone, and the device's date would
  // differ from it around midnight (a hydration mismatch). The form's own check still uses the device's date.
  const today = useSiteToday() ?? undefined;
  const form = useMutationForm({
    schema: registerForm,
    messages: registerMessages,
    t,
    mutation: register,
    variables: (body) => body,
    onSaved: (auth) => enterSignedIn(auth, t('toasts.registerSuccess')),
    failedKey: 'toasts.registerFailed',
  });
  const { errors } = form;

  return (
    <AuthCard
      icon={UserPlus}
      title={t('auth.register.title')}
      description={t('auth.register.subtitle')}
      footer={
        <p>
          {t('auth.register.haveAccount')}{' '}
          <AuthLink to={paths.login} state={location.state}>
            {t('auth.register.loginLink')}
          </AuthLink>
        </p>
      }
    >
      <AuthForm
        onSubmit={form.onSubmit}
        pending={register.isPending}
        submitLabel={t('auth.register.submit')}
        submittingLabel={t('auth.register.submitting')}
        className="grid gap-4 sm:grid-cols-2"
        buttonClassName="mt-2 sm:col-span-2"
      >
        <FormField label={t('auth.fields.lastName')} name="name" autoComplete="family-name" required error={errors.name} />
        <FormField
          label={t('auth.fields.firstName')}
          name="first_name"
          autoComplete="given-name"
          required
          error={errors.first_name}
        />
        <FormField
          label={t('auth.fields.birthDate')}
          name="birth_date"
          type="date"
          max={today}
          autoComplete="bday"
          required
          error={errors.birth_date}
        />
        <FormField label={t('auth.fields.birthPlace')} name="birth_place" required error={errors.birth_place} />
        <FormField
          label={t('auth.fields.phone')}
          name="phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          required
          hint={t('auth.fields.phoneHint')}
          error={errors.phone}
          className="sm:col-span-2"
        />
        <EmailField label={t('auth.fields.email')} error={errors.email} className="sm:col-span-2" />
        <PasswordField
          label={t('auth.fields.password')}
          name="password"
          fresh
          minLength={PASSWORD_MIN_LENGTH}
          hint={t('auth.fields.passwordHint')}
          error={errors.password}
          className="sm:col-span-2"
        />
        <p className="text-xs text-stone-600 sm:col-span-2">
          {t('auth.register.privacyNotice')}{' '}
          {/* A new tab: the form keeps what was typed. */}
          <AuthLink to={paths.privacy} target="_blank" rel="noopener noreferrer">
            {t('auth.register.privacyLink')}
            <span className="sr-only"> {t('common.newWindow')}</span>
          </AuthLink>
        </p>
      </AuthForm>
    </AuthCard>
  );
}
