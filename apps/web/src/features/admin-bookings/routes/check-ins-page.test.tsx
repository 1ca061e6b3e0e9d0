import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, calendarDateIn, type CheckInDay } from '@roomweek/contract';
import { ADMIN_TOKEN, LOAD, mockAdminApi, PROPERTY_A } from '@/features/admin-shell/test/admin-fixtures';
import { admin, config } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

const dayOf = (date: string): CheckInDay => ({
  date,
  complete: 1,
  arrivals: [
    {
      booking_id: '55555555-5555-4555-8555-555555555555',
      property_id: 'aaaaaaaa-0000-4000-8000-000000000001',
      property_name: 'Casa Alfama',
      room_number: '2',
      registration_country: 'PT',
      guest_name: 'Ana García',
      end_date: addDays(date, 7),
      adults: 2,
      children: 1,
      arrival_time: '17:30',
      status: 'incomplete',
      travellers: [
        { name: 'Ana García', minor: false, complete: true },
        { name: 'João', minor: false, complete: false },
        { name: null, minor: true, complete: false },
      ],
    },
    {
      booking_id: '66666666-6666-4666-8666-666666666666',
      property_id: 'aaaaaaaa-0000-4000-8000-000000000001',
      property_name: 'Casa Alfama',
      room_number: '3',
      registration_country: 'PT',
      guest_name: 'Rui Sá',
      end_date: addDays(date, 14),
      adults: 1,
      children: 0,
      arrival_time: null,
      status: 'complete',
      travellers: [{ name: 'Rui Sá', minor: false, complete: true }],
    },
  ],
});

/** Issue 32 item 4: the owner's arrivals of a day, whose check-in is complete, and the export for the authorities. */
describe('admin arrivals and check-in', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the site's today, each arrival and traveller; moves by day; exports the day as CSV", async () => {
    const { requests } = mockAdminApi(
      {},
      {
        'GET /admin/check-ins': ({ query }) => dayOf(query.get('date')!),
        'GET /admin/exports/check-ins.csv': () => ({ body: 'property\r\n', headers: { 'Content-Disposition': 'attachment; filename="check-ins.csv"' } }),
      },
    );
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { user } = renderApp('/admin/check-ins', { token: ADMIN_TOKEN });
    await screen.findByRole('heading', { level: 1, name: 'Arrivées et enregistrement' }, LOAD);
    const today = calendarDateIn(config.site_time_zone);
    await waitFor(() => expect(requests.some((r) => r.path === '/admin/check-ins' && r.query.get('date') === today)).toBe(true));

    expect(await screen.findByTestId('check-ins-summary')).toHaveTextContent('Enregistrements complets : 1 / 2');
    const ana = screen.getByRole('article', { name: 'Ana García' });
    expect(ana).toHaveTextContent(/Casa Alfama · Chambre 2/);
    expect(ana).toHaveTextContent('Arrivée à 17:30');
    expect(within(ana).getByTestId('check-in-mark')).toHaveAttribute('data-status', 'incomplete');
    const travellers = within(ana).getAllByTestId('check-in-traveller');
    expect(travellers.map((row) => row.textContent)).toEqual([
      'Ana García(Adulte, complet)',
      'João(Adulte, informations manquantes)',
      'Pas encore rempli(Enfant, informations manquantes)',
    ]);
    expect(screen.getByRole('article', { name: 'Rui Sá' })).toHaveTextContent('Heure d’arrivée non indiquée');

    await user.click(screen.getByRole('button', { name: 'Jour suivant' }));
    await waitFor(() => expect(requests.some((r) => r.path === '/admin/check-ins' && r.query.get('date') === addDays(today, 1))).toBe(true));
    await user.selectOptions(screen.getByLabelText('Établissement'), PROPERTY_A.id);
    await waitFor(() => expect(requests.some((r) => r.path === '/admin/check-ins' && r.query.get('property_id') === PROPERTY_A.id)).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Export pour les autorités (CSV)' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    const exported = requests.find((r) => r.path === '/admin/exports/check-ins.csv')!;
    expect([exported.query.get('from'), exported.query.get('to'), exported.query.get('property_id')]).toEqual([
      addDays(today, 1),
      addDays(today, 1),
      PROPERTY_A.id,
    ]);
  });

  it('says when nobody arrives, and gives staff no export', async () => {
    mockAdminApi({ user: { ...admin, role: 'staff', is_admin: false } }, { 'GET /admin/check-ins': ({ query }) => ({ date: query.get('date')!, arrivals: [], complete: 0 }) });
    renderApp('/admin/check-ins', { token: ADMIN_TOKEN });
    expect(await screen.findByText('Aucune arrivée ce jour-là.', {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByTestId('check-ins-export')).toBeNull();
  });
});
