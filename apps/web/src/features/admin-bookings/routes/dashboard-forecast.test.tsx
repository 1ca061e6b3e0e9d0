import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays, calendarDateIn } from '@roomweek/contract';
import { ADMIN_TOKEN, LOAD, mockAdminApi, reportFigures } from '@/features/admin-shell/test/admin-fixtures';
import { config } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

/** Issue 30: the dashboard's occupancy of the next eight weeks, and its way to the reports. */
describe('admin dashboard occupancy', () => {
  it('asks for the eight weeks from today by week and names the chart by its figures', async () => {
    const { requests } = mockAdminApi(
      {},
      {
        'GET /admin/reports': ({ query }) => ({
          from: query.get('from')!,
          to: query.get('to')!,
          group: 'week',
          periods: [
            { start: '2030-02-04', end: '2030-02-10', ...reportFigures({ nights_available: 14, nights_sold: 14, occupancy: 1 }) },
            { start: '2030-02-11', end: '2030-02-17', ...reportFigures({ nights_available: 14, nights_sold: 3, occupancy: 3 / 14 }) },
          ],
          total: reportFigures({ nights_available: 28, nights_sold: 17, occupancy: 17 / 28 }),
        }),
      },
    );
    renderApp('/admin', { token: ADMIN_TOKEN });
    const card = await screen.findByRole('region', { name: 'Occupation, 8 prochaines semaines' }, LOAD);
    const today = calendarDateIn(config.site_time_zone);
    await waitFor(() => expect(requests.some((r) => r.path === '/admin/reports')).toBe(true));
    expect(Object.fromEntries(requests.find((r) => r.path === '/admin/reports')!.query)).toEqual({ from: today, to: addDays(today, 55), group: 'week' });
    expect(
      await within(card).findByRole('img', {
        name: /^Occupation des 8 prochaines semaines : 60,7\s% en moyenne ; au plus haut 100\s% \(4–10 févr\.\), au plus bas 21,4\s% \(11–17 févr\.\)\.$/,
      }),
    ).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Voir les rapports' })).toHaveAttribute('href', '/admin/reports');
  });

  it('says so when the occupancy cannot be loaded, and the rest of the dashboard stays', async () => {
    mockAdminApi({}, { 'GET /admin/reports': () => ({ status: 500, body: { detail: 'boom', code: 'internal_error' } }) });
    renderApp('/admin', { token: ADMIN_TOKEN });
    const card = await screen.findByRole('region', { name: 'Occupation, 8 prochaines semaines' }, LOAD);
    expect(await within(card).findByRole('alert')).toHaveTextContent('Erreur du serveur, veuillez réessayer');
    expect(screen.getByRole('navigation', { name: 'Écrans de gestion' })).toBeInTheDocument();
  });
});
