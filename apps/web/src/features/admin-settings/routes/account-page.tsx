import { PASSWORD_MIN_LENGTH } from '@roomweek/contract';
import { KeyRound, UserRound } from 'lucide-react';
import { useState } from 'react';
import { EmailField, PasswordField } from '@/components/credential-fields';
import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { AdminPage } from '@/features/admin-shell/components/admin-page';
import { DefaultCredentialsNotice } from '@/features/admin-shell/components/default-credentials-notice';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { draftFields } from '@/lib/draft-field';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useChangePassword, useUpdateProfile } from '../api/settings';
import { RequireTwoFactorSetting } from '../components/require-two-factor-setting';
import { SettingsCard } from '../components/settings-card';
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
        <RequireTwoFactorSetting />
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
  const form = useMutationForm({
    schema: profileForm,
    messages: profileMessages,
    t,
    values: () => ({ ...draft, current_email: currentEmail }),
    mutation: save,
    variables: (profile) => profile,
    onSaved: (auth) => {
      setDraft({ name: auth.user.name, email: auth.user.email, current_password: '' });
      toast.success(t('account.toasts.profileUpdated'));
    },
    failedKey: 'account.toasts.profileFailed',
    fieldOfCode: { email_taken: 'email', wrong_password: 'current_password' },
  });
  const field = draftFields(draft, setDraft, form.errors);

  return (
    <SettingsCard icon={UserRound} title={t('account.profile.title')} text={t('account.profile.text')}>
      <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4" aria-busy={save.isPending}>
        <FormField label={t('account.profile.name')} {...field('name')} autoComplete="name" required maxLength={100} />
        <EmailField
          label={t('account.profile.email')}
          {...field('email')}
          maxLength={254}
          hint={t('account.profile.emailHint')}
        />
        {emailChanges ? (
          <PasswordField
            label={t('account.profile.currentPassword')}
            {...field('current_password')}
            hint={t('account.profile.currentPasswordHint')}
          />
        ) : null}
        <SubmitButton pending={save.isPending} pendingLabel={t('shared.saving')} className="self-end">
          {t('account.profile.submit')}
        </SubmitButton>
      </form>
    </SettingsCard>
  );
}

const EMPTY_PASSWORDS = { current_password: '', new_password: '', confirm_password: '' };

function PasswordForm() {
  const { t } = useAdminTranslation();
  const change = useChangePassword();
  const [draft, setDraft] = useState(EMPTY_PASSWORDS);
  const form = useMutationForm({
    schema: passwordChangeForm,
    messages: passwordChangeMessages,
    t,
    values: () => draft,
    mutation: change,
    variables: (passwords) => passwords,
    onSaved: () => {
      setDraft(EMPTY_PASSWORDS);
      toast.success(t('account.toasts.passwordChanged'));
    },
    failedKey: 'account.toasts.passwordFailed',
    fieldOfCode: { wrong_password: 'current_password' },
  });
  const field = draftFields(draft, setDraft, form.errors);

  return (
    <SettingsCard icon={KeyRound} title={t('account.password.title')} text={t('account.password.text')}>
      <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4" aria-busy={change.isPending}>
        <PasswordField label={t('account.password.current')} {...field('current_password')} />
        <PasswordField
          label={t('account.password.new')}
          {...field('new_password')}
          fresh
          minLength={PASSWORD_MIN_LENGTH}
          hint={t('account.password.newHint', { min: PASSWORD_MIN_LENGTH })}
        />
        <PasswordField label={t('account.password.confirm')} {...field('confirm_password')} fresh />
        <SubmitButton pending={change.isPending} pendingLabel={t('shared.saving')} className="self-end">
          {t('account.password.submit')}
        </SubmitButton>
      </form>
    </SettingsCard>
  );
}
