import { CircleAlert, CircleCheck, MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { useTranslation } from '@/lib/i18n';
import { AUTH_NAMESPACES } from '../lib/auth-namespaces';
import { useSession } from '@/lib/session';
import { useVerifyEmail } from '../api/verify-email';
import { AuthCard } from '../components/auth-card';
import { EmailProofNotice } from '../components/email-proof-notice';

/** /verify-email?token=… — the link e-mailed to prove an address (docs/decisions/0029): proves it once opened, and says so. */
export function VerifyEmailPage() {
  const { t } = useTranslation(AUTH_NAMESPACES);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user } = useSession();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  // The link is used once, even under StrictMode's double effect.
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  if (verify.isSuccess) {
    return (
      <AuthCard icon={CircleCheck} title={t('auth.verifyEmail.successTitle')}>
        <div className="flex flex-col gap-4 text-center" role="status">
          <p className="text-stone-700">{t('auth.verifyEmail.successText')}</p>
          <Link to={paths.home} className={buttonClasses('default')}>
            {t('auth.verifyEmail.browse')}
          </Link>
        </div>
      </AuthCard>
    );
  }
  if (!token || verify.isError) {
    return (
      <AuthCard icon={CircleAlert} title={t('auth.verifyEmail.failedTitle')}>
        <div className="flex flex-col gap-4">
          <p role="alert" className="text-center text-stone-700">
            {token ? errorMessage(t, verify.error, 'errors.invalid_verification_token') : t('errors.invalid_verification_token')}
          </p>
          {user && !user.email_verified ? <EmailProofNotice /> : null}
          {!user ? (
            <Link to={paths.login} className={buttonClasses('outline')}>
              {t('auth.verifyEmail.loginToResend')}
            </Link>
          ) : null}
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard icon={MailCheck} title={t('auth.verifyEmail.title')}>
      <div className="flex justify-center" aria-busy="true">
        <Spinner label={t('auth.verifyEmail.checking')} />
      </div>
    </AuthCard>
  );
}
