import {
  BedDouble,
  Building2,
  CalendarCheck,
  CalendarDays,
  CalendarRange,
  CalendarX2,
  ChartColumn,
  ChevronRight,
  ClipboardCheck,
  CreditCard,
  Euro,
  HandCoins,
  Landmark,
  MessageCircle,
  ReceiptText,
  UserCog,
  Star,
  Users,
  UsersRound,
  ScrollText,
  type LucideIcon,
} from 'lucide-react';
import { may, type Action } from '@roomweek/contract';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useProperties, useRooms } from '@/features/admin-shell/api/admin-queries';
import { AdminPage } from '@/features/admin-shell/components/admin-page';
import { DefaultCredentialsNotice } from '@/features/admin-shell/components/default-credentials-notice';
import { adminPaths } from '@/features/admin-shell/paths';
import { formatCents } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { useBookingSummary } from '../api/bookings';
import { OverdueBalancesCard } from '../components/overdue-balances-card';
import { SiteWarningsNotice } from '../components/site-warnings-notice';
import { StatGrid, StatTile } from '../components/stat-tile';

// The occupancy chart brings the chart library: it loads after the dashboard, never with it.
const OccupancyForecastCard = lazy(() => import('../components/occupancy-forecast-card'));
// The reports card's texts are the reports' own (reports.json).
const NAMESPACES = ['admin', 'reports', 'bookings', 'common'];

/** Each screen and the action it needs (the contract's permission table): a role sees only the cards it may use. */
const SECTIONS: { key: string; to: string; icon: LucideIcon; action: Action }[] = [
  { key: 'properties', to: adminPaths.properties, icon: Building2, action: 'properties.write' },
  { key: 'rooms', to: adminPaths.rooms, icon: BedDouble, action: 'rooms.write' },
  { key: 'calendar', to: adminPaths.calendar, icon: CalendarDays, action: 'timeline.read' },
  { key: 'availability', to: adminPaths.availability, icon: CalendarRange, action: 'availability.read' },
  { key: 'bookings', to: adminPaths.bookings, icon: CalendarCheck, action: 'bookings.read' },
  { key: 'checkIns', to: adminPaths.checkIns, icon: ClipboardCheck, action: 'check_ins.read' },
  { key: 'guests', to: adminPaths.guests, icon: Users, action: 'guests.read' },
  { key: 'reviews', to: adminPaths.reviews, icon: Star, action: 'reviews.manage' },
  { key: 'paymentSettings', to: adminPaths.paymentSettings, icon: CreditCard, action: 'payments.settings' },
  { key: 'cancellationPolicy', to: adminPaths.cancellationPolicy, icon: CalendarX2, action: 'settings.write' },
  { key: 'whatsapp', to: adminPaths.whatsapp, icon: MessageCircle, action: 'settings.write' },
  { key: 'business', to: adminPaths.business, icon: Landmark, action: 'settings.write' },
  { key: 'invoices', to: adminPaths.invoices, icon: ReceiptText, action: 'invoices.read' },
  { key: 'reports', to: adminPaths.reports, icon: ChartColumn, action: 'reports.read' },
  { key: 'users', to: adminPaths.users, icon: UsersRound, action: 'users.manage' },
  { key: 'audit', to: adminPaths.audit, icon: ScrollText, action: 'audit.read' },
  { key: 'account', to: adminPaths.account, icon: UserCog, action: 'security.settings' },
];

/** docs/behaviour.md §2 admin dashboard: five counters and a card to each management screen. */
export default function DashboardPage() {
  const { t, i18n } = useTranslation(NAMESPACES);
  const { user } = useSession();
  const properties = useProperties();
  const rooms = useRooms();
  const summary = useBookingSummary();
  const totals = summary.data;
  const failed = '—';

  return (
    <AdminPage title={t('dashboard.title')} description={t('dashboard.subtitle', { name: user?.name ?? '' })} back={false}>
      <DefaultCredentialsNotice />
      <SiteWarningsNotice warnings={totals?.warnings} />
      <StatGrid className="lg:grid-cols-5">
        <StatTile
          icon={Building2}
          label={t('dashboard.tiles.properties')}
          value={properties.isError ? failed : properties.data?.length}
        />
        <StatTile icon={BedDouble} label={t('dashboard.tiles.rooms')} value={rooms.isError ? failed : rooms.data?.length} tone="sky" />
        <StatTile
          icon={CalendarCheck}
          label={t('dashboard.tiles.bookings')}
          value={summary.isError ? failed : totals?.total}
          tone="amber"
        />
        <StatTile
          icon={Euro}
          label={t('dashboard.tiles.revenue')}
          value={summary.isError ? failed : totals ? formatCents(totals.revenue_cents, i18n.language) : undefined}
          tone="emerald"
          note={
            totals && totals.refunds_pending > 0
              ? t('shared.refundsPending', {
                  count: totals.refunds_pending,
                  amount: formatCents(totals.refunds_pending_cents, i18n.language),
                })
              : undefined
          }
        />
        <StatTile
          icon={HandCoins}
          label={t('dashboard.tiles.received')}
          value={summary.isError ? failed : totals ? formatCents(totals.received_cents, i18n.language) : undefined}
          tone="sky"
          note={totals && totals.refunds_failed > 0 ? t('shared.refundsFailed', { count: totals.refunds_failed }) : undefined}
        />
      </StatGrid>
      <OverdueBalancesCard />
      {may(user?.role, 'reports.read') ? (
        <Suspense fallback={<Skeleton className="h-60 w-full rounded-2xl" />}>
          <OccupancyForecastCard />
        </Suspense>
      ) : null}

      <nav aria-label={t('dashboard.sectionsLabel')}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {SECTIONS.filter(({ action }) => may(user?.role, action)).map(({ key, to, icon: Icon }) => (
            <li key={key}>
              <Card className="h-full transition hover:border-brand-200 hover:shadow-md">
                <Link
                  to={to}
                  className="group flex h-full items-start gap-4 rounded-2xl p-5 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-stone-100 text-stone-700 group-hover:bg-brand-50 group-hover:text-brand-700">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <span className="flex min-w-0 flex-1 flex-col gap-1">
                    <span className="font-semibold text-stone-900">{t(`dashboard.sections.${key}.title`)}</span>
                    <span className="text-sm text-stone-600">{t(`dashboard.sections.${key}.text`)}</span>
                  </span>
                  <ChevronRight aria-hidden="true" className="mt-1 size-5 text-stone-400 group-hover:text-brand-700" />
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      </nav>
    </AdminPage>
  );
}
