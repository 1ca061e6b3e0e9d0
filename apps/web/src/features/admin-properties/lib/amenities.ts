import type { Amenity } from '@roomweek/contract';

const fold = (text: string) => text.toLocaleLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Adds an amenity to the list (docs/behaviour.md §15): a word of the vocabulary — its label in the admin's language,
 * or its key, whatever the case — is added as its key, shown in each visitor's language; anything else as free text.
 * A blank (trimmed) entry is ignored, and so is one already listed (ignoring case); answers the same array when
 * nothing changes.
 */
export function addAmenity(amenities: readonly string[], entry: string, vocabulary: readonly Amenity[] = []): string[] {
  const amenity = entry.trim().replace(/\s+/g, ' ');
  if (!amenity) return amenities as string[];
  const folded = fold(amenity);
  const known = vocabulary.find(({ key, label }) => fold(label) === folded || key === folded);
  const added = known?.key ?? amenity;
  const shown = (stored: string) => fold(vocabulary.find(({ key }) => key === stored)?.label ?? stored);
  if (amenities.some((existing) => existing === added || shown(existing) === fold(known?.label ?? amenity))) return amenities as string[];
  return [...amenities, added];
}

/** How an amenity of the list reads in the form: a key's label in the admin's language, free text as written. */
export function amenityLabel(amenity: string, vocabulary: readonly Amenity[]): { label: string; freeText: boolean } {
  const known = vocabulary.find(({ key }) => key === amenity);
  return known ? { label: known.label, freeText: false } : { label: amenity, freeText: true };
}
