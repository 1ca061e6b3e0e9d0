import { GUEST_SEARCH_MAX_LENGTH, GUESTS_PAGE_SIZE, may, type Guest } from '@roomweek/contract';
import { Download, Search, UserRoundX, Users } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { PasswordConfirmDialog } from '@/components/password-confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { AdminPage } from '@/features/admin-shell/components/admin-page';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { formatDate, formatPrice } from '@/lib/format';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAnonymiseGuest, useExportGuest, useGuestPage } from '../api/guests';
import { Pagination } from '../components/pagination';

const SEARCH_DELAY_MS = 300;

const guestName = (guest: Guest) => [guest.first_name, guest.name].filter(Boolean).join(' ');

/**
 * docs/behaviour.md §12 the admin's guests: client accounts searched by name, e-mail or phone, 50 a page; a guest's
 * data downloaded for them, or their account anonymised on their request (with the admin's password).
 */
export default function GuestsPage() {
  const { t } = useAdminTranslation();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  // The page belongs to the search it was chosen for: a new search starts at page 1.
  const [paging, setPaging] = useState({ q, page: 1 });
  const page = paging.q === q ? paging.page : 1;
  const list = useGuestPage({ q, page });
  const [anonymising, setAnonymising] = useState<Guest | null>(null);
  const shown = list.data;
  const pageCount = shown ? Math.max(1, Math.ceil(shown.total / GUESTS_PAGE_SIZE)) : 1;

  return (
    <AdminPage title={t('guests.title')} description={t('guests.subtitle')}>
      <div className="flex flex-col gap-1.5 sm:max-w-md">
        <Label htmlFor="guest-search">{t('guests.searchLabel')}</Label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-400" />
          <Input
            id="guest-search"
            type="search"
            className="pl-9"
            placeholder={t('guests.searchPlaceholder')}
            maxLength={GUEST_SEARCH_MAX_LENGTH}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </div>

      {list.isPending ? (
        <div className="flex flex-col gap-3">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-24 rounded-2xl" />
          ))}
        </div>
      ) : list.isError || !shown ? (
        <EmptyState icon={Users} message={t('guests.loadFailed')} />
      ) : shown.items.length === 0 ? (
        <EmptyState icon={Users} message={t('guests.empty')} />
      ) : (
        <section aria-busy={list.isPlaceholderData} className={list.isPlaceholderData ? 'opacity-60' : undefined}>
          <p className="mb-3 text-sm text-stone-600">{t('guests.count', { count: shown.total })}</p>
          <ul className="flex flex-col gap-3">
            {shown.items.map((guest) => (
              <li key={guest.id}>
                <GuestCard guest={guest} onAnonymise={() => setAnonymising(guest)} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <Pagination page={page} pageCount={pageCount} onPageChange={(next) => setPaging({ q, page: next })} />
      <AnonymiseDialog guest={anonymising} onClose={() => setAnonymising(null)} />
    </AdminPage>
  );
}

function GuestCard({ guest, onAnonymise }: { guest: Guest; onAnonymise: () => void }) {
  const { t, i18n } = useAdminTranslation();
  const exporter = useExportGuest();
  const day = (iso: string) => formatDate(iso.slice(0, 10), i18n.language);
  const exportData = () =>
    exporter.mutate(guest.id, {
      onSuccess: () => toast.success(t('guests.exported')),
      onError: (error) => toast.error(errorMessage(t, error, 'guests.exportFailed')),
    });
  const anonymised = guest.anonymised_at !== null;
  const name = anonymised ? t('guests.anonymised') : guestName(guest);
  // Staff read guests; exporting and anonymising are an admin's (the permission table, docs/decisions/0039).
  const manage = may(useSession().user?.role, 'guests.manage');

  return (
    <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between" aria-label={name} role="article">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-stone-900">
          {anonymised ? <Badge variant="neutral">{name}</Badge> : <span className="truncate">{name}</span>}
        </p>
        {anonymised ? (
          <p className="text-sm text-stone-600">{t('guests.anonymisedOn', { date: day(guest.anonymised_at!) })}</p>
        ) : (
          <p className="text-sm break-all text-stone-600">{[guest.email, guest.phone].filter(Boolean).join(' · ')}</p>
        )}
        <p className="text-xs text-stone-500">
          {t('guests.since', { date: day(guest.created_at) })} · {t('guests.bookings', { count: guest.bookings })}
        </p>
      </div>
      <div className={manage ? 'flex flex-wrap gap-2' : 'hidden'}>
        <Button variant="outline" size="sm" onClick={exportData} disabled={exporter.isPending}>
          <Download aria-hidden="true" />
          {exporter.isPending ? t('guests.exporting') : t('guests.export')}
        </Button>
        {anonymised ? null : (
          <Button variant="destructive-outline" size="sm" onClick={onAnonymise}>
            <UserRoundX aria-hidden="true" />
            {t('guests.anonymise')}
          </Button>
        )}
      </div>
    </Card>
  );
}

function AnonymiseDialog({ guest, onClose }: { guest: Guest | null; onClose: () => void }) {
  const { t, i18n } = useAdminTranslation();
  const anonymise = useAnonymiseGuest();
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    setError(undefined);
    onClose();
  };

  const confirm = (password: string) => {
    if (!guest) return;
    setError(undefined);
    anonymise.mutate(
      { id: guest.id, password },
      {
        onSuccess: ({ cancelled_bookings: count, refund_amount: refund }) => {
          close();
          const done = count > 0 ? t('guests.doneBookings', { count }) : t('guests.done');
          toast.success(refund > 0 ? `${done}. ${t('guests.refund', { amount: formatPrice(refund, i18n.language) })}` : done);
        },
        onError: (failure) => {
          const message = errorMessage(t, failure, 'guests.failed');
          setError(message);
          if (!(failure instanceof ApiError && failure.code === 'wrong_password')) toast.error(message);
        },
      },
    );
  };

  return (
    <PasswordConfirmDialog
      open={guest !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={t('guests.dialog.title', { name: guest ? guestName(guest) : '' })}
      description={t('guests.dialog.description')}
      passwordLabel={t('guests.dialog.password')}
      requiredMessage={t('guests.dialog.passwordRequired')}
      confirmLabel={t('guests.dialog.confirm')}
      cancelLabel={t('guests.dialog.cancel')}
      pending={anonymise.isPending}
      error={error}
      onConfirm={confirm}
    >
      <ul className="flex list-disc flex-col gap-2 pl-5 text-sm text-stone-700">
        <li>{t('guests.dialog.upcoming')}</li>
        <li>{t('guests.dialog.past')}</li>
        <li>{t('guests.dialog.erased')}</li>
        <li>{t('guests.dialog.again')}</li>
      </ul>
    </PasswordConfirmDialog>
  );
}
