import { addDays, type TravellerInput } from '@roomweek/contract';

/** The same day `years` years before `date` (`YYYY-MM-DD`); 29 February falls back to the 28th. */
export function yearsBefore(date: string, years: number): string {
  const shifted = `${Number(date.slice(0, 4)) - years}${date.slice(4)}`;
  return shifted.endsWith('-02-29') ? `${shifted.slice(0, 8)}28` : shifted;
}

export const adultAna = (): TravellerInput => ({
  first_name: 'Ana',
  last_name: 'García López',
  sex: 'female',
  date_of_birth: '1985-03-14',
  nationality: 'ES',
  document_type: 'passport',
  document_number: 'PAB123456',
  document_country: 'ES',
  country_of_residence: 'ES',
  address: { street: 'Calle Mayor 1', city: 'Madrid' },
});

export const adultJoao = (): TravellerInput => ({
  first_name: 'João',
  last_name: 'Silva',
  sex: 'male',
  date_of_birth: '1983-07-01',
  nationality: 'PT',
  document_type: 'id_card',
  document_number: '12345678 9 ZZ4',
  document_country: 'PT',
  country_of_residence: 'PT',
  address: { street: 'Rua Augusta 10', city: 'Lisboa' },
});

/** A child of eight on `arrival`, Ana's daughter. */
export const childLucia = (arrival: string): TravellerInput => ({
  first_name: 'Lucía',
  last_name: 'Silva García',
  sex: 'female',
  date_of_birth: addDays(yearsBefore(arrival, 8), -3),
  nationality: 'ES',
  relationship: { adult: 0, kind: 'parent' },
});
