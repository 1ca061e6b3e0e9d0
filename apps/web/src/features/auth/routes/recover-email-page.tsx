import { UserSearch } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { useRecoverEmail } from '../api/recover-email';
import { AuthCard } from '../components/auth-card';
import { collectErrors, field, focusFirstError, RECOVER_HINT_MIN_LENGTH, type FieldErrors } from '../components/validation';

export function RecoverEmailPage() {
  const { t } = useTranslation();
  const recover = useRecoverEmail();
  const [errors, setErrors] = useState<FieldErrors>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const hint = field(new FormData(event.currentTarget), 'hint');
    const found = collectErrors({
      hint: !hint
        ? t('auth.validation.required')
        : hint.length < RECOVER_HINT_MIN_LENGTH
          ? t('auth.validation.hintLength')
          : undefined,
    });
    setErrors(found ?? {});
    if (found) {
      focusFirstError(event.currentTarget, found);
      return;
    }
    recover.mutate(hint, { onError: (error) => toast.error(errorMessage(t, error, 'toasts.recoverFailed')) });
  };

  const results = recover.data?.results;
  return (
    <AuthCard
      icon={UserSearch}
      title={t('auth.recover.title')}
      description={t('auth.recover.subtitle')}
      footer={
        <>
          <Link to={paths.login} className="font-medium text-brand-700 hover:underline">
            {t('auth.forgot.backToLogin')}
          </Link>
          <Link to={paths.forgotPassword} className="font-medium text-brand-700 hover:underline">
            {t('auth.login.forgot')}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormField
          label={t('auth.fields.hint')}
          name="hint"
          required
          minLength={RECOVER_HINT_MIN_LENGTH}
          hint={t('auth.fields.hintHelp')}
          error={errors.hint}
        />
        <Button type="submit" size="lg" className="w-full" disabled={recover.isPending}>
          {recover.isPending ? t('auth.recover.submitting') : t('auth.recover.submit')}
        </Button>
      </form>
      <div aria-live="polite" className="mt-6">
        {results && results.length === 0 ? (
          <p className="rounded-xl bg-stone-50 p-4 text-center text-sm text-stone-700">{t('auth.recover.none')}</p>
        ) : null}
        {results && results.length > 0 ? (
          <section aria-labelledby="recover-results" className="flex flex-col gap-2">
            <h2 id="recover-results" className="text-sm font-semibold text-stone-700">
              {t('auth.recover.results', { count: results.length })}
            </h2>
            <ul className="flex flex-col divide-y divide-stone-100 rounded-xl border border-stone-200">
              {results.map((result) => (
                <li key={`${result.name}-${result.email_hint}`} className="flex flex-col px-4 py-3">
                  <span className="font-medium">{result.name}</span>
                  <span className="font-mono text-sm text-stone-600">{result.email_hint}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </AuthCard>
  );
}
