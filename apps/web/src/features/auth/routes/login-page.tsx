import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { AUTH_NAMESPACES } from '../lib/auth-namespaces';
import { EmailField, PasswordField } from '@/components/credential-fields';
import { paths } from '@/config/paths';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/auth-card';
import { AuthForm, AuthLink } from '../components/auth-form';
import { useMutationForm } from '@/lib/use-mutation-form';
import { loginForm, loginMessages } from '../lib/auth-forms';
import { useEnterSignedIn } from '../lib/use-enter-signed-in';
import { TwoFactorLoginStep } from '../components/two-factor-login-step';

export function LoginPage() {
  const { t } = useTranslation(AUTH_NAMESPACES);
  const location = useLocation();
  const enterSignedIn = useEnterSignedIn();
  const login = useLogin();
  /** The password was right and the account has two-factor sign-in on: the second step's challenge (decision 0034). */
  const [challenge, setChallenge] = useState<string | null>(null);
  const form = useMutationForm({
    schema: loginForm,
    messages: loginMessages,
    t,
    mutation: login,
    variables: (body) => body,
    onSaved: (answer) => ('two_factor_required' in answer ? setChallenge(answer.challenge) : enterSignedIn(answer, t('toasts.loginSuccess'))),
    failedKey: 'toasts.loginFailed',
    fieldOfCode: false,
  });

  return (
    <AuthCard
      icon={LogIn}
      title={t('auth.login.title')}
      description={t('auth.login.subtitle')}
      footer={
        <>
          <AuthLink to={paths.forgotPassword}>
            {t('auth.login.forgot')}
          </AuthLink>
          <p>
            {t('auth.login.noAccount')}{' '}
            {/* Keep where the visitor came from, so registering also returns there. */}
            <AuthLink to={paths.register} state={location.state}>
              {t('auth.login.registerLink')}
            </AuthLink>
          </p>
        </>
      }
    >
      {challenge ? (
        <TwoFactorLoginStep
          challenge={challenge}
          onSignedIn={(auth) => enterSignedIn(auth, t('toasts.loginSuccess'))}
          onRestart={() => setChallenge(null)}
        />
      ) : (
        <AuthForm
          onSubmit={form.onSubmit}
          pending={login.isPending}
          submitLabel={t('auth.login.submit')}
          submittingLabel={t('auth.login.submitting')}
          buttonClassName="mt-2"
        >
          <EmailField label={t('auth.fields.email')} error={form.errors.email} />
          <PasswordField label={t('auth.fields.password')} name="password" error={form.errors.password} />
        </AuthForm>
      )}
    </AuthCard>
  );
}
