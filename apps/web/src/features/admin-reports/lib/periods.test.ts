import { describe, expect, it } from 'vitest';
import { presetRange } from './periods';

describe('report periods', () => {
  it.each([
    ['this_month', '2030-02-15', '2030-02-01', '2030-02-28'],
    ['this_month', '2032-02-29', '2032-02-01', '2032-02-29'],
    ['last_month', '2030-01-10', '2029-12-01', '2029-12-31'],
    ['last_month', '2030-03-31', '2030-02-01', '2030-02-28'],
    ['next_3_months', '2030-02-15', '2030-02-15', '2030-05-14'],
    ['next_3_months', '2030-11-30', '2030-11-30', '2031-02-28'],
    ['next_3_months', '2030-10-01', '2030-10-01', '2030-12-31'],
    ['this_year', '2030-06-15', '2030-01-01', '2030-12-31'],
  ] as const)('%s around %s is %s to %s', (preset, today, from, to) => {
    expect(presetRange(preset, today)).toEqual({ from, to });
  });
});
