import {
  ADMIN_PAGE_SIZE,
  ADMIN_SEARCH_MAX_LENGTH,
  BOOKING_STATUSES,
  type Booking,
  type BookingStatus,
  type CancelBookingBody,
  may,
} from '@roomweek/contract';
import { useSession } from '@/lib/session';
import { Ban, CalendarCheck, CalendarPlus, CalendarX2, Clock, Euro, HandCoins, ListChecks, Search } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadFailedView } from '@/components/status-view';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { AdminPage } from '@/features/admin-shell/components/admin-page';
import { NewBookingDialog, type NewBookingTarget } from '@/features/admin-shell/components/new-booking-dialog';
import { useSiteToday } from '@/config/public-config';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { errorMessage } from '@/lib/error-message';
import { formatCents } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useBookingPage, useBookingSummary, useCancelBooking } from '../api/bookings';
import { AdminBookingCard } from '../components/admin-booking-card';
import { AdminCancelDialog } from '../components/admin-cancel-dialog';
import { BookingsExportButton } from '../components/bookings-export-button';
import { Pagination } from '../components/pagination';
import { RefundDialog, type RefundTarget } from '../components/refund-dialog';
import { StatGrid, StatTile } from '../components/stat-tile';

/**
 * Large lists: the server does the work (decision 0009). The counters come from GET /admin/bookings/summary; the
 * list is one page of 50 from GET /admin/bookings, searched, filtered and counted by the server, so the screen
 * downloads 50 bookings whatever the total. The search is sent once typing pauses, and the page shown stays on
 * screen, dimmed, until the next one arrives.
 */
const SEARCH_DELAY_MS = 300;

const isStatus = (value: string): value is BookingStatus => (BOOKING_STATUSES as readonly string[]).includes(value);

/**
 * docs/behaviour.md §2 admin bookings: counters, search, status filter, cards with badges; cancel with the refund the
 * admin chooses, refund without cancelling, retry a failed refund (§10).
 */
export default function BookingsPage() {
  const { t, i18n } = useAdminTranslation();
  const { user } = useSession();
  const language = i18n.language;
  const summary = useBookingSummary();
  const cancel = useCancelBooking();
  // A link may open the screen on a search (`?q=`, the dashboard's overdue balances).
  const [params] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const [status, setStatus] = useState<BookingStatus | null>(null);
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  // The page belongs to the filter it was chosen for: a new search or status starts again at page 1.
  const [paging, setPaging] = useState({ status, q, page: 1 });
  const page = paging.status === status && paging.q === q ? paging.page : 1;
  const list = useBookingPage({ status, q, page });
  const listTop = useRef<HTMLDivElement>(null);
  const [confirming, setConfirming] = useState<Booking | null>(null);
  const [refunding, setRefunding] = useState<RefundTarget | null>(null);
  const openRefund = useCallback((booking: Booking, retry: boolean) => setRefunding({ booking, retry }), []);
  const [entering, setEntering] = useState<NewBookingTarget | null>(null);
  const siteToday = useSiteToday();

  const shown = list.data;
  const pageCount = shown ? Math.max(1, Math.ceil(shown.total / ADMIN_PAGE_SIZE)) : 1;
  // The list shrank under the page shown (its last booking cancelled under a status filter): show the last page.
  if (shown && !list.isPlaceholderData && page > pageCount) setPaging({ status, q, page: pageCount });
  const stale = search.trim() !== q || list.isPlaceholderData;

  const goTo = (next: number) => {
    setPaging({ status, q, page: next });
    listTop.current?.scrollIntoView({ block: 'start' });
  };

  const onCancel = (booking: Booking, body: CancelBookingBody) =>
    cancel.mutate({ id: booking.id, body }, {
      onSuccess: () => toast.success(t('bookings.toasts.cancelled')),
      onError: (error) => toast.error(errorMessage(t, error, 'bookings.toasts.cancelFailed')),
    });

  const totals = summary.data;
  const mayExport = may(user?.role, 'reports.export');
  const mayCreate = may(user?.role, 'bookings.create');
  const count = (value: number | undefined) => (summary.isError ? '—' : value);

  return (
    <AdminPage
      title={t('bookings.title')}
      description={t('bookings.subtitle')}
      actions={
        mayExport || mayCreate ? (
          <>
            {mayExport ? <BookingsExportButton status={status} q={q} /> : null}
            {mayCreate ? (
              <Button onClick={() => setEntering({})}>
                <CalendarPlus aria-hidden="true" />
                {t('newBooking.action')}
              </Button>
            ) : null}
          </>
        ) : null
      }
    >
      <StatGrid className="lg:grid-cols-3 xl:grid-cols-6">
        <StatTile icon={ListChecks} label={t('bookings.counters.total')} value={count(totals?.total)} tone="stone" />
        <StatTile icon={CalendarCheck} label={t('bookings.counters.confirmed')} value={count(totals?.confirmed)} tone="emerald" />
        <StatTile icon={Clock} label={t('bookings.counters.pending')} value={count(totals?.pending)} tone="amber" />
        <StatTile icon={Ban} label={t('bookings.counters.cancelled')} value={count(totals?.cancelled)} tone="red" />
        <StatTile
          icon={Euro}
          label={t('bookings.counters.revenue')}
          value={summary.isError ? '—' : totals ? formatCents(totals.revenue_cents, language) : undefined}
          tone="brand"
          note={
            totals && totals.refunds_pending > 0
              ? t('shared.refundsPending', {
                  count: totals.refunds_pending,
                  amount: formatCents(totals.refunds_pending_cents, language),
                })
              : undefined
          }
        />
        <StatTile
          icon={HandCoins}
          label={t('bookings.counters.received')}
          value={summary.isError ? '—' : totals ? formatCents(totals.received_cents, language) : undefined}
          tone="sky"
          note={totals && totals.refunds_failed > 0 ? t('shared.refundsFailed', { count: totals.refunds_failed }) : undefined}
        />
      </StatGrid>

      <div ref={listTop} className="flex scroll-mt-20 flex-col gap-3 sm:flex-row sm:items-end" role="search">
        <div className="flex flex-1 flex-col gap-1.5">
          <Label htmlFor="booking-search">{t('bookings.searchLabel')}</Label>
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-400" />
            <Input
              id="booking-search"
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t('bookings.searchPlaceholder')}
              className="pl-9"
              autoComplete="off"
              maxLength={ADMIN_SEARCH_MAX_LENGTH}
            />
          </div>
        </div>
        <div className="flex flex-col gap-1.5 sm:w-56">
          <Label htmlFor="booking-status">{t('bookings.statusLabel')}</Label>
          <NativeSelect
            id="booking-status"
            value={status ?? 'all'}
            onChange={(event) => setStatus(isStatus(event.target.value) ? event.target.value : null)}
          >
            <option value="all">{t('bookings.statusAll')}</option>
            {BOOKING_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`bookings.status.${value}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      {list.isError ? (
        <LoadFailedView t={t} query={list} failedKey="bookings.loadFailed" />
      ) : !shown ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          {[0, 1, 2].map((key) => (
            <Card key={key} className="flex flex-col gap-3 p-5">
              <Skeleton className="h-5 w-48" />
              <Skeleton className="h-10 w-full" />
            </Card>
          ))}
        </div>
      ) : (
        <div
          className={stale ? 'flex flex-col gap-4 opacity-60 transition-opacity' : 'flex flex-col gap-4'}
          aria-busy={stale}
        >
          <p className="text-sm text-stone-600" role="status" aria-live="polite">
            {shown.items.length === 0
              ? null
              : t('bookings.showing', {
                  from: shown.offset + 1,
                  to: shown.offset + shown.items.length,
                  count: shown.total,
                  total: new Intl.NumberFormat(language).format(shown.total),
                })}
          </p>
          {shown.total === 0 ? (
            <EmptyState icon={CalendarX2} message={t('bookings.empty')} />
          ) : (
            <ul className="flex flex-col gap-3" aria-label={t('bookings.listLabel')}>
              {shown.items.map((booking) => (
                <li key={booking.id}>
                  <AdminBookingCard
                    booking={booking}
                    language={language}
                    onCancel={setConfirming}
                    onRefund={openRefund}
                    cancelling={cancel.isPending && cancel.variables.id === booking.id}
                  />
                </li>
              ))}
            </ul>
          )}
          <Pagination page={page} pageCount={pageCount} onPageChange={goTo} />
        </div>
      )}
      <AdminCancelDialog booking={confirming} onClose={() => setConfirming(null)} onConfirm={onCancel} />
      <RefundDialog target={refunding} onClose={() => setRefunding(null)} />
      <NewBookingDialog target={entering} today={siteToday ?? ''} onClose={() => setEntering(null)} />
    </AdminPage>
  );
}
