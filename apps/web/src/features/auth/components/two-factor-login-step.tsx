import type { AuthResponse } from '@roomweek/contract';
import { useState, type FormEvent } from 'react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useLoginTwoFactor } from '../api/login-two-factor';

/**
 * The second step of a sign-in with two-factor sign-in on (docs/decisions/0034): a code of the authenticator app, or
 * one recovery code, with the challenge the password step answered.
 */
export function TwoFactorLoginStep({ challenge, onSignedIn, onRestart }: { challenge: string; onSignedIn: (auth: AuthResponse) => void; onRestart: () => void }) {
  const { t } = useTranslation(['security', 'common']);
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = useLoginTwoFactor();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!value.trim()) {
      setError(t('twoFactor.required'));
      return;
    }
    setError(undefined);
    submit.mutate(recovery ? { challenge, recovery_code: value } : { challenge, code: value }, {
      onSuccess: onSignedIn,
      onError: (failure) => {
        const message = errorMessage(t, failure, 'login.failed');
        setError(message);
        toast.error(message);
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={t('login.title')}>
      <p className="text-sm text-stone-600">{t('login.subtitle')}</p>
      <FormField
        key={recovery ? 'recovery' : 'code'}
        label={recovery ? t('login.recoveryCode') : t('login.code')}
        name={recovery ? 'recovery_code' : 'code'}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoFocus
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={error}
      />
      <Button type="submit" size="lg" className="w-full" disabled={submit.isPending}>
        {submit.isPending ? t('login.submitting') : t('login.submit')}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-brand-700 hover:underline"
          onClick={() => {
            setRecovery(!recovery);
            setValue('');
            setError(undefined);
          }}
        >
          {recovery ? t('login.useCode') : t('login.useRecovery')}
        </button>
        <button type="button" className="font-medium text-brand-700 hover:underline" onClick={onRestart}>
          {t('login.back')}
        </button>
      </div>
    </form>
  );
}
