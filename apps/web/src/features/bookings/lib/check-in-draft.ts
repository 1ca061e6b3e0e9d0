import type { CheckIn, CheckInBody, DocumentType, RelationshipKind, Sex, TravellerEntry } from '@roomweek/contract';

/** A traveller as the form holds it: text as typed ('' while empty), choices as their value or ''. */
export interface TravellerDraft {
  first_name: string;
  last_name: string;
  sex: Sex | '';
  date_of_birth: string;
  nationality: string;
  document_type: DocumentType | '';
  document_number: string;
  document_country: string;
  country_of_residence: string;
  street: string;
  city: string;
  relationship_adult: string;
  relationship_kind: RelationshipKind | '';
}

export interface CheckInDraft {
  arrival_time: string;
  travellers: TravellerDraft[];
}

export function draftOf(checkIn: CheckIn): CheckInDraft {
  return {
    arrival_time: checkIn.arrival_time ?? '',
    travellers: checkIn.travellers.map((traveller) => ({
      first_name: traveller.first_name ?? '',
      last_name: traveller.last_name ?? '',
      sex: traveller.sex ?? '',
      date_of_birth: traveller.date_of_birth ?? '',
      nationality: traveller.nationality ?? '',
      document_type: traveller.document_type ?? '',
      document_number: traveller.document_number ?? '',
      document_country: traveller.document_country ?? '',
      country_of_residence: traveller.country_of_residence ?? '',
      street: traveller.address?.street ?? '',
      city: traveller.address?.city ?? '',
      relationship_adult: traveller.relationship ? String(traveller.relationship.adult) : '',
      relationship_kind: traveller.relationship?.kind ?? '',
    })),
  };
}

const text = (value: string) => (value.trim() === '' ? null : value.trim());
const choice = <T extends string>(value: T | '') => (value === '' ? null : value);

/** The traveller as the API takes it: what is empty is null. */
export function entryOf(draft: TravellerDraft, minor: boolean): TravellerEntry {
  const street = text(draft.street);
  const city = text(draft.city);
  return {
    first_name: text(draft.first_name),
    last_name: text(draft.last_name),
    sex: choice(draft.sex),
    date_of_birth: text(draft.date_of_birth),
    nationality: choice(draft.nationality),
    document_type: choice(draft.document_type),
    document_number: text(draft.document_number),
    document_country: choice(draft.document_country),
    country_of_residence: choice(draft.country_of_residence),
    address: street || city ? { street, city } : null,
    relationship:
      minor && draft.relationship_adult !== '' && draft.relationship_kind !== ''
        ? { adult: Number(draft.relationship_adult), kind: draft.relationship_kind }
        : null,
  };
}

export function bodyOf(draft: CheckInDraft, adults: number): CheckInBody & { arrival_time: string | null; travellers: TravellerEntry[] } {
  return {
    arrival_time: text(draft.arrival_time),
    travellers: draft.travellers.map((traveller, index) => entryOf(traveller, index >= adults)),
  };
}
