import { checkInStatus, EMPTY_TRAVELLER, type CheckInStatus, type Party, type RegistrationCountry, type TravellerEntry } from '@roomweek/contract';
import type { Executor } from '../../../db/client.ts';
import type { StoredTraveller } from '../../../db/check-in-schema.ts';
import { checkInsOfProperty, setCheckInStatus } from './check-in-repository.ts';

/** A stored traveller as far as completeness goes: a sealed field is filled, without opening it. */
export function presenceOf({ date_of_birth_sealed, document_number_sealed, ...rest }: StoredTraveller): TravellerEntry {
  return { ...EMPTY_TRAVELLER, ...rest, date_of_birth: date_of_birth_sealed && 'sealed', document_number: document_number_sealed && 'sealed' };
}

/** The status of a check-in as stored, by the registration country's fields. */
export function storedStatus(row: { arrivalTime: string | null; travellers: StoredTraveller[] }, party: Party, country: RegistrationCountry): CheckInStatus {
  return checkInStatus({ arrival_time: row.arrivalTime, travellers: row.travellers.map(presenceOf) }, party, country);
}

/**
 * Counts again the stored status of every check-in of the property's stays (its registration country changed, so the
 * fields a check-in needs did), in the caller's transaction.
 */
export async function recountCheckIns(tx: Executor, propertyId: string): Promise<void> {
  for (const row of await checkInsOfProperty(tx, propertyId)) {
    const status = storedStatus(row, row, row.country);
    if (status !== row.status) await setCheckInStatus(tx, row.bookingId, status);
  }
}
