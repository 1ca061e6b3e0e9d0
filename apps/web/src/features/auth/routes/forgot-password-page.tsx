import { KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { AUTH_NAMESPACES } from '../lib/auth-namespaces';
import { EmailField } from '@/components/credential-fields';
import { paths } from '@/config/paths';
import { useForgotPassword } from '../api/forgot-password';
import { AuthCard } from '../components/auth-card';
import { AuthForm, AuthLink } from '../components/auth-form';
import { useMutationForm } from '@/lib/use-mutation-form';
import { forgotPasswordForm, forgotPasswordMessages } from '../lib/auth-forms';

export function ForgotPasswordPage() {
  const { t } = useTranslation(AUTH_NAMESPACES);
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<{ email: string; resetToken: string | undefined } | null>(null);
  const form = useMutationForm({
    schema: forgotPasswordForm,
    messages: forgotPasswordMessages,
    t,
    mutation: forgot,
    variables: ({ email }) => email,
    onSaved: (response, { email }) => setSentTo({ email, resetToken: response.reset_token }),
    failedKey: 'toasts.forgotFailed',
    fieldOfCode: false,
  });

  const links = (
    <>
      <AuthLink to={paths.login}>
        {t('auth.forgot.backToLogin')}
      </AuthLink>
      <AuthLink to={paths.recoverEmail}>
        {t('auth.forgot.recoverLink')}
      </AuthLink>
    </>
  );

  if (sentTo) {
    return (
      <AuthCard icon={MailCheck} title={t('auth.forgot.sentTitle')} footer={links}>
        <div className="flex flex-col gap-3 text-sm text-stone-700" role="status">
          <p>{t('auth.forgot.sentText', { email: sentTo.email })}</p>
          <p>{t('auth.forgot.validity')}</p>
          <p>{t('auth.forgot.spam')}</p>
          {sentTo.resetToken ? (
            <div className="rounded-xl border border-amber-200 bg-amber-50 p-3">
              <p className="font-medium text-amber-900">{t('auth.forgot.devMode')}</p>
              <AuthLink to={paths.resetPassword(sentTo.resetToken)} className="break-all">
                {t('auth.forgot.devLink')}
              </AuthLink>
            </div>
          ) : null}
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard icon={KeyRound} title={t('auth.forgot.title')} description={t('auth.forgot.subtitle')} footer={links}>
      <AuthForm
        onSubmit={form.onSubmit}
        pending={forgot.isPending}
        submitLabel={t('auth.forgot.submit')}
        submittingLabel={t('auth.forgot.submitting')}
      >
        <EmailField label={t('auth.fields.email')} error={form.errors.email} />
      </AuthForm>
    </AuthCard>
  );
}
