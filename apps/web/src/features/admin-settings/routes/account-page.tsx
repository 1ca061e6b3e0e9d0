import { PASSWORD_MIN_LENGTH } from '@roomweek/contract';
import { KeyRound, UserRound } from 'lucide-react';
import { useState } from 'react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { AdminPage } from '@/features/admin-shell/components/admin-page';
import { DefaultCredentialsNotice } from '@/features/admin-shell/components/default-credentials-notice';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { errorMessage } from '@/lib/error-message';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { useChangePassword, useUpdateProfile } from '../api/settings';
import { passwordChangeForm, passwordChangeMessages, profileForm, profileMessages } from '../lib/settings-forms';

/** docs/behaviour.md §2 account settings: profile, change of password, advice about the defaults. */
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
  const currentEmail = user?.email ?? '';
  const [draft, setDraft] = useState({ name: user?.name ?? '', email: currentEmail, current_password: '' });
  // A new e-mail needs the current password: the field shows as soon as the address differs.
  const emailChanges = draft.email.trim().toLowerCase() !== currentEmail.toLowerCase();
  const form = useZodForm({
    schema: profileForm,
    messages: profileMessages,
    t,
    values: () => ({ ...draft, current_email: currentEmail }),
    onValid: (profile) =>
      save.mutate(profile, {
        onSuccess: (auth) => {
          setDraft({ name: auth.user.name, email: auth.user.email, current_password: '' });
          toast.success(t('account.toasts.profileUpdated'));
        },
        onError: (error) => {
          const text = errorMessage(t, error, 'account.toasts.profileFailed');
          form.showServerError(error, text, { email_taken: 'email', wrong_password: 'current_password' });
          toast.error(text);
        },
      }),
  });

  return (
    <Card className="flex flex-col gap-5 p-6">
      <div className="flex flex-col gap-1">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <UserRound aria-hidden="true" className="size-5 text-brand-600" />
          {t('account.profile.title')}
        </h2>
        <p className="text-sm text-stone-600">{t('account.profile.text')}</p>
      </div>
      <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4" aria-busy={save.isPending}>
        <FormField
          label={t('account.profile.name')}
          name="name"
          autoComplete="name"
          value={draft.name}
          onChange={(event) => setDraft((current) => ({ ...current, name: event.target.value }))}
          required
          maxLength={100}
          error={form.errors.name}
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
          error={form.errors.email}
        />
        {emailChanges ? (
          <FormField
            label={t('account.profile.currentPassword')}
            name="current_password"
            type="password"
            autoComplete="current-password"
            value={draft.current_password}
            onChange={(event) => setDraft((current) => ({ ...current, current_password: event.target.value }))}
            required
            hint={t('account.profile.currentPasswordHint')}
            error={form.errors.current_password}
          />
        ) : null}
        <Button type="submit" disabled={save.isPending} className="self-end">
          {save.isPending ? <Spinner className="text-white [&_svg]:size-4" label={t('shared.saving')} /> : null}
          {t('account.profile.submit')}
        </Button>
      </form>
    </Card>
  );
}

type PasswordField = 'current_password' | 'new_password' | 'confirm_password';
const EMPTY_PASSWORDS: Record<PasswordField, string> = { current_password: '', new_password: '', confirm_password: '' };

function PasswordForm() {
  const { t } = useAdminTranslation();
  const change = useChangePassword();
  const [draft, setDraft] = useState(EMPTY_PASSWORDS);
  const set = (field: PasswordField) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));

  const form = useZodForm({
    schema: passwordChangeForm,
    messages: passwordChangeMessages,
    t,
    values: () => draft,
    onValid: (passwords) =>
      change.mutate(passwords, {
        onSuccess: () => {
          setDraft(EMPTY_PASSWORDS);
          toast.success(t('account.toasts.passwordChanged'));
        },
        onError: (error) => {
          const text = errorMessage(t, error, 'account.toasts.passwordFailed');
          form.showServerError(error, text, { wrong_password: 'current_password' });
          toast.error(text);
        },
      }),
  });
  const { errors } = form;

  return (
    <Card className="flex flex-col gap-5 p-6">
      <div className="flex flex-col gap-1">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <KeyRound aria-hidden="true" className="size-5 text-brand-600" />
          {t('account.password.title')}
        </h2>
        <p className="text-sm text-stone-600">{t('account.password.text')}</p>
      </div>
      <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4" aria-busy={change.isPending}>
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
