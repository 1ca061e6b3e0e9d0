import { describe, expect, it } from 'vitest';
import { fromCalendarDate, toCalendarDate } from './calendar-date';
import { formatDate, formatLongDate, formatPrice } from './format';

// Intl separates with (narrow) no-break spaces; compare on plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatting per language', () => {
  it('formats euros', () => {
    expect(plain(formatPrice(1234.5, 'fr'))).toBe('1 234,50 €');
    expect(plain(formatPrice(1234.5, 'es'))).toBe('1234,50 €');
    expect(plain(formatPrice(1234.5, 'pt'))).toBe('1234,50 €');
    expect(plain(formatPrice(1234.5, 'en'))).toBe('€1,234.50');
  });

  it('formats calendar dates without shifting them', () => {
    expect(plain(formatDate('2030-01-01', 'fr'))).toBe('1 janv. 2030');
    expect(plain(formatDate('2030-01-01', 'en'))).toBe('1 Jan 2030');
    expect(plain(formatLongDate('2030-07-04', 'es'))).toBe('jueves, 4 de julio de 2030');
    expect(plain(formatLongDate('2030-07-04', 'pt'))).toBe('quinta-feira, 4 de julho de 2030');
  });

  it('converts calendar dates with local getters (never through UTC)', () => {
    expect(toCalendarDate(new Date(2030, 0, 1, 0, 0))).toBe('2030-01-01');
    expect(toCalendarDate(new Date(2030, 11, 31, 23, 59))).toBe('2030-12-31');
    expect(toCalendarDate(fromCalendarDate('2030-03-31'))).toBe('2030-03-31');
  });
});
