import { afterEach, beforeEach, vi } from 'vitest';

/** Every test of the enclosing describe runs at `now` (only `Date` is faked: timers still run). */
export function atFixedTime(now: string | number | Date) {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
