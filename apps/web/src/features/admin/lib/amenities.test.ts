import { describe, expect, it } from 'vitest';
import { addAmenity } from './amenities';

describe('room amenities', () => {
  it('ignores blank and repeated amenities', () => {
    expect(addAmenity(['Wi-Fi'], '   ')).toEqual(['Wi-Fi']);
    expect(addAmenity(['Wi-Fi'], ' wi-fi ')).toEqual(['Wi-Fi']);
    expect(addAmenity(['Wi-Fi'], '  Bureau   double ')).toEqual(['Wi-Fi', 'Bureau double']);
  });
});
