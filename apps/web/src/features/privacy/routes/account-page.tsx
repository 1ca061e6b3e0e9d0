import { Download, ShieldCheck, Trash2, UserRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { PasswordConfirmDialog } from '@/components/password-confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { formatDate, formatPrice } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useDeleteAccount, useDownloadMyData } from '../api/account-data';
import { SessionsSettings } from '../components/sessions-settings';
import { TwoFactorSettings } from '../components/two-factor-settings';

/** docs/behaviour.md §12: every signed-in user's account page — their details, the export, the deletion. */
export function AccountPage() {
  const { t } = useTranslation(['privacy', 'common']);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <title>{`${t('account.title')} · ${t('app.name')}`}</title>
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('account.title')}</h1>
        <p className="text-stone-600">{t('account.subtitle')}</p>
      </div>
      <Details />
      <TwoFactorSettings />
      <SessionsSettings />
      <DownloadData />
      <DeleteAccount />
      <p className="text-sm">
        <Link to={paths.privacy} className="inline-flex items-center gap-1.5 font-medium text-brand-700 hover:underline">
          <ShieldCheck aria-hidden="true" className="size-4" />
          {t('account.privacyLink')}
        </Link>
      </p>
    </div>
  );
}

function Section({ icon: Icon, title, children }: { icon: typeof UserRound; title: string; children: ReactNode }) {
  return (
    <Card className="flex flex-col gap-4 p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Icon aria-hidden="true" className="size-5 text-brand-600" />
        {title}
      </h2>
      {children}
    </Card>
  );
}

function Details() {
  const { t, i18n } = useTranslation(['privacy', 'common']);
  const { user } = useSession();
  if (!user) return null;
  const none = t('account.profile.none');
  const rows: [string, string][] = [
    [t('account.profile.name'), [user.first_name, user.name].filter(Boolean).join(' ')],
    [t('account.profile.email'), user.email],
    [t('account.profile.phone'), user.phone ?? none],
    [t('account.profile.birthDate'), user.birth_date ? formatDate(user.birth_date, i18n.language) : none],
    [t('account.profile.birthPlace'), user.birth_place ?? none],
  ];
  return (
    <Section icon={UserRound} title={t('account.profile.title')}>
      <dl className="grid gap-3 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-stone-500">{label}</dt>
            <dd className="font-medium break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {user.is_admin ? (
        <Link to={paths.adminAccount} className="text-sm font-medium text-brand-700 hover:underline">
          {t('account.profile.adminSettings')}
        </Link>
      ) : (
        <p className="text-sm text-stone-600">
          <Link to={paths.contact} className="hover:underline">
            {t('account.profile.correct')}
          </Link>
        </p>
      )}
    </Section>
  );
}

function DownloadData() {
  const { t } = useTranslation(['privacy', 'common']);
  const download = useDownloadMyData();
  const start = () =>
    download.mutate(undefined, {
      onSuccess: () => toast.success(t('account.data.downloaded')),
      onError: (error) => toast.error(errorMessage(t, error, 'account.data.failed')),
    });
  return (
    <Section icon={Download} title={t('account.data.title')}>
      <p className="text-sm text-stone-600">{t('account.data.text')}</p>
      <Button onClick={start} disabled={download.isPending} className="self-start">
        <Download aria-hidden="true" />
        {download.isPending ? t('account.data.downloading') : t('account.data.download')}
      </Button>
    </Section>
  );
}

function DeleteAccount() {
  const { t, i18n } = useTranslation(['privacy', 'common']);
  const navigate = useNavigate();
  const { logOut } = useSession();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const confirm = (password: string) => {
    setError(undefined);
    remove.mutate(
      { current_password: password },
      {
        onSuccess: ({ cancelled_bookings: count, refund_amount: refund }) => {
          setOpen(false);
          const done = count > 0 ? t('account.delete.doneBookings', { count }) : t('account.delete.done');
          toast.success(refund > 0 ? `${done}. ${t('account.delete.refund', { amount: formatPrice(refund, i18n.language) })}` : done);
          // Every session of the account has ended on the server: this browser forgets its own, and goes home.
          void navigate(paths.home);
          void logOut();
        },
        onError: (failure) => {
          const message = errorMessage(t, failure, 'account.delete.failed');
          setError(message);
          if (!(failure instanceof ApiError && failure.code === 'wrong_password')) toast.error(message);
        },
      },
    );
  };

  return (
    <Section icon={Trash2} title={t('account.delete.title')}>
      <p className="text-sm text-stone-600">{t('account.delete.text')}</p>
      <Button variant="destructive-outline" className="self-start" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        {t('account.delete.open')}
      </Button>
      <PasswordConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setError(undefined);
        }}
        title={t('account.delete.dialogTitle')}
        description={t('account.delete.dialogDescription')}
        passwordLabel={t('account.delete.password')}
        requiredMessage={t('account.delete.passwordRequired')}
        confirmLabel={t('account.delete.confirm')}
        cancelLabel={t('account.delete.cancel')}
        pending={remove.isPending}
        error={error}
        onConfirm={confirm}
      >
        <ul className="flex list-disc flex-col gap-2 pl-5 text-sm text-stone-700">
          <li>{t('account.delete.upcoming')}</li>
          <li>{t('account.delete.past')}</li>
          <li>{t('account.delete.erased')}</li>
          <li>{t('account.delete.again')}</li>
        </ul>
      </PasswordConfirmDialog>
    </Section>
  );
}
