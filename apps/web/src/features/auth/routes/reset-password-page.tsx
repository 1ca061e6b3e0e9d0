import { CircleCheck, LockKeyhole } from 'lucide-react';
import { PASSWORD_MIN_LENGTH } from '@roomweek/contract';
import { useEffect } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { AUTH_NAMESPACES } from '../lib/auth-namespaces';
import { toast } from '@/lib/toast';
import { PasswordField } from '@/components/credential-fields';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';
import { AuthForm, AuthLink } from '../components/auth-form';
import { useMutationForm } from '@/lib/use-mutation-form';
import { resetPasswordForm, resetPasswordMessages } from '../lib/auth-forms';

/** docs/behaviour.md §9: after a successful reset, the user goes to /login 3 seconds later. */
export const RESET_REDIRECT_MS = 3000;

function MissingToken() {
  const { t } = useTranslation(AUTH_NAMESPACES);
  useEffect(() => {
    // A fixed id: StrictMode's double effect must not show the message twice.
    toast.error(t('toasts.invalidResetLink'), { id: 'invalid-reset-link' });
  }, [t]);
  return <Navigate to={paths.login} replace />;
}

export function ResetPasswordPage() {
  const { t } = useTranslation(AUTH_NAMESPACES);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const form = useMutationForm({
    schema: resetPasswordForm,
    messages: resetPasswordMessages,
    t,
    mutation: reset,
    variables: ({ password }) => ({ token, newPassword: password }),
    failedKey: 'toasts.resetFailed',
    fieldOfCode: false,
  });

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = window.setTimeout(() => navigate(paths.login, { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  if (!token) return <MissingToken />;

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
          <AuthLink to={paths.forgotPassword}>
            {t('auth.reset.requestNewLink')}
          </AuthLink>
          <AuthLink to={paths.login}>
            {t('auth.forgot.backToLogin')}
          </AuthLink>
        </>
      }
    >
      <AuthForm
        onSubmit={form.onSubmit}
        pending={reset.isPending}
        submitLabel={t('auth.reset.submit')}
        submittingLabel={t('auth.reset.submitting')}
      >
        <PasswordField
          label={t('auth.fields.newPassword')}
          name="password"
          fresh
          minLength={PASSWORD_MIN_LENGTH}
          hint={t('auth.fields.passwordHint')}
          error={form.errors.password}
        />
        <PasswordField label={t('auth.fields.confirmPassword')} name="confirm" fresh error={form.errors.confirm} />
      </AuthForm>
    </AuthCard>
  );
}
