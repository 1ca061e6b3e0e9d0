import type { Booking } from '@roomweek/contract';
import { ClipboardCheck, ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';

/** Where the booking's online check-in stands, and the way to it. */
export function CheckInLine({ booking }: { booking: Booking }) {
  const { t } = useTranslation(['checkin', 'common']);
  const status = booking.check_in_status;
  const complete = status === 'complete';
  const Icon = complete ? ClipboardCheck : ClipboardList;
  return (
    <div
      className={cn(
        'flex flex-wrap items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm',
        complete ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-50 text-amber-900',
      )}
      data-testid="check-in-status"
    >
      <span className="flex items-center gap-2">
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        {t(`status.${status}`)}
      </span>
      <Link to={paths.checkIn(booking.id)} className={buttonClasses(complete ? 'ghost' : 'outline', 'sm')}>
        {t(`open.${status}`)}
      </Link>
    </div>
  );
}
