import { UserSearch } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { AUTH_NAMESPACES } from '../lib/auth-namespaces';
import { FormField } from '@/components/form-field';
import { paths } from '@/config/paths';
import { useRecoverEmail } from '../api/recover-email';
import { AuthCard } from '../components/auth-card';
import { AuthForm, AuthLink } from '../components/auth-form';
import { useMutationForm } from '@/lib/use-mutation-form';
import { recoverEmailForm, recoverEmailMessages } from '../lib/auth-forms';

export function RecoverEmailPage() {
  const { t } = useTranslation(AUTH_NAMESPACES);
  const recover = useRecoverEmail();
  const form = useMutationForm({
    schema: recoverEmailForm,
    messages: recoverEmailMessages,
    t,
    mutation: recover,
    variables: ({ hint }) => hint,
    failedKey: 'toasts.recoverFailed',
    fieldOfCode: false,
  });

  const results = recover.data?.results;
  return (
    <AuthCard
      icon={UserSearch}
      title={t('auth.recover.title')}
      description={t('auth.recover.subtitle')}
      footer={
        <>
          <AuthLink to={paths.login}>
            {t('auth.forgot.backToLogin')}
          </AuthLink>
          <AuthLink to={paths.forgotPassword}>
            {t('auth.login.forgot')}
          </AuthLink>
        </>
      }
    >
      <AuthForm
        onSubmit={form.onSubmit}
        pending={recover.isPending}
        submitLabel={t('auth.recover.submit')}
        submittingLabel={t('auth.recover.submitting')}
      >
        <FormField
          label={t('auth.fields.hint')}
          name="hint"
          required
          minLength={recoverEmailForm.shape.hint.minLength ?? undefined}
          hint={t('auth.fields.hintHelp')}
          error={form.errors.hint}
        />
      </AuthForm>
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
