import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calendarDateIn, type Report } from '@roomweek/contract';
import { ADMIN_TOKEN, adminRoom, LOAD, mockAdminApi, PROPERTY_B, reportFigures } from '@/features/admin-shell/test/admin-fixtures';
import type { MockRequest } from '../../../../test/api-mock';
import { admin, config } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';
import { presetRange } from '../lib/periods';

const ROOMS = [adminRoom(), adminRoom({ id: 'bbbbbbbb-0000-4000-8000-000000000002', property_id: PROPERTY_B.id, room_number: '201' })];

/** Two months of one room, as the server would answer them (whatever range was asked: the table shows the answer). */
const REPORT: Report = {
  from: '2030-01-01',
  to: '2030-02-28',
  group: 'month',
  periods: [
    { start: '2030-01-01', end: '2030-01-31', ...reportFigures({ nights_available: 31, nights_sold: 20, nights_held: 2, occupancy: 20 / 31, rent: 1234.5, fees: 40, taxes: 28, adr: 61.73, revpar: 39.82, bookings: 3, cancellations: 1, cancellation_rate: 0.25, average_stay_nights: 6.67, average_lead_days: 12, by_payment_method: { stripe: 2, paypal: 0, on_site: 1 }, received: 1302.5, refunded: 0 }) },
    { start: '2030-02-01', end: '2030-02-28', ...reportFigures({ nights_available: 28, nights_sold: 7, occupancy: 0.25, rent: 350, taxes: 7, adr: 50, revpar: 12.5, bookings: 1, by_payment_method: { stripe: 0, paypal: 1, on_site: 0 }, received: 357, refunded: 100 }) },
  ],
  total: reportFigures({ nights_available: 59, nights_sold: 27, nights_held: 2, occupancy: 27 / 59, rent: 1584.5, fees: 40, taxes: 35, adr: 58.69, revpar: 26.86, bookings: 4, cancellations: 1, cancellation_rate: 0.2, average_stay_nights: 6.75, average_lead_days: 10.5, by_payment_method: { stripe: 2, paypal: 1, on_site: 1 }, received: 1659.5, refunded: 100 }),
};

const reportCalls = (requests: MockRequest[]) => requests.filter((r) => r.path === '/admin/reports').map((r) => Object.fromEntries(r.query));
const lastReportCall = (requests: MockRequest[]) => reportCalls(requests).at(-1);
const csv = (name: string) => () => ({ body: 'id\r\n', headers: { 'Content-Disposition': `attachment; filename="${name}"` } });

/** Issue 30: the owner's numbers, their filters, charts, table and CSV exports. */
describe('admin reports', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for this month first, then for the period, property, room and grouping chosen', async () => {
    const { requests } = mockAdminApi({ rooms: ROOMS }, { 'GET /admin/reports': () => REPORT });
    const { user } = renderApp('/admin/reports', { token: ADMIN_TOKEN });
    await screen.findByRole('heading', { level: 1, name: 'Rapports' }, LOAD);
    const today = calendarDateIn(config.site_time_zone);
    await waitFor(() => expect(reportCalls(requests)).toHaveLength(1));
    const [year, month] = today.split('-').map(Number) as [number, number];
    const lastDay = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
    expect(reportCalls(requests)[0]).toEqual({ from: `${today.slice(0, 8)}01`, to: lastDay, group: 'month' });

    await user.selectOptions(screen.getByLabelText('Période'), 'Cette année');
    await waitFor(() => expect(lastReportCall(requests)).toEqual({ from: `${year}-01-01`, to: `${year}-12-31`, group: 'month' }));
    await user.selectOptions(screen.getByLabelText('Regrouper par'), 'Semaine');
    await waitFor(() => expect(lastReportCall(requests)).toMatchObject({ group: 'week' }));
    await user.selectOptions(screen.getByLabelText('Logement'), 'Villa Sablon');
    await waitFor(() => expect(lastReportCall(requests)).toEqual({ from: `${year}-01-01`, to: `${year}-12-31`, group: 'week', property_id: PROPERTY_B.id }));
    // Only that property's rooms are offered.
    expect(within(screen.getByLabelText('Chambre')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Toutes les chambres', 'Chambre 201']);
    await user.selectOptions(screen.getByLabelText('Chambre'), 'Chambre 201');
    await waitFor(() => expect(lastReportCall(requests)).toMatchObject({ property_id: PROPERTY_B.id, room_id: ROOMS[1]!.id }));

    // Own dates: the period becomes "custom"; a range ending before it starts, or over three years, is said and not asked.
    const from = screen.getByLabelText('Du');
    const to = screen.getByLabelText('Au');
    await user.clear(from);
    await user.type(from, '2030-03-01');
    await user.clear(to);
    await user.type(to, '2030-02-01');
    expect(screen.getByLabelText('Période')).toHaveValue('custom');
    expect(screen.getByRole('alert')).toHaveTextContent('La date de fin doit suivre la date de début.');
    await user.clear(to);
    await user.type(to, '2033-03-10');
    expect(screen.getByRole('alert')).toHaveTextContent('Au plus 3 ans à la fois.');
    expect(reportCalls(requests).some((call) => call.to === '2030-02-01' || call.to === '2033-03-10')).toBe(false);
    await user.clear(to);
    await user.type(to, '2030-05-31');
    await waitFor(() => expect(lastReportCall(requests)).toEqual({ from: '2030-03-01', to: '2030-05-31', group: 'week', property_id: PROPERTY_B.id, room_id: ROOMS[1]!.id }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the answer’s figures per period and in total, localised, and the charts with their text alternative', async () => {
    const measure = HTMLElement.prototype.getBoundingClientRect;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('recharts-responsive-container') ? DOMRect.fromRect({ width: 640, height: 240 }) : measure.call(this);
    });
    mockAdminApi({}, { 'GET /admin/reports': () => REPORT });
    renderApp('/admin/reports', { token: ADMIN_TOKEN });
    const table = await screen.findByTestId('report-table', {}, LOAD);
    const rows = within(table).getAllByTestId('report-row');
    expect(rows).toHaveLength(2);
    // Period, occupancy, nights sold, available, held, rent, fees, taxes, ADR, RevPAR, bookings, cancellations, rate, stay, lead, card, PayPal, on site, received, refunded.
    expect(rows[0]).toHaveTextContent(/^janv\. 2030\s*64,5\s%\s*20\s*31\s*2\s*1\s234,50\s€\s*40,00\s€\s*28,00\s€\s*61,73\s€\s*39,82\s€\s*3\s*1\s*25\s%\s*6,7\s*12\s*2\s*0\s*1\s*1\s302,50\s€\s*0,00\s€$/);
    expect(rows[1]).toHaveTextContent(/^févr\. 2030\s*25\s%\s*7\s*28\s*0\s*350,00\s€/);
    expect(within(table).getByTestId('report-total')).toHaveTextContent(/^Total\s*45,8\s%\s*27\s*59\s*2\s*1\s584,50\s€\s*40,00\s€\s*35,00\s€.*4\s*1\s*20\s%\s*6,8\s*10,5\s*2\s*1\s*1\s*1\s659,50\s€\s*100,00\s€$/);

    expect(screen.getByRole('img', { name: /^Taux d'occupation : 45,8\s%.*au plus haut 64,5\s% \(janv\. 2030\), au plus bas 25\s% \(févr\. 2030\)/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /en tout 1\s584,50\s€ de loyers, 40,00\s€ de frais et 35,00\s€ de taxes/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Réservations par moyen de paiement : 2 par carte, 1 par PayPal, 1 sur place.' })).toBeInTheDocument();
    // Drawn (jsdom lays nothing out: the charts are given a size): a bar per period, the methods' names on their axis.
    expect(screen.getByTestId('occupancy-chart').querySelectorAll('.recharts-bar-rectangle')).toHaveLength(2);
    // Rent, fees and taxes stacked per month: February has no fees.
    expect(screen.getByTestId('money-chart').querySelectorAll('.recharts-bar-rectangle')).toHaveLength(5);
    expect([...screen.getByTestId('money-chart').querySelectorAll('.recharts-legend-item-text')].map((item) => item.textContent)).toEqual(['Loyers', 'Frais', 'Taxes']);
    expect(within(screen.getByTestId('methods-chart')).getByText('Sur place')).toBeInTheDocument();
  });

  it('says when the report could not be loaded', async () => {
    mockAdminApi({}, { 'GET /admin/reports': () => ({ status: 500, body: { detail: 'boom', code: 'internal_error' } }) });
    renderApp('/admin/reports', { token: ADMIN_TOKEN });
    expect(await screen.findByText("Le rapport n'a pas pu être chargé", {}, LOAD)).toBeInTheDocument();
  });

  it('downloads every booking, and the period’s payments and taxes, as CSV', async () => {
    const { requests } = mockAdminApi(
      {},
      {
        'GET /admin/reports': () => REPORT,
        'GET /admin/exports/bookings.csv': csv('bookings.csv'),
        'GET /admin/exports/payments.csv': csv('payments.csv'),
        'GET /admin/exports/taxes.csv': () => ({ status: 500, body: { detail: 'boom', code: 'internal_error' } }),
      },
    );
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { user } = renderApp('/admin/reports', { token: ADMIN_TOKEN });
    await screen.findByTestId('report-table', {}, LOAD);
    const today = calendarDateIn(config.site_time_zone);
    await user.selectOptions(screen.getByLabelText('Période'), 'Les 3 prochains mois');
    // The dates themselves are lib/periods.test.ts's.
    const period = presetRange('next_3_months', today);
    expect(period.from).toBe(today);
    await waitFor(() => expect(lastReportCall(requests)).toEqual({ ...period, group: 'month' }));

    await user.click(screen.getByRole('button', { name: 'Exporter les réservations (CSV)' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(Object.fromEntries(requests.find((r) => r.path === '/admin/exports/bookings.csv')!.query)).toEqual({});

    await user.click(screen.getByRole('button', { name: 'Exporter les paiements (CSV)' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(2));
    expect(Object.fromEntries(requests.find((r) => r.path === '/admin/exports/payments.csv')!.query)).toEqual(period);

    // A failed export is a toast; nothing is saved.
    await user.click(screen.getByRole('button', { name: 'Exporter les taxes (CSV)' }));
    await waitFor(() => expect(requests.some((r) => r.path === '/admin/exports/taxes.csv')).toBe(true));
    expect(Object.fromEntries(requests.find((r) => r.path === '/admin/exports/taxes.csv')!.query)).toEqual(period);
    expect(await screen.findByText('Erreur du serveur, veuillez réessayer')).toBeInTheDocument();
    expect(createObjectURL).toHaveBeenCalledTimes(2);
  });

  it('shows staff the report but no export', async () => {
    const { requests } = mockAdminApi({ user: { ...admin, role: 'staff', is_admin: false } }, { 'GET /admin/reports': () => REPORT });
    renderApp('/admin/reports', { token: ADMIN_TOKEN });
    await screen.findByTestId('report-table', {}, LOAD);
    expect(screen.queryByRole('button', { name: /Exporter/ })).toBeNull();
    expect(requests.some((r) => r.path.startsWith('/admin/exports/'))).toBe(false);
  });
});
