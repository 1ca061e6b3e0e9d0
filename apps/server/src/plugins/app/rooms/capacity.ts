import { partyFits, partySize, type Party } from '@roomweek/contract';
import { badRequest } from '../../../lib/errors.ts';

/**
 * The one home of "a party fits the room" on the server (issue 26): a booking (`POST /bookings`, the owner's
 * `POST /admin/bookings`) and a quote (`GET /rooms/{id}/quote`) call it; the search asks the same bound in its query
 * (`max_guests >= guests`). More people than the room takes: 400 `too_many_guests`, on the field `adults`.
 */
export function assertPartyFits(room: { maxGuests: number }, party: Party): void {
  if (partyFits(party, room.maxGuests)) return;
  throw badRequest(
    'too_many_guests',
    `This room takes at most ${room.maxGuests} guests (adults and children together); ${partySize(party)} were asked`,
    'adults',
  );
}
