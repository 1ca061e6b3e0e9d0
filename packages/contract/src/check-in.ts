import { z } from 'zod';
import {
  ARRIVAL_TIME_PATTERN,
  CHECK_IN_STATUSES,
  DOCUMENT_NUMBER_PATTERN,
  REGISTRATION_COUNTRIES,
  DOCUMENT_TYPES,
  isCountryCode,
  RELATIONSHIP_KINDS,
  SEXES,
  TEXT_MAX,
} from './check-in-rules.ts';
import { EARLIEST_BIRTH_DATE } from './auth.ts';
import { CalendarDate, Id } from './common.ts';
import { daysBetween } from './dates.ts';
import { MAX_GUESTS } from './party-rules.ts';

export * from './check-in-rules.ts';

export const CheckInStatus = z.enum(CHECK_IN_STATUSES);
export type CheckInStatus = z.infer<typeof CheckInStatus>;
export const DocumentType = z.enum(DOCUMENT_TYPES);
export type DocumentType = z.infer<typeof DocumentType>;
export const Sex = z.enum(SEXES);
export type Sex = z.infer<typeof Sex>;
export const RelationshipKind = z.enum(RELATIONSHIP_KINDS);
export const RegistrationCountry = z.enum(REGISTRATION_COUNTRIES);
export type RegistrationCountry = z.infer<typeof RegistrationCountry>;
export type RelationshipKind = z.infer<typeof RelationshipKind>;

const Text = (max: number) => z.string().trim().min(1).max(max);

/** An ISO 3166-1 alpha-2 code, in capitals. */
export const CountryCode = z
  .string()
  .max(2)
  .refine(isCountryCode, { message: 'Expected an ISO 3166-1 alpha-2 country code in capitals (ES, PT, BE…)' });

export const ArrivalTime = z.string().max(5).regex(ARRIVAL_TIME_PATTERN, { message: 'Expected a time as HH:MM' });

export const TravellerAddress = z.object({
  street: Text(TEXT_MAX.street).nullable(),
  city: Text(TEXT_MAX.city).nullable(),
});

/** For a minor: the adult of the party (their place, counted from 0) and what the minor is to them. */
export const TravellerRelationship = z.object({
  adult: z.number().int().min(0).max(MAX_GUESTS - 1),
  kind: RelationshipKind,
});

/** One person of the party; every field may be left out (null) while the check-in is saved part-way. */
export const TravellerInput = z.object({
  first_name: Text(TEXT_MAX.name).nullish(),
  last_name: Text(TEXT_MAX.name).nullish(),
  sex: Sex.nullish(),
  date_of_birth: CalendarDate.refine((value) => value >= EARLIEST_BIRTH_DATE, { message: `Expected a date after ${EARLIEST_BIRTH_DATE}` }).nullish(),
  nationality: CountryCode.nullish(),
  document_type: DocumentType.nullish(),
  document_number: z
    .string()
    .trim()
    .min(1)
    .max(TEXT_MAX.document_number)
    .regex(DOCUMENT_NUMBER_PATTERN, { message: 'Letters and digits only' })
    .nullish(),
  document_country: CountryCode.nullish(),
  country_of_residence: CountryCode.nullish(),
  address: TravellerAddress.nullish(),
  relationship: TravellerRelationship.nullish(),
});
export type TravellerInput = z.input<typeof TravellerInput>;

/**
 * PUT /bookings/{id}/check-in: the whole check-in as it stands (what is left out is not kept). `travellers[i]` is the
 * party's place i: the adults first, then the children.
 */
export const CheckInBody = z.object({
  arrival_time: ArrivalTime.nullish(),
  travellers: z.array(TravellerInput).max(MAX_GUESTS).default([]),
});
export type CheckInBody = z.input<typeof CheckInBody>;

export const Traveller = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  sex: Sex.nullable(),
  date_of_birth: CalendarDate.nullable(),
  nationality: z.string().nullable(),
  document_type: DocumentType.nullable(),
  document_number: z.string().nullable(),
  document_country: z.string().nullable(),
  country_of_residence: z.string().nullable(),
  address: z.object({ street: z.string().nullable(), city: z.string().nullable() }).nullable(),
  relationship: TravellerRelationship.nullable(),
});
export type Traveller = z.infer<typeof Traveller>;

/** GET and PUT /bookings/{id}/check-in: the check-in, its status and what it still lacks (field paths). */
export const CheckIn = z.object({
  booking_id: Id,
  status: CheckInStatus,
  arrival_time: z.string().nullable(),
  /** The arrival day: ages are counted on it. */
  start_date: CalendarDate,
  /** Whose registration the property follows: which fields the form asks (REGISTRATION_FIELDS). */
  registration_country: RegistrationCountry,
  adults: z.number().int(),
  children: z.number().int(),
  /** One per place of the party (adults first), empty fields null. */
  travellers: z.array(Traveller),
  missing: z.array(z.string()),
  updated_at: z.string().nullable(),
});
export type CheckIn = z.infer<typeof CheckIn>;

/** The longest range one export of check-ins may cover. */
export const MAX_CHECK_IN_EXPORT_DAYS = 366;

/** GET /admin/check-ins: one arrival day, optionally one property's. */
export const CheckInDayQuery = z.object({ date: CalendarDate, property_id: Id.optional() });
export type CheckInDayQuery = z.infer<typeof CheckInDayQuery>;

/** GET /admin/exports/check-ins.csv: the arrivals from `from` to `to` (both included), optionally one property's. */
export const CheckInExportQuery = z
  .object({ from: CalendarDate, to: CalendarDate, property_id: Id.optional() })
  .refine((q) => daysBetween(q.from, q.to) >= 0, { message: 'to must not be before from', path: ['to'] })
  .refine((q) => daysBetween(q.from, q.to) < MAX_CHECK_IN_EXPORT_DAYS, { message: `At most ${MAX_CHECK_IN_EXPORT_DAYS} days at once`, path: ['to'] });
export type CheckInExportQuery = z.infer<typeof CheckInExportQuery>;

/** One arrival of the day and where its check-in stands: each traveller's name (as entered) and whether they are done. */
export const CheckInArrival = z.object({
  booking_id: Id,
  property_id: Id,
  property_name: z.string(),
  room_number: z.string(),
  registration_country: RegistrationCountry,
  guest_name: z.string(),
  end_date: CalendarDate,
  adults: z.number().int(),
  children: z.number().int(),
  arrival_time: z.string().nullable(),
  status: CheckInStatus,
  travellers: z.array(z.object({ name: z.string().nullable(), minor: z.boolean(), complete: z.boolean() })),
});
export type CheckInArrival = z.infer<typeof CheckInArrival>;

export const CheckInDay = z.object({
  date: CalendarDate,
  arrivals: z.array(CheckInArrival),
  /** How many of them are complete. */
  complete: z.number().int(),
});
export type CheckInDay = z.infer<typeof CheckInDay>;
