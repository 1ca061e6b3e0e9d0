/**
 * Who comes on a stay, and how many a room takes (issue 26). No zod here: the room page's stepper imports these
 * limits at run time.
 */

/** The fewest and the most people a room may be said to take. */
export const MIN_GUESTS = 1;
export const MAX_GUESTS = 30;
/** A room's capacity when its owner has not said. */
export const DEFAULT_MAX_GUESTS = 2;

/** The party of a booking: at least one adult. */
export interface Party {
  adults: number;
  children: number;
}

export const DEFAULT_PARTY: Party = { adults: 1, children: 0 };

export function partySize(party: Party): number {
  return party.adults + party.children;
}

/** Whether a party fits a room of that capacity. */
export function partyFits(party: Party, maxGuests: number): boolean {
  return partySize(party) <= maxGuests;
}
