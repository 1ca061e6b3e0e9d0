import { PageMeta } from '@/components/page-meta';
import { billingProblems, trimmedBilling, type Party, type PaymentMethod } from '@roomweek/contract';
import { Suspense, useCallback, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { AfterHydration } from '@/components/after-hydration';
import { BackLink } from '@/components/back-link';
import { BillingOption, NO_BILLING, type BillingChoice } from '@/components/billing-fields';
import { ReviewSection } from '@/components/reviews/review-section';
import { StatusView } from '@/components/status-view';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { EmailProofNotice } from '@/features/auth/components/email-proof-notice';
import { useCreateBooking } from '@/features/bookings/api/create-booking';
import { PaymentTabs } from '@/features/payments/components/payment-tabs';
import { useRoom } from '@/features/rooms/api/get-room';
import { DeferredBookingCalendar } from '@/features/rooms/components/deferred-calendar';
import { PartyFields } from '@/features/rooms/components/party-fields';
import { RoomOverview } from '@/features/rooms/components/room-overview';
import { StayChips } from '@/features/rooms/components/stay-chips';
import { StayRulesNote } from '@/features/rooms/components/stay-rules-note';
import { StaySteps } from '@/features/rooms/components/stay-steps';
import { StaySummary } from '@/features/rooms/components/stay-summary';
import { useStaySelection } from '@/features/rooms/hooks/use-stay-selection';
import { useStaySchedule } from '@/features/rooms/api/get-stay-quote';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import type { ReturnToState } from '@/lib/return-to';
import { capParty, guestsParam, partyFromGuests } from '@/lib/party';
import { useSession } from '@/lib/session';
import { stayStep } from '@/lib/stay';
import { useLoggedError } from '@/lib/use-logged-error';

/**
 * /room/:id — composes the rooms feature (room, calendar, stay), the bookings feature (creating the
 * booking) and the payments feature (method tabs). Features do not import each other; this page joins them.
 */
export function RoomBookingPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  const room = useRoom(id);
  const stayState = useStaySelection(id);
  const createBooking = useCreateBooking();
  const [params] = useSearchParams();
  // The party a search asked for (`?guests=`), as adults; within the room's capacity once it is known (issue 26).
  const [wantedParty, setParty] = useState<Party>(() => partyFromGuests(guestsParam(params.get('guests'))));
  // Paying on site was refused until the account proves its e-mail: the notice offers a new link (docs/decisions/0029).
  const [needsEmailProof, setNeedsEmailProof] = useState(false);
  // Other billing details for the invoices (issue 29), checked as the server checks them when booking.
  const [billing, setBilling] = useState<BillingChoice>(NO_BILLING);
  const [billingTried, setBillingTried] = useState(false);
  useLoggedError(room.error, 'Error fetching data');
  // A deposit now, the balance later (issue 28): the server's quote of the chosen stay says whether and how much.
  const schedule = useStaySchedule(id, room.data ? stayState.stay : null, capParty(wantedParty, room.data?.max_guests ?? 1));
  // Keeps its identity while the stay's hook keeps pick's: the calendar (memoized) does not render again for nothing.
  const { pick } = stayState;
  const onPick = useCallback(
    (day: string) => {
      if (pick(day) === 'refused') toast.error(t('errors.room_unavailable'));
    },
    [pick, t],
  );

  if (room.isPending) return <PageSpinner />;
  if (!room.data) {
    const missing = room.error instanceof ApiError && room.error.status === 404;
    return (
      <>
        <PageMeta title={`${t('room.notFound')} · ${t('app.name')}`} description={t('room.notFound')} path={paths.room(id)} noIndex />
        <StatusView
          tone={missing ? 'not-found' : 'error'}
          title={missing ? t('room.notFound') : t('room.loadError')}
          actions={missing ? null : <Button onClick={() => void room.refetch()}>{t('common.retry')}</Button>}
        />
      </>
    );
  }

  const { calendar, selection, stay, search, reset, refreshAvailability } = stayState;
  const roomData = room.data;
  const party = capParty(wantedParty, roomData.max_guests);

  const beginBooking = async (method: PaymentMethod) => {
    if (!user) {
      toast.info(t('toasts.loginToBook'));
      // The chosen dates, even if the router has not written them into the address yet.
      const state: ReturnToState = { from: { pathname: location.pathname, search, hash: location.hash } };
      void navigate(paths.login, { state });
      return null;
    }
    if (!stay) {
      toast.error(t('toasts.selectDates'));
      return null;
    }
    if (billing.open && Object.keys(billingProblems(billing.draft)).length > 0) {
      setBillingTried(true);
      toast.error(t('toasts.billingInvalid'));
      return null;
    }
    try {
      return await createBooking.mutateAsync({
        room_id: roomData.id,
        start_date: stay.arrival,
        end_date: stay.departure,
        adults: party.adults,
        children: party.children,
        payment_method: method,
        ...(billing.open && { billing: trimmedBilling(billing.draft) }),
      });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'room_unavailable') void refreshAvailability();
      if (error instanceof ApiError && error.code === 'email_not_verified') setNeedsEmailProof(true);
      if (error instanceof ApiError && error.code === 'too_many_guests') void room.refetch();
      toast.error(errorMessage(t, error, 'toasts.bookingFailed'));
      return null;
    }
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-6 sm:px-6 sm:py-8">
      <PageMeta
        title={`${t('room.title', { number: roomData.room_number })} · ${roomData.property_name} · ${t('app.name')}`}
        description={[roomData.property_name, ...roomData.amenities].join(' · ')}
        path={paths.room(id)}
        image={roomData.photos[0]}
      />
      <BackLink to={paths.property(roomData.property_id)} label={t('room.back')} className="self-start" />
      <RoomOverview room={roomData} />

      <Card id="book" className="scroll-mt-4 p-4 sm:p-6">
        <h2 className="mb-4 text-2xl font-semibold">{t('room.bookTitle')}</h2>
        <div className="grid gap-8 lg:grid-cols-[auto_minmax(0,1fr)]">
          <div className="min-w-0">
            {calendar ? (
              // Its code (react-day-picker, date-fns' locales) is only downloaded by this page, once the calendar is wanted.
              <DeferredBookingCalendar calendar={calendar} selection={selection} onPick={onPick} />
            ) : (
              <Skeleton className="h-[22rem] w-full max-w-[40rem]" />
            )}
          </div>
          <div className="flex min-w-0 flex-col gap-5">
            <StaySteps step={stayStep(selection)} />
            <StayRulesNote rules={calendar?.rules ?? roomData.rules} />
            <StayChips selection={selection} onReset={reset} />
            <PartyFields party={party} maxGuests={roomData.max_guests} onChange={setParty} />
            {stay ? (
              <StaySummary
                arrival={stay.arrival}
                departure={stay.departure}
                pricing={roomData}
                cancellationPolicy={roomData.cancellation_policy}
                party={party}
                schedule={schedule}
              />
            ) : (
              <p className="rounded-xl bg-stone-50 p-4 text-sm text-stone-600">{t('toasts.selectDates')}</p>
            )}
            {user ? (
              // The signed-in guest's own, absent from the server's HTML: drawn once the page has hydrated. Its strings
              // load apart: the rest of the form does not wait for them.
              <AfterHydration>
                <Suspense fallback={null}>
                  <BillingOption choice={billing} onChange={setBilling} showErrors={billingTried} />
                </Suspense>
              </AfterHydration>
            ) : null}
            <PaymentTabs stay={stay} beginBooking={beginBooking} balance={schedule && { amount: schedule.balance, dueDate: schedule.dueDate }} />
            {needsEmailProof ? <EmailProofNotice /> : null}
          </div>
        </div>
      </Card>

      {/* Verified reviews (docs/decisions/0035): server-rendered with the page. */}
      <Suspense fallback={null}>
        <ReviewSection kind="room" id={id} average={roomData.rating_average} count={roomData.review_count} />
      </Suspense>
    </div>
  );
}
