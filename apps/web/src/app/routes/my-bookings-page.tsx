import type { Booking } from '@roomweek/contract';
import { lazy, Suspense } from 'react';
import { MyBookingsPage } from '@/features/bookings/routes/my-bookings-page';

/** The payment of a balance (issue 28) loads only when a booking owes one. */
const BalancePayment = lazy(() => import('@/features/payments/components/balance-payment').then((module) => ({ default: module.BalancePayment })));

const payBalance = (booking: Booking) => (
  <Suspense fallback={null}>
    <BalancePayment booking={booking} />
  </Suspense>
);

/**
 * /my-bookings — the bookings feature's page, with the payments feature's way to pay a balance. Features do not import
 * each other; this page joins them.
 */
export function MyBookingsRoutePage() {
  return <MyBookingsPage payBalance={payBalance} />;
}
