import { UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { toCalendarDate } from '@/lib/calendar-date';
import { errorMessage } from '@/lib/error-message';
import { returnPath } from '@/lib/return-to';
import { useSession } from '@/lib/session';
import { useRegister } from '../api/register';
import { AuthCard } from '../components/auth-card';
import { collectErrors, field, focusFirstError, rules, type FieldErrors } from '../components/validation';

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { signIn } = useSession();
  const register = useRegister();
  const [errors, setErrors] = useState<FieldErrors>({});
  const today = toCalendarDate(new Date());

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const body = {
      name: field(form, 'name'),
      first_name: field(form, 'first_name'),
      birth_date: field(form, 'birth_date'),
      birth_place: field(form, 'birth_place'),
      phone: field(form, 'phone'),
      email: field(form, 'email'),
      password: typeof form.get('password') === 'string' ? (form.get('password') as string) : '',
    };
    const found = collectErrors({
      name: rules.required(t, body.name),
      first_name: rules.required(t, body.first_name),
      birth_date: rules.birthDate(t, body.birth_date, today),
      birth_place: rules.required(t, body.birth_place),
      phone: rules.phone(t, body.phone),
      email: rules.email(t, body.email),
      password: rules.password(t, body.password),
    });
    setErrors(found ?? {});
    if (found) {
      focusFirstError(formElement, found);
      return;
    }
    register.mutate(body, {
      onSuccess: (auth) => {
        signIn(auth);
        toast.success(t('toasts.registerSuccess'));
        void navigate(returnPath(location.state), { replace: true });
      },
      onError: (error) => {
        const message = errorMessage(t, error, 'toasts.registerFailed');
        if (error instanceof ApiError && error.field && error.field in body) {
          const serverErrors = { [error.field]: message };
          setErrors(serverErrors);
          focusFirstError(formElement, serverErrors);
        }
        toast.error(message);
      },
    });
  };

  return (
    <AuthCard
      icon={UserPlus}
      title={t('auth.register.title')}
      description={t('auth.register.subtitle')}
      footer={
        <p>
          {t('auth.register.haveAccount')}{' '}
          <Link to={paths.login} state={location.state} className="font-medium text-brand-700 hover:underline">
            {t('auth.register.loginLink')}
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
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
        <FormField
          label={t('auth.fields.email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          error={errors.email}
          className="sm:col-span-2"
        />
        <FormField
          label={t('auth.fields.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={6}
          hint={t('auth.fields.passwordHint')}
          error={errors.password}
          className="sm:col-span-2"
        />
        <Button type="submit" size="lg" className="mt-2 w-full sm:col-span-2" disabled={register.isPending}>
          {register.isPending ? t('auth.register.submitting') : t('auth.register.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
