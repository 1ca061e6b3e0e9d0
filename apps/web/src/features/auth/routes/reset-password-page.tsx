import { CircleCheck, LockKeyhole } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { FormField } from '@/components/form-field';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';
import { collectErrors, focusFirstError, rules, type FieldErrors } from '../components/validation';

/** SPEC §9: after a successful reset, the user goes to /login 3 seconds later. */
export const RESET_REDIRECT_MS = 3000;

function MissingToken() {
  const { t } = useTranslation();
  useEffect(() => {
    // A fixed id: StrictMode's double effect must not show the message twice.
    toast.error(t('toasts.invalidResetLink'), { id: 'invalid-reset-link' });
  }, [t]);
  return <Navigate to={paths.login} replace />;
}

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = window.setTimeout(() => navigate(paths.login, { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  if (!token) return <MissingToken />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    const confirm = String(form.get('confirm') ?? '');
    const found = collectErrors({
      password: rules.password(t, password),
      confirm: password === confirm ? undefined : t('auth.validation.passwordMismatch'),
    });
    setErrors(found ?? {});
    if (found) {
      focusFirstError(event.currentTarget, found);
      return;
    }
    reset.mutate(
      { token, newPassword: password },
      { onError: (error) => toast.error(errorMessage(t, error, 'toasts.resetFailed')) },
    );
  };

  if (reset.isSuccess) {
    return (
      <AuthCard icon={CircleCheck} title={t('auth.reset.successTitle')}>
        <div className="flex flex-col gap-4 text-center" role="status">
          <p className="text-stone-700">{t('auth.reset.successText')}</p>
          <Link to={paths.login} replace className={buttonClasses('default')}>
            {t('auth.reset.loginNow')}
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={LockKeyhole}
      title={t('auth.reset.title')}
      description={t('auth.reset.subtitle')}
      footer={
        <>
          {/* A link older than its hour fails: the way to a fresh one is right here. */}
          <Link to={paths.forgotPassword} className="font-medium text-brand-700 hover:underline">
            {t('auth.reset.requestNewLink')}
          </Link>
          <Link to={paths.login} className="font-medium text-brand-700 hover:underline">
            {t('auth.forgot.backToLogin')}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormField
          label={t('auth.fields.newPassword')}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={6}
          hint={t('auth.fields.passwordHint')}
          error={errors.password}
        />
        <FormField
          label={t('auth.fields.confirmPassword')}
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirm}
        />
        <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
          {reset.isPending ? t('auth.reset.submitting') : t('auth.reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
