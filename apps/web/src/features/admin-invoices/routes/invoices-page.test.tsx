import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calendarDateIn, type AdminInvoiceList } from '@roomweek/contract';
import { ADMIN_TOKEN, LOAD, mockAdminApi } from '@/features/admin-shell/test/admin-fixtures';
import { config } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

const LIST: AdminInvoiceList = {
  from: '2030-02-01',
  to: '2030-02-28',
  documents: [
    { number: 'RW-2030-00007', kind: 'invoice', issue_date: '2030-02-01', guest: 'Ana Lima', booking_id: '55555555-5555-4555-8555-555555555555', method: 'stripe', net: 716.98, vat: 43.02, taxes: 14, total: 774, url: '/api/invoices/RW-2030-00007.pdf' },
    { number: 'RW-2030-C00002', kind: 'credit_note', issue_date: '2030-02-03', guest: 'Casa Sol Lda (Rui Sá)', booking_id: '55555555-5555-4555-8555-555555555555', method: 'paypal', net: -358.49, vat: -21.51, taxes: -7, total: -387, url: '/api/invoices/RW-2030-C00002.pdf' },
  ],
  totals: { count: 2, net: 358.49, vat: 21.51, taxes: 7, total: 387 },
};

/** Issue 29 §5: the owner's invoices of a period, their totals and the accountant's CSV. */
describe('admin invoices', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the site’s month so far, then the period asked, with its totals, and exports it as CSV', async () => {
    const { requests } = mockAdminApi(
      {},
      {
        'GET /admin/invoices': ({ query }) => ({ ...LIST, from: query.get('from')!, to: query.get('to')! }),
        'GET /admin/exports/invoices.csv': () => ({ body: 'number,date\r\n', headers: { 'Content-Disposition': 'attachment; filename="invoices-2030-02-01-2030-02-28.csv"' } }),
      },
    );
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { user } = renderApp('/admin/invoices', { token: ADMIN_TOKEN });
    await screen.findByRole('heading', { level: 1, name: 'Factures et avoirs' }, LOAD);
    const today = calendarDateIn(config.site_time_zone);
    await waitFor(() => expect(requests.some((r) => r.path === '/admin/invoices')).toBe(true));
    expect(requests.find((r) => r.path === '/admin/invoices')!.query.get('from')).toBe(`${today.slice(0, 8)}01`);

    const table = await screen.findByTestId('invoices-table');
    const rows = within(table).getAllByTestId('invoice-row');
    expect(rows[0]).toHaveTextContent(/RW-2030-00007\s*Facture.*Ana Lima\s*716,98\s€\s*43,02\s€\s*14,00\s€\s*774,00\s€\s*Carte/);
    expect(rows[1]).toHaveTextContent(/RW-2030-C00002\s*Avoir.*Casa Sol Lda \(Rui Sá\)\s*-358,49\s€.*-387,00\s€\s*PayPal/);
    expect(within(table).getByTestId('invoices-totals')).toHaveTextContent(/Totaux\s*358,49\s€\s*21,51\s€\s*7,00\s€\s*387,00\s€/);
    expect(within(table).getByText('2 documents')).toBeInTheDocument();

    const from = screen.getByLabelText('Du');
    const to = screen.getByLabelText('Au');
    await user.clear(from);
    await user.type(from, '2029-01-01');
    await user.clear(to);
    await user.type(to, '2030-02-28');
    // More than 366 days: said, and not asked.
    expect(screen.getByRole('alert')).toHaveTextContent('Au plus 366 jours à la fois.');
    expect(screen.getByRole('button', { name: 'Afficher' })).toBeDisabled();
    await user.clear(from);
    await user.type(from, '2030-02-01');
    await user.click(screen.getByRole('button', { name: 'Afficher' }));
    await waitFor(() => expect(requests.some((r) => r.path === '/admin/invoices' && r.query.get('from') === '2030-02-01' && r.query.get('to') === '2030-02-28')).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Exporter en CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    const exported = requests.find((r) => r.path === '/admin/exports/invoices.csv')!;
    expect([exported.query.get('from'), exported.query.get('to')]).toEqual(['2030-02-01', '2030-02-28']);
  });

  it('says when the period has no document', async () => {
    mockAdminApi({}, { 'GET /admin/invoices': ({ query }) => ({ from: query.get('from')!, to: query.get('to')!, documents: [], totals: { count: 0, net: 0, vat: 0, taxes: 0, total: 0 } }) });
    renderApp('/admin/invoices', { token: ADMIN_TOKEN });
    expect(await screen.findByText('Aucun document sur cette période.', {}, LOAD)).toBeInTheDocument();
  });
});
