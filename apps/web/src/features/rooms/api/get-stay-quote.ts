import type { Party } from '@roomweek/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ChosenStay } from '@/lib/stay';

/**
 * GET /rooms/{id}/quote: the server's quote of the chosen stay. The page draws the price itself (the contract's); the
 * quote adds what only the server knows (issue 28): the deposit paid now, the balance and by when, under the room's
 * payment terms as of today.
 */
export const stayQuoteQuery = (id: string, stay: ChosenStay, party: Party) =>
  queryOptions({
    queryKey: [...queryKeys.rooms, id, 'quote', stay.arrival, stay.departure, party.adults, party.children] as const,
    queryFn: ({ signal }) =>
      api.rooms.quote(id, { start_date: stay.arrival, end_date: stay.departure, adults: party.adults, children: party.children }, signal),
    staleTime: 60_000,
  });

/** The payment schedule of the chosen stay: null while none is chosen, loading, or when it is paid in one go. */
export function useStaySchedule(id: string, stay: ChosenStay | null, party: Party): StaySchedule | null {
  const quote = useQuery({
    ...stayQuoteQuery(id, stay ?? { arrival: '', departure: '' }, party),
    enabled: stay !== null,
  });
  const data = stay ? quote.data : undefined;
  if (!data || !data.balance_amount || data.balance_amount <= 0 || !data.balance_due_date) return null;
  return { deposit: data.deposit_amount ?? data.total_price - data.balance_amount, balance: data.balance_amount, dueDate: data.balance_due_date };
}

/** A stay paid in two parts: the deposit now, the balance by its due date (euros, a calendar date). */
export interface StaySchedule {
  deposit: number;
  balance: number;
  dueDate: string;
}
