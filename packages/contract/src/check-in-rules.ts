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
 * Where the property registers its guests (issue 32 item 4, docs/decisions/0042): Spain (SES.HOSPEDAJES), Portugal
 * (AIMA's boletim de alojamento), Belgium (the traveller's form), or `other` (every field of the form).
 */
export const REGISTRATION_COUNTRIES = ['ES', 'PT', 'BE', 'other'] as const;
export type RegistrationCountry = (typeof REGISTRATION_COUNTRIES)[number];
export const DEFAULT_REGISTRATION_COUNTRY: RegistrationCountry = 'other';

interface PlaceFields {
  /** What the place must have for the check-in to be complete, in the order the country's registration lists it. */
  required: readonly TravellerField[];
  /** Asked too, but may stay empty (a child's document, when the child has one). */
  optional: readonly TravellerField[];
}

const CHILD_DOCUMENT: readonly TravellerField[] = ['document_type', 'document_number', 'document_country'];

/**
 * Each country's registration: what it asks of an adult and of a minor, in its own order (the export's columns follow
 * it). A field a country does not ask is neither shown nor kept.
 */
export const REGISTRATION_FIELDS: Record<RegistrationCountry, { adult: PlaceFields; minor: PlaceFields }> = {
  ES: {
    adult: {
      required: ['first_name', 'last_name', 'sex', 'document_type', 'document_number', 'document_country', 'nationality', 'date_of_birth', 'address', 'country_of_residence'],
      optional: [],
    },
    minor: {
      required: ['first_name', 'last_name', 'sex', 'nationality', 'date_of_birth', 'address', 'country_of_residence', 'relationship'],
      optional: CHILD_DOCUMENT,
    },
  },
  PT: {
    adult: {
      required: ['last_name', 'first_name', 'nationality', 'date_of_birth', 'document_type', 'document_number', 'document_country', 'country_of_residence'],
      optional: [],
    },
    minor: { required: ['last_name', 'first_name', 'nationality', 'date_of_birth', 'relationship'], optional: CHILD_DOCUMENT },
  },
  BE: {
    adult: { required: ['last_name', 'first_name', 'date_of_birth', 'nationality', 'document_type', 'document_number'], optional: [] },
    minor: { required: ['last_name', 'first_name', 'date_of_birth', 'nationality', 'relationship'], optional: ['document_type', 'document_number'] },
  },
  other: {
    adult: { required: TRAVELLER_FIELDS.filter((field) => field !== 'relationship'), optional: [] },
    minor: {
      required: ['first_name', 'last_name', 'sex', 'date_of_birth', 'nationality', 'relationship'],
      optional: [...CHILD_DOCUMENT, 'country_of_residence'],
    },
  },
};

const placeFields = (index: number, party: Party, country: RegistrationCountry) =>
  REGISTRATION_FIELDS[country][isMinorPlace(index, party) ? 'minor' : 'adult'];

/** The fields a place must have for the check-in to be complete, in the country's order. */
export function requiredFields(index: number, party: Party, country: RegistrationCountry = DEFAULT_REGISTRATION_COUNTRY): readonly TravellerField[] {
  return placeFields(index, party, country).required;
}

/** Whether the form asks the place for `field` (required or not); what is not asked is not kept. */
export function isAsked(field: TravellerField, index: number, party: Party, country: RegistrationCountry = DEFAULT_REGISTRATION_COUNTRY): boolean {
  const fields = placeFields(index, party, country);
  return fields.required.includes(field) || fields.optional.includes(field);
}

/** Every traveller field, the country's adult fields first in its order, then the rest: the export's columns. */
export function registrationOrder(country: RegistrationCountry): TravellerField[] {
  const { adult, minor } = REGISTRATION_FIELDS[country];
  const first = [...new Set([...adult.required, ...minor.required])];
  return [...first, ...TRAVELLER_FIELDS.filter((field) => !first.includes(field))];
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
export function missingCheckInFields(
  checkIn: { arrival_time: string | null; travellers: readonly TravellerEntry[] },
  party: Party,
  country: RegistrationCountry = DEFAULT_REGISTRATION_COUNTRY,
): string[] {
  const missing: string[] = checkIn.arrival_time ? [] : ['arrival_time'];
  for (let index = 0; index < party.adults + party.children; index++) {
    const entry = checkIn.travellers[index] ?? EMPTY_TRAVELLER;
    // In the form's order (TRAVELLER_FIELDS), whatever the country's.
    for (const field of TRAVELLER_FIELDS) if (requiredFields(index, party, country).includes(field) && !filled(entry, field)) missing.push(`travellers.${index}.${field}`);
  }
  return missing;
}

/** `not_started` while nothing is entered, `complete` once nothing is missing, else `incomplete`. */
export function checkInStatus(
  checkIn: { arrival_time: string | null; travellers: readonly TravellerEntry[] } | null,
  party: Party,
  country: RegistrationCountry = DEFAULT_REGISTRATION_COUNTRY,
): CheckInStatus {
  if (!checkIn) return 'not_started';
  const entered = Boolean(checkIn.arrival_time) || checkIn.travellers.some((entry) => TRAVELLER_FIELDS.some((field) => filled(entry, field)));
  if (!entered) return 'not_started';
  return missingCheckInFields(checkIn, party, country).length === 0 ? 'complete' : 'incomplete';
}

export { ISO_COUNTRY_CODES } from './countries.ts';
