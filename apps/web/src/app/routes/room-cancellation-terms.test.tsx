import { addDays, calendarDateIn, type CancellationPolicy } from '@roomweek/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/format';
import { setLanguage } from '@/lib/i18n';
import { mockApi } from '../../../test/api-mock';
import { availability, config, room } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const today = calendarDateIn(config.site_time_zone);
const day = (offset: number) => addDays(today, offset);

function api(policy: CancellationPolicy = room.cancellation_policy) {
  return mockApi({
    'GET /config': () => config,
    'GET /auth/me': () => ({ status: 401, body: { detail: 'No token', code: 'unauthorized' } }),
    'GET /rooms/:id': () => ({ ...room, cancellation_policy: policy }),
    'GET /rooms/:id/availability': () => availability([]),
  });
}

/** Opens the room with a stay already chosen (the address carries the dates) and answers its summary. */
async function summaryFor(arrival: string, departure: string) {
  renderApp(`/room/${room.id}?start=${arrival}&end=${departure}`);
  const summary = await screen.findByRole('region', { name: /Résumé du séjour|Stay summary/ });
  await waitFor(() => expect(within(summary).getByTestId('cancellation-terms')).toBeInTheDocument());
  return (within(summary).getByTestId('cancellation-terms').textContent ?? '').replace(/\s/g, ' ');
}

const spaced = (text: string) => text.replace(/\s/g, ' ');

describe('the stay summary tells the cancellation terms (docs/behaviour.md §10)', () => {
  it('gives the last free day for the chosen arrival: arrival − free_until_days', async () => {
    api();
    expect(await summaryFor(day(30), day(37))).toBe(spaced(`Annulation gratuite jusqu'au ${formatDate(day(16), 'fr')}`));
  });

  it('gives the late refund once the free date is past, and nothing from the arrival day', async () => {
    api();
    expect(await summaryFor(day(3), day(10))).toBe("50 % remboursés en cas d'annulation avant l'arrivée");
  });

  it('says nothing comes back when the stay starts today, or when the late terms give nothing', async () => {
    api();
    expect(await summaryFor(day(0), day(7))).toBe("Aucun remboursement en cas d'annulation");
  });

  it("follows the room's own terms: 0 days is free until the day before arrival; 0 % gives nothing after", async () => {
    api({ free_until_days: 0, late_refund_percent: 0 });
    expect(await summaryFor(day(2), day(9))).toBe(spaced(`Annulation gratuite jusqu'au ${formatDate(day(1), 'fr')}`));
  });

  it('writes the date in the visitor language', async () => {
    api({ free_until_days: 10, late_refund_percent: 30 });
    await act(() => setLanguage('en'));
    expect(await summaryFor(day(40), day(47))).toBe(spaced(`Free cancellation until ${formatDate(day(30), 'en')}`));
  });
});
