import { MailCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { useTranslation } from '@/lib/i18n';
import { AUTH_NAMESPACES } from '../lib/auth-namespaces';
import { useResendVerification } from '../api/verify-email';

/**
 * Shown where paying on site was refused with `email_not_verified` (docs/decisions/0029): why, and a button that
 * e-mails a new confirmation link.
 */
export function EmailProofNotice() {
  const { t } = useTranslation(AUTH_NAMESPACES);
  const resend = useResendVerification();
  return (
    <div role="alert" className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
      <p className="flex items-start gap-2">
        <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{t('auth.verifyEmail.needed')}</span>
      </p>
      {resend.isSuccess ? (
        <p role="status" className="font-medium">
          {t('auth.verifyEmail.sent')}
        </p>
      ) : (
        <Button variant="outline" size="sm" className="self-start" disabled={resend.isPending} onClick={() => resend.mutate()}>
          {t('auth.verifyEmail.resend')}
        </Button>
      )}
      {resend.isError ? <p className="text-red-700">{errorMessage(t, resend.error, 'auth.verifyEmail.resendFailed')}</p> : null}
    </div>
  );
}
