import type { PaymentStatus } from '@roomweek/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** docs/behaviour.md §4 / §9: the success page asks at most 5 times, 2 seconds apart (tests shorten the wait). */
export const statusPolling = { attempts: 5, intervalMs: 2000 };

/** Statuses that will not change by waiting: polling stops at the first of them. */
const SETTLED: ReadonlySet<PaymentStatus> = new Set(['paid', 'expired', 'cancelled', 'refund_pending', 'refunded']);

export type PaymentCheck =
  | { phase: 'checking' }
  /** A settled answer. */
  | { phase: 'done'; status: PaymentStatus }
  /** Still not settled after the last attempt. */
  | { phase: 'slow' }
  | { phase: 'error' };

/** GET /payments/status/{session_id}, polled until the payment settles or the attempts run out. */
export function usePaymentStatusPolling(sessionId: string | null): PaymentCheck {
  const queryClient = useQueryClient();
  const [check, setCheck] = useState<{ sessionId: string | null; state: PaymentCheck }>({
    sessionId,
    state: sessionId ? { phase: 'checking' } : { phase: 'error' },
  });

  useEffect(() => {
    if (!sessionId) return;
    const controller = new AbortController();
    let timer: number | undefined;
    let attempts = 0;
    let answered = false;
    const settle = (state: PaymentCheck) => {
      if (!controller.signal.aborted) setCheck({ sessionId, state });
    };
    const poll = async () => {
      attempts++;
      try {
        const { payment_status: status } = await api.payments.status(sessionId, controller.signal);
        answered = true;
        if (SETTLED.has(status)) {
          if (status === 'paid') void queryClient.invalidateQueries({ queryKey: queryKeys.bookings });
          settle({ phase: 'done', status });
          return;
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        // Not ours, unknown, not signed in: asking again will not change the answer.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          settle({ phase: 'error' });
          return;
        }
      }
      if (attempts >= statusPolling.attempts) {
        settle(answered ? { phase: 'slow' } : { phase: 'error' });
        return;
      }
      timer = window.setTimeout(() => void poll(), statusPolling.intervalMs);
    };
    void poll();
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [sessionId, queryClient]);

  if (check.sessionId !== sessionId) return sessionId ? { phase: 'checking' } : { phase: 'error' };
  return check.state;
}
