/**
 * Adds an amenity to the list: a blank (trimmed) entry is ignored, and so is one already listed (ignoring
 * case); answers the same array when nothing changes.
 */
export function addAmenity(amenities: readonly string[], entry: string): string[] {
  const amenity = entry.trim().replace(/\s+/g, ' ');
  if (!amenity) return amenities as string[];
  const lower = amenity.toLocaleLowerCase();
  if (amenities.some((existing) => existing.toLocaleLowerCase() === lower)) return amenities as string[];
  return [...amenities, amenity];
}
