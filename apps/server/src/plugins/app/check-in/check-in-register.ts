import {
  EMPTY_TRAVELLER,
  isMinorPlace,
  missingCheckInFields,
  partySize,
  registrationOrder,
  type CheckInArrival,
  type CheckInDay,
  type CheckInStatus,
  type TravellerEntry,
  type TravellerField,
} from '@roomweek/contract';
import type { StoredTraveller } from '../../../db/check-in-schema.ts';
import { csvDocument, csvText } from '../../../lib/csv.ts';
import type { CheckInRepository } from './check-in-repository.ts';
import { presenceOf } from './check-in-status.ts';

type Arrival = Awaited<ReturnType<CheckInRepository['arrivals']>>[number];

export interface CheckInRegisterOptions {
  repository: Pick<CheckInRepository, 'arrivals'>;
  /** Opens a stored traveller (its date of birth and document number) for the authorities' export. */
  open: (stored: StoredTraveller) => TravellerEntry;
}

/** The columns of one traveller field: the address and the relationship take two each. */
const FIELD_COLUMNS: Record<TravellerField, string[]> = {
  first_name: ['first_name'],
  last_name: ['last_name'],
  sex: ['sex'],
  date_of_birth: ['date_of_birth'],
  nationality: ['nationality'],
  document_type: ['document_type'],
  document_number: ['document_number'],
  document_country: ['document_country'],
  country_of_residence: ['country_of_residence'],
  address: ['street', 'city'],
  relationship: ['relationship_adult', 'relationship_kind'],
};

function fieldCells(entry: TravellerEntry, field: TravellerField): string[] {
  if (field === 'address') return [csvText(entry.address?.street ?? ''), csvText(entry.address?.city ?? '')];
  // The adult as the party's place, counted from 1 like the `traveller` column.
  if (field === 'relationship') return entry.relationship ? [String(entry.relationship.adult + 1), entry.relationship.kind] : ['', ''];
  return [csvText(entry[field] ?? '')];
}

const STAY_COLUMNS = ['property', 'room', 'booking', 'arrival', 'departure', 'arrival_time', 'check_in', 'registration_country', 'traveller', 'kind'];

/**
 * The guest registration for the authorities (issue 32 item 4, docs/decisions/0042): who arrives on a day and whose
 * check-in is complete, and the travellers of a range of arrivals as CSV, in the registration country's order.
 */
export class CheckInRegister {
  constructor(private readonly options: CheckInRegisterOptions) {}

  /** The arrivals of one day with each traveller's name and completeness (no document, no date of birth). */
  async day(date: string, propertyId?: string): Promise<CheckInDay> {
    const arrivals = (await this.options.repository.arrivals(date, date, propertyId)).map((row) => this.arrivalOf(row));
    return { date, arrivals, complete: arrivals.filter((arrival) => arrival.status === 'complete').length };
  }

  /**
   * One row per traveller of every arrival from `from` to `to` (places not yet filled included, empty), every field;
   * the traveller fields in the order of the arrivals' registration country (when they differ, the form's order).
   */
  async csv(from: string, to: string, propertyId?: string): Promise<string> {
    const rows = await this.options.repository.arrivals(from, to, propertyId);
    const countries = new Set(rows.map((row) => row.country));
    const order = registrationOrder(countries.size === 1 ? [...countries][0]! : 'other');
    const header = [...STAY_COLUMNS, ...order.flatMap((field) => FIELD_COLUMNS[field])];
    const lines = rows.flatMap((row) => {
      const { booking } = row;
      const travellers = this.travellersOf(row);
      const stay = [
        csvText(row.propertyName),
        csvText(row.roomNumber),
        booking.id,
        booking.startDate,
        booking.endDate,
        row.checkIn?.arrivalTime ?? '',
        this.statusOf(row),
        row.country,
      ];
      return travellers.map((entry, index) => [
        ...stay,
        String(index + 1),
        isMinorPlace(index, booking) ? 'child' : 'adult',
        ...order.flatMap((field) => fieldCells(entry, field)),
      ]);
    });
    return csvDocument(header, lines);
  }

  private travellersOf({ booking, checkIn }: Arrival): TravellerEntry[] {
    const stored = checkIn?.travellers ?? [];
    return Array.from({ length: partySize(booking) }, (_, index) => (stored[index] ? this.options.open(stored[index]) : { ...EMPTY_TRAVELLER }));
  }

  /** As stored with the check-in (counted again when the property's registration country changes). */
  private statusOf({ checkIn }: Arrival): CheckInStatus {
    return checkIn?.status ?? 'not_started';
  }

  private arrivalOf(row: Arrival): CheckInArrival {
    const { booking, checkIn } = row;
    const stored = checkIn?.travellers ?? [];
    // Completeness needs only which fields are filled: the sealed ones are not opened for this list.
    const missing = missingCheckInFields({ arrival_time: checkIn?.arrivalTime ?? null, travellers: stored.map(presenceOf) }, booking, row.country);
    return {
      booking_id: booking.id,
      property_id: row.propertyId,
      property_name: row.propertyName,
      room_number: row.roomNumber,
      registration_country: row.country,
      guest_name: [row.guestFirstName, row.guestName].filter(Boolean).join(' '),
      end_date: booking.endDate,
      adults: booking.adults,
      children: booking.children,
      arrival_time: checkIn?.arrivalTime ?? null,
      status: this.statusOf(row),
      travellers: Array.from({ length: partySize(booking) }, (_, index) => {
        const entry = stored[index];
        const name = [entry?.first_name, entry?.last_name].filter(Boolean).join(' ');
        return { name: name || null, minor: isMinorPlace(index, booking), complete: !missing.some((path) => path.startsWith(`travellers.${index}.`)) };
      }),
    };
  }
}
