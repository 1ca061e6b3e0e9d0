import { KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { useForgotPassword } from '../api/forgot-password';
import { AuthCard } from '../components/auth-card';
import { useZodForm } from '@/lib/use-zod-form';
import { forgotPasswordForm, forgotPasswordMessages } from '../lib/auth-forms';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<{ email: string; resetToken: string | undefined } | null>(null);
  const form = useZodForm({
    schema: forgotPasswordForm,
    messages: forgotPasswordMessages,
    t,
    onValid: ({ email }) =>
      forgot.mutate(email, {
        onSuccess: (response) => setSentTo({ email, resetToken: response.reset_token }),
        onError: (error) => toast.error(errorMessage(t, error, 'toasts.forgotFailed')),
      }),
  });

  const links = (
    <>
      <Link to={paths.login} className="font-medium text-brand-700 hover:underline">
        {t('auth.forgot.backToLogin')}
      </Link>
      <Link to={paths.recoverEmail} className="font-medium text-brand-700 hover:underline">
        {t('auth.forgot.recoverLink')}
      </Link>
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
              <Link
                to={paths.resetPassword(sentTo.resetToken)}
                className="font-medium break-all text-brand-700 hover:underline"
              >
                {t('auth.forgot.devLink')}
              </Link>
            </div>
          ) : null}
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard icon={KeyRound} title={t('auth.forgot.title')} description={t('auth.forgot.subtitle')} footer={links}>
      <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4">
        <FormField
          label={t('auth.fields.email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          error={form.errors.email}
        />
        <Button type="submit" size="lg" className="w-full" disabled={forgot.isPending}>
          {forgot.isPending ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
