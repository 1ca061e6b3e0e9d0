import { addDays, daysBetween, MAX_DAYS_AHEAD, MAX_STAY_DAYS, TIMELINE_DAYS, toEuros, type Timeline } from '@roomweek/contract';
import { AppError } from '../../../lib/errors.ts';
import type { CalendarRepository } from './calendar-repository.ts';
import { toBlock } from './calendar-service.ts';

/**
 * The admin's rooms × days timeline (docs/behaviour.md §14) in one call: three reads side by side (rooms, stays,
 * blocks), each in one statement whatever the number of rooms.
 */
export async function timeline(
  repository: CalendarRepository,
  query: { start?: string | undefined; days?: number | undefined },
  context: { today: string; exportUrl: (token: string) => string },
): Promise<Timeline> {
  const start = query.start ?? context.today;
  const days = query.days ?? TIMELINE_DAYS;
  // Anything a calendar could show: two past years, and as far ahead as a stay or a block can reach.
  if (Math.abs(daysBetween(context.today, start)) > MAX_DAYS_AHEAD + MAX_STAY_DAYS) {
    throw new AppError(400, 'validation_error', 'The timeline starts too far from today', 'start');
  }
  const end = addDays(start, days);
  const [rooms, stays, blocks] = await Promise.all([
    repository.timelineRooms(),
    repository.timelineBookings(start, end),
    repository.timelineBlocks(start, end),
  ]);
  const properties = new Map<string, string>();
  for (const room of rooms) properties.set(room.propertyId, room.propertyName);
  const roomIds = new Set(rooms.map((room) => room.id));
  return {
    today: context.today,
    start,
    days,
    properties: [...properties].map(([id, name]) => ({ id, name })),
    rooms: rooms.map((room) => ({
      id: room.id,
      property_id: room.propertyId,
      room_number: room.roomNumber,
      ical_export_url: context.exportUrl(room.icalToken),
    })),
    // Stays and blocks of archived rooms stay in the database; the timeline shows bookable rooms only.
    bookings: stays
      .filter((stay) => roomIds.has(stay.roomId))
      .map((stay) => ({
        id: stay.id,
        room_id: stay.roomId,
        start_date: stay.startDate,
        end_date: stay.endDate,
        status: stay.status,
        user_name: stay.userName,
        user_email: stay.userEmail,
        total_price: toEuros(stay.totalCents),
        paid_amount: toEuros(stay.paidCents),
        payment_method: stay.paymentMethod,
        hold_expires_at: stay.holdExpiresAt?.toISOString() ?? null,
        adults: stay.adults,
        children: stay.children,
        source: stay.source,
      })),
    blocks: blocks.filter(({ block }) => roomIds.has(block.roomId)).map(toBlock),
  };
}
