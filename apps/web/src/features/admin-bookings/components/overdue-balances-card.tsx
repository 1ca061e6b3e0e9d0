import { AlertTriangle } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { adminPaths } from '@/features/admin-shell/paths';
import { formatDate, formatPrice, shortId } from '@/lib/format';
import { useOverdueBalances } from '../api/balances';

/**
 * The dashboard's overdue balances (issue 28): confirmed bookings whose balance is unpaid past its due date and grace
 * days, earliest arrival first; each opens the bookings screen on it. Nothing shows while there is none.
 */
export function OverdueBalancesCard() {
  const { t, i18n } = useAdminTranslation();
  const language = i18n.language;
  const overdue = useOverdueBalances();
  if (!overdue.data || overdue.data.length === 0) return null;
  return (
    <Card className="flex flex-col gap-3 border-red-200 p-5" role="region" aria-labelledby="overdue-balances-title">
      <h2 id="overdue-balances-title" className="flex items-center gap-2 font-semibold text-red-800">
        <AlertTriangle aria-hidden="true" className="size-5" />
        {t('dashboard.overdue.title', { count: overdue.data.length })}
      </h2>
      <ul className="flex flex-col divide-y divide-stone-100 text-sm">
        {overdue.data.map((row) => (
          <li key={row.booking_id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2" data-testid="overdue-balance">
            <span className="flex flex-col">
              <Link
                to={`${adminPaths.bookings}?q=${encodeURIComponent(row.booking_id)}`}
                className="font-medium underline-offset-4 hover:text-brand-700 hover:underline"
              >
                {t('dashboard.overdue.booking', { id: shortId(row.booking_id), name: row.user_name })}
              </Link>
              <span className="text-xs text-stone-500">
                {t('dashboard.overdue.stay', { number: row.room_number, property: row.property_name, start: formatDate(row.start_date, language) })}
              </span>
            </span>
            <span className="text-right">
              <span className="font-semibold text-red-800">{formatPrice(row.balance_amount, language)}</span>
              <span className="block text-xs text-stone-500">{t('dashboard.overdue.due', { date: formatDate(row.balance_due_date, language) })}</span>
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
