import { describe, expect, it } from 'vitest';
import { addAmenity, amenityLabel } from './amenities';

describe('room amenities', () => {
  it('ignores blank and repeated amenities', () => {
    expect(addAmenity(['Wi-Fi'], '   ')).toEqual(['Wi-Fi']);
    expect(addAmenity(['Wi-Fi'], ' wi-fi ')).toEqual(['Wi-Fi']);
    expect(addAmenity(['Wi-Fi'], '  Bureau   double ')).toEqual(['Wi-Fi', 'Bureau double']);
  });
});

describe('room amenities from the vocabulary (docs/behaviour.md §15)', () => {
  const vocabulary = [
    { key: 'wifi', label: 'Wi-Fi' },
    { key: 'desk', label: 'Bureau' },
    { key: 'double_bed', label: 'Lit double' },
  ];

  it('adds a word of the vocabulary as its key, whatever its case or spaces, and free text as written', () => {
    expect(addAmenity([], ' wi-fi ', vocabulary)).toEqual(['wifi']);
    expect(addAmenity(['wifi'], 'LIT   DOUBLE', vocabulary)).toEqual(['wifi', 'double_bed']);
    expect(addAmenity(['wifi'], 'desk', vocabulary)).toEqual(['wifi', 'desk']);
    expect(addAmenity(['wifi'], 'Vue sur les étangs', vocabulary)).toEqual(['wifi', 'Vue sur les étangs']);
  });

  it('ignores an amenity already listed, as a key or as the same free text', () => {
    const listed = ['wifi', 'Vue sur les étangs'];
    expect(addAmenity(listed, 'Wi-Fi', vocabulary)).toBe(listed);
    expect(addAmenity(listed, 'wifi', vocabulary)).toBe(listed);
    expect(addAmenity(listed, 'vue sur les ÉTANGS', vocabulary)).toBe(listed);
    // A free text written before the vocabulary knew it is not added again as a key.
    expect(addAmenity(['Bureau'], 'bureau', vocabulary)).toEqual(['Bureau']);
  });

  it('reads a key as its label and free text as written', () => {
    expect(amenityLabel('desk', vocabulary)).toEqual({ label: 'Bureau', freeText: false });
    expect(amenityLabel('Vue sur les étangs', vocabulary)).toEqual({ label: 'Vue sur les étangs', freeText: true });
  });
});
