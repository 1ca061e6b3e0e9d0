import { describe, expect, it } from 'vitest';
import { freeCancellationUntil } from '@roomweek/contract';
import { cancellationTerms } from './cancellation-terms';
import { newIdempotencyKey } from './idempotency-key';

const policy = { free_until_days: 14, late_refund_percent: 50 };

describe('cancellation terms as the guest is told them (docs/behaviour.md §10)', () => {
  it('is free up to and including arrival − free_until_days', () => {
    expect(cancellationTerms(policy, '2030-03-15', '2030-03-01')).toEqual({ kind: 'free', until: '2030-03-01' });
    expect(cancellationTerms(policy, '2030-03-15', '2030-02-01')).toEqual({ kind: 'free', until: '2030-03-01' });
  });

  it('gives the late percent the day after, until the day before arrival', () => {
    expect(cancellationTerms(policy, '2030-03-15', '2030-03-02')).toEqual({ kind: 'late', percent: 50 });
    expect(cancellationTerms(policy, '2030-03-15', '2030-03-14')).toEqual({ kind: 'late', percent: 50 });
  });

  it('gives nothing from the arrival day, or after the free days when the late percent is 0', () => {
    expect(cancellationTerms(policy, '2030-03-15', '2030-03-15')).toEqual({ kind: 'none' });
    expect(cancellationTerms(policy, '2030-03-15', '2030-03-20')).toEqual({ kind: 'none' });
    expect(cancellationTerms({ free_until_days: 14, late_refund_percent: 0 }, '2030-03-15', '2030-03-10')).toEqual({ kind: 'none' });
  });

  it('never calls the arrival day itself free (a policy of 0 days)', () => {
    const sameDay = { free_until_days: 0, late_refund_percent: 20 };
    expect(freeCancellationUntil(sameDay, '2030-03-01')).toBe('2030-02-28');
    expect(cancellationTerms(sameDay, '2030-03-01', '2030-02-28')).toEqual({ kind: 'free', until: '2030-02-28' });
    expect(cancellationTerms(sameDay, '2030-03-01', '2030-03-01')).toEqual({ kind: 'none' });
  });
});

describe('Idempotency-Key', () => {
  const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('is a new random UUID each time, also where randomUUID is missing (a page over plain http)', () => {
    const keys = new Set([newIdempotencyKey(), newIdempotencyKey()]);
    expect(keys.size).toBe(2);
    for (const key of keys) expect(key).toMatch(V4);

    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const fallback = [newIdempotencyKey(), newIdempotencyKey()];
      expect(fallback[0]).toMatch(V4);
      expect(fallback[0]).not.toBe(fallback[1]);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
