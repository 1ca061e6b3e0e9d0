/**
 * Online check-in (issue 32): who travels on a booking, as the guest registration of the stay's country asks. No zod
 * here: the check-in form reads what is missing with the same function the server uses for `status`.
 */
import { ISO_COUNTRY_CODES } from './countries.ts';
import type { Party } from './party-rules.ts';

export const CHECK_IN_STATUSES = ['not_started', 'incomplete', 'complete'] as const;
export type CheckInStatus = (typeof CHECK_IN_STATUSES)[number];

export const DOCUMENT_TYPES = ['passport', 'id_card', 'residence_permit', 'driving_licence'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const SEXES = ['female', 'male', 'other'] as const;
export type Sex = (typeof SEXES)[number];

/** What a minor is to the adult of the party named by `relationship.adult`. */
export const RELATIONSHIP_KINDS = ['parent', 'guardian', 'other'] as const;
export type RelationshipKind = (typeof RELATIONSHIP_KINDS)[number];

/** From this age on the arrival day a traveller is an adult. */
export const ADULT_AGE = 18;

export const TEXT_MAX = { name: 100, document_number: 40, street: 200, city: 100 } as const;

/** `HH:MM`, 00:00 to 23:59. */
export const ARRIVAL_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Letters, digits, and inner spaces, dots, slashes or dashes. */
export const DOCUMENT_NUMBER_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9 ./-]*[A-Za-z0-9])?$/;

const COUNTRIES: ReadonlySet<string> = new Set(ISO_COUNTRY_CODES);
export const isCountryCode = (value: string) => COUNTRIES.has(value);

/** One person of the party as entered so far: every field may still be missing (null). */
export interface TravellerEntry {
  first_name: string | null;
  last_name: string | null;
  sex: Sex | null;
  date_of_birth: string | null;
  nationality: string | null;
  document_type: DocumentType | null;
  document_number: string | null;
  document_country: string | null;
  country_of_residence: string | null;
  address: { street: string | null; city: string | null } | null;
  relationship: { adult: number; kind: RelationshipKind } | null;
}

export type TravellerField = keyof TravellerEntry;

export const TRAVELLER_FIELDS = [
  'first_name',
  'last_name',
  'sex',
  'date_of_birth',
  'nationality',
  'document_type',
  'document_number',
  'document_country',
  'country_of_residence',
  'address',
  'relationship',
] as const satisfies readonly TravellerField[];

export const EMPTY_TRAVELLER: TravellerEntry = {
  first_name: null,
  last_name: null,
  sex: null,
  date_of_birth: null,
  nationality: null,
  document_type: null,
  document_number: null,
  document_country: null,
  country_of_residence: null,
  address: null,
  relationship: null,
};

/** The party's places in order: the adults first, then the children (travellers[i] fills place i). */
export const isMinorPlace = (index: number, party: Party) => index >= party.adults;

/**
 * The fields a place must have for the check-in to be complete: an adult every field but `relationship`; a minor
 * names, sex, date of birth, nationality and to which adult they belong (a document only if they have one).
 */
export function requiredFields(index: number, party: Party): TravellerField[] {
  if (isMinorPlace(index, party)) return ['first_name', 'last_name', 'sex', 'date_of_birth', 'nationality', 'relationship'];
  return TRAVELLER_FIELDS.filter((field) => field !== 'relationship');
}

function filled(entry: TravellerEntry, field: TravellerField): boolean {
  if (field === 'address') return Boolean(entry.address?.street && entry.address.city);
  return entry[field] !== null && entry[field] !== undefined;
}

/** Whole years from `dateOfBirth` to `day` (both `YYYY-MM-DD`). */
export function ageOn(dateOfBirth: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return day.slice(5) < dateOfBirth.slice(5) ? years - 1 : years;
}

/** What the check-in still lacks, as field paths (`arrival_time`, `travellers.2.date_of_birth`), in the form's order. */
export function missingCheckInFields(checkIn: { arrival_time: string | null; travellers: readonly TravellerEntry[] }, party: Party): string[] {
  const missing: string[] = checkIn.arrival_time ? [] : ['arrival_time'];
  for (let index = 0; index < party.adults + party.children; index++) {
    const entry = checkIn.travellers[index] ?? EMPTY_TRAVELLER;
    for (const field of requiredFields(index, party)) if (!filled(entry, field)) missing.push(`travellers.${index}.${field}`);
  }
  return missing;
}

/** `not_started` while nothing is entered, `complete` once nothing is missing, else `incomplete`. */
export function checkInStatus(checkIn: { arrival_time: string | null; travellers: readonly TravellerEntry[] } | null, party: Party): CheckInStatus {
  if (!checkIn) return 'not_started';
  const entered = Boolean(checkIn.arrival_time) || checkIn.travellers.some((entry) => TRAVELLER_FIELDS.some((field) => filled(entry, field)));
  if (!entered) return 'not_started';
  return missingCheckInFields(checkIn, party).length === 0 ? 'complete' : 'incomplete';
}

export { ISO_COUNTRY_CODES } from './countries.ts';
