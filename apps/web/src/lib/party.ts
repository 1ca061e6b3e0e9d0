import { DEFAULT_PARTY, MAX_GUESTS, MIN_GUESTS, type Party } from '@roomweek/contract';
import type { TFunction } from './i18n';

/** A whole number of guests from an address's `guests` (1–30), or null when it holds none. */
export function guestsParam(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,3}$/.test(value)) return null;
  return Math.min(MAX_GUESTS, Math.max(MIN_GUESTS, Number(value)));
}

/** The party a room page starts with: `guests` from the address as adults, or the default party. */
export function partyFromGuests(guests: number | null): Party {
  return guests ? { adults: guests, children: 0 } : DEFAULT_PARTY;
}

/** The party within a room's capacity: children first give way, then adults, never below one adult. */
export function capParty(party: Party, maxGuests: number): Party {
  const adults = Math.max(MIN_GUESTS, Math.min(party.adults, maxGuests));
  const children = Math.max(0, Math.min(party.children, maxGuests - adults));
  return { adults, children };
}

/** "2 adults, 1 child" in the page's language (a party without children names only its adults). */
export function describeParty(t: TFunction, { adults, children }: Party): string {
  const parts = [t('party.adults', { count: adults })];
  if (children > 0) parts.push(t('party.children', { count: children }));
  return parts.join(', ');
}
