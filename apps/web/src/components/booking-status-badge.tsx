import type { BookingStatus } from '@roomweek/contract';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { useTranslation, BOOKING_NAMESPACES } from '@/lib/i18n';

/** docs/behaviour.md §4 badges: confirmed default, pending secondary, cancelled destructive. */
const VARIANTS: Record<BookingStatus, BadgeVariant> = {
  confirmed: 'default',
  pending: 'secondary',
  cancelled: 'destructive',
};

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation(BOOKING_NAMESPACES);
  return <Badge variant={VARIANTS[status]}>{t(`bookings.status.${status}`)}</Badge>;
}
