import { LogIn } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/auth-card';
import { useZodForm } from '@/lib/use-zod-form';
import { loginForm, loginMessages } from '../lib/auth-forms';
import { useEnterSignedIn } from '../lib/use-enter-signed-in';

export function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const enterSignedIn = useEnterSignedIn();
  const login = useLogin();
  const form = useZodForm({
    schema: loginForm,
    messages: loginMessages,
    t,
    onValid: (body) =>
      login.mutate(body, {
        onSuccess: (auth) => enterSignedIn(auth, t('toasts.loginSuccess')),
        onError: (error) => toast.error(errorMessage(t, error, 'toasts.loginFailed')),
      }),
  });

  return (
    <AuthCard
      icon={LogIn}
      title={t('auth.login.title')}
      description={t('auth.login.subtitle')}
      footer={
        <>
          <Link to={paths.forgotPassword} className="font-medium text-brand-700 hover:underline">
            {t('auth.login.forgot')}
          </Link>
          <p>
            {t('auth.login.noAccount')}{' '}
            {/* Keep where the visitor came from, so registering also returns there. */}
            <Link to={paths.register} state={location.state} className="font-medium text-brand-700 hover:underline">
              {t('auth.login.registerLink')}
            </Link>
          </p>
        </>
      }
    >
      <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4">
        <FormField
          label={t('auth.fields.email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          error={form.errors.email}
        />
        <FormField
          label={t('auth.fields.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={form.errors.password}
        />
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={login.isPending}>
          {login.isPending ? t('auth.login.submitting') : t('auth.login.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
