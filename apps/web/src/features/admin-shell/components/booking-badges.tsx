import type { Booking, Party, PaymentMethod, RefundStatus } from '@roomweek/contract';
import { Banknote, CreditCard, PhoneCall, Wallet } from 'lucide-react';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { useAdminTranslation } from '../lib/use-admin-translation';

// A booking's status badge is the guest's and the admin's alike: components/booking-status-badge.tsx.

const METHOD_ICONS: Record<PaymentMethod, typeof CreditCard> = {
  on_site: Banknote,
  stripe: CreditCard,
  paypal: Wallet,
};

/** docs/behaviour.md §2: on_site = pay on site, stripe = credit card, paypal. */
export function MethodBadge({ method }: { method: PaymentMethod }) {
  const { t } = useAdminTranslation();
  const Icon = METHOD_ICONS[method];
  return (
    <Badge variant="outline">
      <Icon aria-hidden="true" className="size-3.5" />
      {t(`bookings.method.${method}`)}
    </Badge>
  );
}

/** The booking's latest refund (docs/behaviour.md §10): on its way, done, or failed (the admin retries); none: no badge. */
const REFUND_VARIANTS: Record<Exclude<RefundStatus, 'none'>, BadgeVariant> = {
  pending: 'secondary',
  succeeded: 'neutral',
  failed: 'destructive',
};

export function RefundBadge({ booking }: { booking: Booking }) {
  const { t } = useAdminTranslation();
  if (booking.refund_status === 'none') return null;
  return <Badge variant={REFUND_VARIANTS[booking.refund_status]}>{t(`bookings.refund.${booking.refund_status}`)}</Badge>;
}

/** A booking the owner entered (taken by phone or e-mail, docs/decisions/0032); a booking made on the site: no badge. */
export function SourceBadge({ booking }: { booking: Pick<Booking, 'source'> }) {
  const { t } = useAdminTranslation();
  if (booking.source !== 'admin') return null;
  return (
    <Badge variant="secondary">
      <PhoneCall aria-hidden="true" className="size-3.5" />
      {t('bookings.enteredByOwner')}
    </Badge>
  );
}

/** Who comes: "2 adults, 1 child" (the children left out when there are none). */
export function PartyText({ party }: { party: Party }) {
  const { t } = useAdminTranslation();
  const adults = t('bookings.partyAdults', { count: party.adults });
  return party.children > 0 ? `${adults}, ${t('bookings.partyChildren', { count: party.children })}` : adults;
}
