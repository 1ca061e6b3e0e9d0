import {
  ADULT_AGE,
  ageOn,
  checkInStatus,
  EMPTY_TRAVELLER,
  isAsked,
  isMinorPlace,
  missingCheckInFields,
  partySize,
  TRAVELLER_FIELDS,
  type CheckIn,
  type CheckInBody,
  type RegistrationCountry,
  type TravellerEntry,
  type TravellerInput,
} from '@roomweek/contract';
import type { Database } from '../../../db/client.ts';
import type { StoredTraveller } from '../../../db/check-in-schema.ts';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import type { SecretBox } from '../../../lib/secrets.ts';
import type { UserRow } from '../auth/users-repository.ts';
import type { BookingRow, BookingView } from '../bookings/booking-view.ts';
import type { BookingsRepository } from '../bookings/bookings-repository.ts';
import type { CheckInRepository, CheckInRow } from './check-in-repository.ts';

export interface CheckInServiceOptions {
  db: Database;
  repository: CheckInRepository;
  bookings: Pick<BookingsRepository, 'lock' | 'view'>;
  /** Seals dates of birth and document numbers with SETTINGS_KEY, as the payment secrets. */
  box: SecretBox;
  /** The site's today (the app's clock). */
  today: () => string;
}

type Party = Pick<BookingRow, 'adults' | 'children'>;

/** A traveller as the API takes it, every field present (null where missing). */
function entryOf(input: TravellerInput): TravellerEntry {
  return {
    first_name: input.first_name ?? null,
    last_name: input.last_name ?? null,
    sex: input.sex ?? null,
    date_of_birth: input.date_of_birth ?? null,
    nationality: input.nationality ?? null,
    document_type: input.document_type ?? null,
    document_number: input.document_number ?? null,
    document_country: input.document_country ?? null,
    country_of_residence: input.country_of_residence ?? null,
    address: input.address && (input.address.street || input.address.city) ? { street: input.address.street ?? null, city: input.address.city ?? null } : null,
    relationship: input.relationship ?? null,
  };
}

/**
 * The online check-in of a booking (issue 32, docs/behaviour.md "Online check-in"): its guest or an admin reads and saves
 * it; the rules of a place (adult or minor), the party's size and the sealing of sensitive fields live here.
 */
export class CheckInService {
  constructor(private readonly options: CheckInServiceOptions) {}

  async get(user: UserRow, bookingId: string): Promise<CheckIn> {
    const view = await this.ownBooking(user, bookingId);
    return this.toCheckIn(view.booking, view.propertyRegistrationCountry, await this.options.repository.find(bookingId));
  }

  /** The bookings' check-ins in clear, for their guest's own data export (docs/decisions/0038); absent: never begun. */
  async exportOf(views: BookingView[]): Promise<Map<string, CheckIn>> {
    const rows = new Map((await this.options.repository.findMany(views.map((view) => view.booking.id))).map((row) => [row.bookingId, row]));
    const found = new Map<string, CheckIn>();
    for (const { booking, propertyRegistrationCountry } of views) {
      const row = rows.get(booking.id);
      if (row) found.set(booking.id, this.toCheckIn(booking, propertyRegistrationCountry, row));
    }
    return found;
  }

  async save(user: UserRow, bookingId: string, body: CheckInBody): Promise<CheckIn> {
    const country = (await this.ownBooking(user, bookingId)).propertyRegistrationCountry;
    const travellers = (body.travellers ?? []).map(entryOf);
    const arrivalTime = body.arrival_time ?? null;
    return this.options.db.transaction(async (tx) => {
      const locked = await this.options.bookings.lock(tx, bookingId);
      if (!locked || !this.mayRead(user, locked.booking)) throw notFound('booking_not_found', 'Booking not found');
      const booking = locked.booking;
      if (booking.status === 'cancelled') throw conflict('booking_already_cancelled', 'This booking is cancelled');
      if (booking.endDate < this.options.today()) throw conflict('booking_finished', 'This stay is over');
      this.assertFits(booking, travellers, country);
      const status = checkInStatus({ arrival_time: arrivalTime, travellers }, booking, country);
      const row = await this.options.repository.save(tx, bookingId, { arrivalTime, travellers: travellers.map((entry) => this.seal(entry)), status });
      return this.toCheckIn(booking, country, row);
    });
  }

  private mayRead(user: UserRow, booking: BookingRow): boolean {
    return booking.userId === user.id || user.role === 'admin';
  }

  /** Someone else's booking is answered as missing: its existence is not told. */
  private async ownBooking(user: UserRow, bookingId: string): Promise<BookingView> {
    const view = await this.options.bookings.view(bookingId);
    if (!view || !this.mayRead(user, view.booking)) throw notFound('booking_not_found', 'Booking not found');
    return view;
  }

  /**
   * The party's size, each date of birth against its place (adult: 18 or over on arrival), each minor's adult; a
   * field the registration country does not ask of the place is not kept.
   */
  private assertFits(booking: BookingRow, travellers: TravellerEntry[], country: RegistrationCountry): void {
    if (travellers.length > partySize(booking)) {
      throw badRequest('check_in_party_mismatch', `This booking is for ${partySize(booking)} people`, 'travellers');
    }
    travellers.forEach((entry, index) => {
      const minor = isMinorPlace(index, booking);
      if (entry.date_of_birth) {
        if (entry.date_of_birth > booking.startDate) {
          throw badRequest('validation_error', 'A date of birth cannot be after the arrival', `travellers.${index}.date_of_birth`);
        }
        const age = ageOn(entry.date_of_birth, booking.startDate);
        if (minor !== age < ADULT_AGE) {
          const detail = minor ? `A child must be under ${ADULT_AGE} on arrival` : `An adult must be ${ADULT_AGE} or over on arrival`;
          throw badRequest('traveller_age_mismatch', detail, `travellers.${index}.date_of_birth`);
        }
      }
      if (minor && entry.relationship && entry.relationship.adult >= booking.adults) {
        throw badRequest('guardian_not_adult', 'A child must be tied to one of the adults of the party', `travellers.${index}.relationship.adult`);
      }
      // What is not asked (an adult's relationship, a field the country does not register) is not kept.
      for (const field of TRAVELLER_FIELDS) if (!isAsked(field, index, booking, country)) entry[field] = null;
    });
  }

  private seal({ date_of_birth, document_number, ...rest }: TravellerEntry): StoredTraveller {
    const { box } = this.options;
    return {
      ...rest,
      date_of_birth_sealed: date_of_birth === null ? null : box.seal(date_of_birth),
      document_number_sealed: document_number === null ? null : box.seal(document_number),
    };
  }

  /** A stored traveller in clear (for its guest, an admin, the authorities' export). */
  open({ date_of_birth_sealed, document_number_sealed, ...rest }: StoredTraveller): TravellerEntry {
    const { box } = this.options;
    return {
      ...EMPTY_TRAVELLER,
      ...rest,
      date_of_birth: date_of_birth_sealed === null ? null : box.open(date_of_birth_sealed),
      document_number: document_number_sealed === null ? null : box.open(document_number_sealed),
    };
  }

  private toCheckIn(booking: BookingRow, country: RegistrationCountry, row: CheckInRow | undefined): CheckIn {
    const party: Party = booking;
    const stored = (row?.travellers ?? []).map((traveller) => this.open(traveller));
    const travellers = Array.from({ length: partySize(party) }, (_, index) => stored[index] ?? { ...EMPTY_TRAVELLER });
    const arrivalTime = row?.arrivalTime ?? null;
    return {
      booking_id: booking.id,
      status: checkInStatus(row ? { arrival_time: arrivalTime, travellers: stored } : null, party, country),
      arrival_time: arrivalTime,
      start_date: booking.startDate,
      registration_country: country,
      adults: party.adults,
      children: party.children,
      travellers,
      missing: missingCheckInFields({ arrival_time: arrivalTime, travellers }, party, country),
      updated_at: row?.updatedAt.toISOString() ?? null,
    };
  }
}
