import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/api-mock';
import { booking, client, config } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

const base = { 'GET /config': () => config, 'GET /auth/me': () => client };

describe('my bookings: invoices and credit notes (docs/behaviour.md §18)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists a paid booking’s documents and downloads one as its PDF', async () => {
    const paid = booking({ payment_method: 'stripe', paid_amount: 100, refund_amount: 40 });
    const { requests } = mockApi({
      ...base,
      'GET /bookings': () => [paid],
      'GET /bookings/:id/invoices': ({ params }) =>
        params.id === paid.id
          ? [
              { number: 'RW-2030-00007', kind: 'invoice', amount: 100, issued_at: '2030-02-01T10:00:00.000Z', url: '/api/invoices/RW-2030-00007.pdf' },
              { number: 'RW-2030-C00002', kind: 'credit_note', amount: -40, issued_at: '2030-02-03T10:00:00.000Z', url: '/api/invoices/RW-2030-C00002.pdf' },
            ]
          : [],
      'GET /invoices/:number.pdf': () => ({ body: '%PDF-1.7', headers: { 'Content-Disposition': 'inline; filename="RW-2030-00007.pdf"' } }),
    });
    const createObjectURL = vi.fn(() => 'blob:invoice');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderApp('/my-bookings', { token: 't' });

    const list = await screen.findByTestId('invoice-list');
    expect(within(list).getByRole('heading', { name: 'Factures et avoirs' })).toBeInTheDocument();
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/Facture RW-2030-00007 · 1 févr. 2030 · 100,00\s€/);
    expect(items[1]).toHaveTextContent(/Avoir RW-2030-C00002 · 3 févr. 2030 · -40,00\s€/);

    await userEvent.click(within(items[0]!).getByRole('button', { name: 'Télécharger (PDF)' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(requests.some((r) => r.method === 'GET' && r.path === '/invoices/RW-2030-00007.pdf')).toBe(true);
  });

  it('asks for no documents of a booking that received no money', async () => {
    const { requests } = mockApi({ ...base, 'GET /bookings': () => [booking({ paid_amount: 0 })] });
    renderApp('/my-bookings', { token: 't' });
    await screen.findByRole('article', { name: 'Réservation n° 55555555' });
    expect(screen.queryByTestId('invoice-list')).not.toBeInTheDocument();
    expect(requests.some((r) => r.path.endsWith('/invoices'))).toBe(false);
  });
});
