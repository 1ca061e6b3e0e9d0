import { KeyRound, UserRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useSession } from '@/lib/session';
import { useChangePassword, useUpdateProfile } from '../api/settings';
import { AdminPage } from '../components/admin-page';
import { DefaultCredentialsNotice } from '../components/default-credentials-notice';
import { focusFirstInvalid, serverFieldError, translateErrors, type FieldMessages } from '../components/form-helpers';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { PASSWORD_MIN_LENGTH, validatePasswordChange, validateProfile, type PasswordField, type ProfileField } from '../lib/validation';

/** SPEC §2 account settings (French source text): profile, change of password, advice about the defaults. */
export default function AccountPage() {
  const { t } = useAdminTranslation();
  return (
    <AdminPage title={t('account.title')} description={t('account.subtitle')}>
      <DefaultCredentialsNotice withLink={false} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <ProfileForm />
        <PasswordForm />
      </div>
    </AdminPage>
  );
}

function ProfileForm() {
  const { t } = useAdminTranslation();
  const { user } = useSession();
  const save = useUpdateProfile();
  const [draft, setDraft] = useState({ name: user?.name ?? '', email: user?.email ?? '' });
  const [errors, setErrors] = useState<FieldMessages<ProfileField>>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = validateProfile(draft);
    if (!checked.ok) {
      setErrors(translateErrors(t, checked.errors));
      focusFirstInvalid(form);
      return;
    }
    setErrors({});
    save.mutate(checked.value, {
      onSuccess: (auth) => {
        setDraft({ name: auth.user.name, email: auth.user.email });
        toast.success(t('account.toasts.profileUpdated'));
      },
      onError: (error) => {
        const text = errorMessage(t, error, 'account.toasts.profileFailed');
        const fieldError =
          error instanceof ApiError && error.code === 'email_taken'
            ? { email: text }
            : serverFieldError(error, ['name', 'email'] as const, text);
        if (fieldError) {
          setErrors(fieldError);
          focusFirstInvalid(form);
        }
        toast.error(text);
      },
    });
  };

  return (
    <Card className="flex flex-col gap-5 p-6">
      <div className="flex flex-col gap-1">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <UserRound aria-hidden="true" className="size-5 text-brand-600" />
          {t('account.profile.title')}
        </h2>
        <p className="text-sm text-stone-600">{t('account.profile.text')}</p>
      </div>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={save.isPending}>
        <FormField
          label={t('account.profile.name')}
          name="name"
          autoComplete="name"
          value={draft.name}
          onChange={(event) => setDraft((current) => ({ ...current, name: event.target.value }))}
          required
          maxLength={100}
          error={errors.name}
        />
        <FormField
          label={t('account.profile.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={draft.email}
          onChange={(event) => setDraft((current) => ({ ...current, email: event.target.value }))}
          required
          maxLength={254}
          hint={t('account.profile.emailHint')}
          error={errors.email}
        />
        <Button type="submit" disabled={save.isPending} className="self-end">
          {save.isPending ? <Spinner className="text-white [&_svg]:size-4" label={t('shared.saving')} /> : null}
          {t('account.profile.submit')}
        </Button>
      </form>
    </Card>
  );
}

const EMPTY_PASSWORDS: Record<PasswordField, string> = { current_password: '', new_password: '', confirm_password: '' };

function PasswordForm() {
  const { t } = useAdminTranslation();
  const change = useChangePassword();
  const [draft, setDraft] = useState(EMPTY_PASSWORDS);
  const [errors, setErrors] = useState<FieldMessages<PasswordField>>({});
  const set = (field: PasswordField) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = validatePasswordChange(draft);
    if (!checked.ok) {
      setErrors(translateErrors(t, checked.errors));
      focusFirstInvalid(form);
      return;
    }
    setErrors({});
    change.mutate(checked.value, {
      onSuccess: () => {
        setDraft(EMPTY_PASSWORDS);
        toast.success(t('account.toasts.passwordChanged'));
      },
      onError: (error) => {
        const text = errorMessage(t, error, 'account.toasts.passwordFailed');
        const fieldError =
          error instanceof ApiError && error.code === 'wrong_password'
            ? { current_password: text }
            : serverFieldError(error, ['current_password', 'new_password'] as const, text);
        if (fieldError) {
          setErrors(fieldError);
          focusFirstInvalid(form);
        }
        toast.error(text);
      },
    });
  };

  return (
    <Card className="flex flex-col gap-5 p-6">
      <div className="flex flex-col gap-1">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <KeyRound aria-hidden="true" className="size-5 text-brand-600" />
          {t('account.password.title')}
        </h2>
        <p className="text-sm text-stone-600">{t('account.password.text')}</p>
      </div>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={change.isPending}>
        <FormField
          label={t('account.password.current')}
          name="current_password"
          type="password"
          autoComplete="current-password"
          value={draft.current_password}
          onChange={(event) => set('current_password')(event.target.value)}
          required
          error={errors.current_password}
        />
        <FormField
          label={t('account.password.new')}
          name="new_password"
          type="password"
          autoComplete="new-password"
          value={draft.new_password}
          onChange={(event) => set('new_password')(event.target.value)}
          required
          minLength={PASSWORD_MIN_LENGTH}
          hint={t('account.password.newHint', { min: PASSWORD_MIN_LENGTH })}
          error={errors.new_password}
        />
        <FormField
          label={t('account.password.confirm')}
          name="confirm_password"
          type="password"
          autoComplete="new-password"
          value={draft.confirm_password}
          onChange={(event) => set('confirm_password')(event.target.value)}
          required
          error={errors.confirm_password}
        />
        <Button type="submit" disabled={change.isPending} className="self-end">
          {change.isPending ? <Spinner className="text-white [&_svg]:size-4" label={t('shared.saving')} /> : null}
          {t('account.password.submit')}
        </Button>
      </form>
    </Card>
  );
}
