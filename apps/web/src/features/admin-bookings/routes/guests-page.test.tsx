import { AccountExport, type Guest } from '@roomweek/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_TOKEN, adminBooking, LOAD, mockAdminApi } from '@/features/admin-shell/test/admin-fixtures';
import { admin } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

const guest = (overrides: Partial<Guest> = {}): Guest => ({
  id: 'cccccccc-0000-4000-8000-000000000001',
  name: 'Martin',
  first_name: 'Léa',
  email: 'lea@example.com',
  phone: '+33 6 11 22 33 44',
  language: 'fr',
  created_at: '2030-01-05T09:00:00.000Z',
  bookings: 2,
  anonymised_at: null,
  ...overrides,
});

const anonymised = guest({
  id: 'cccccccc-0000-4000-8000-000000000002',
  name: 'Deleted user',
  first_name: null,
  email: 'deleted-cccccccc-0000-4000-8000-000000000002@deleted.invalid',
  phone: null,
  bookings: 1,
  anonymised_at: '2030-02-01T12:00:00.000Z',
});

describe('admin guests', () => {
  const { createObjectURL, revokeObjectURL } = URL;
  let saved: string[];
  beforeEach(() => {
    saved = [];
    URL.createObjectURL = vi.fn(() => 'blob:guest');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });

  it('lists guests with the server total, searches by what was typed, shows anonymised ones as such, exports one', async () => {
    const { requests } = mockAdminApi({}, {
      'GET /admin/guests': ({ query }) => {
        const q = query.get('q') ?? '';
        const items = [guest(), anonymised].filter((g) => !q || g.email.includes(q));
        return { body: items, headers: { 'X-Total-Count': String(items.length) } };
      },
      'GET /admin/guests/:id/export': () => ({
        body: AccountExport.parse({
          format: 'roomweek-account-export',
          version: 1,
          exported_at: '2030-02-02T10:00:00.000Z',
          profile: { ...admin, ...guest(), role: 'client', is_admin: false, default_password: false },
          bookings: [],
          messages: [],
        }),
        headers: { 'Content-Disposition': 'attachment; filename="roomweek-guest-cccccccc-2030-02-02.json"' },
      }),
    });
    const { user } = renderApp('/admin/guests', { token: ADMIN_TOKEN });
    expect(await screen.findByRole('heading', { level: 1, name: 'Clients' }, LOAD)).toBeInTheDocument();
    const lea = await screen.findByRole('article', { name: 'Léa Martin' });
    expect(lea).toHaveTextContent('lea@example.com · +33 6 11 22 33 44');
    expect(lea).toHaveTextContent('2 réservations');
    expect(screen.getByText('2 clients')).toBeInTheDocument();
    const gone = screen.getByRole('article', { name: 'Anonymisé' });
    expect(gone).toHaveTextContent('Anonymisé le 1 févr. 2030');
    expect(gone).not.toHaveTextContent('deleted.invalid');
    expect(within(gone).queryByRole('button', { name: 'Anonymiser…' })).not.toBeInTheDocument();

    await user.click(within(lea).getByRole('button', { name: 'Exporter les données' }));
    expect(await screen.findByText('Les données du client ont été téléchargées')).toBeInTheDocument();
    expect(saved).toEqual(['roomweek-guest-cccccccc-2030-02-02.json']);
    expect(requests.some((r) => r.path === `/admin/guests/${guest().id}/export`)).toBe(true);

    await user.type(screen.getByLabelText('Rechercher un client'), 'lea@');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Anonymisé' })).not.toBeInTheDocument());
    expect(requests.filter((r) => r.path === '/admin/guests').at(-1)?.query.get('q')).toBe('lea@');
    expect(screen.getByText('1 client')).toBeInTheDocument();
  });

  it("anonymises a guest with the admin's password after saying what happens; a wrong password keeps the dialog", async () => {
    let current = guest();
    const { requests } = mockAdminApi({}, {
      'GET /admin/guests': () => ({ body: [current], headers: { 'X-Total-Count': '1' } }),
      'DELETE /admin/guests/:id': ({ body }) => {
        if ((body as { current_password: string }).current_password !== 'admin123') {
          return { status: 401, body: { code: 'wrong_password', detail: 'The password is incorrect' } };
        }
        current = { ...anonymised, id: current.id };
        return { cancelled_bookings: 1, refund_amount: 350 };
      },
    });
    const { user } = renderApp('/admin/guests', { token: ADMIN_TOKEN });
    const card = await screen.findByRole('article', { name: 'Léa Martin' }, LOAD);
    await user.click(within(card).getByRole('button', { name: 'Anonymiser…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Anonymiser Léa Martin ?' });
    expect(dialog).toHaveTextContent(/tout ce qu'il a payé pour elles lui est remboursé/);
    expect(dialog).toHaveTextContent(/annulez d'abord ces réservations depuis l'écran des réservations/);

    await user.type(within(dialog).getByLabelText('Votre mot de passe administrateur'), 'guess');
    await user.click(within(dialog).getByRole('button', { name: 'Anonymiser' }));
    expect(await within(dialog).findByText('Mot de passe actuel incorrect')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Votre mot de passe administrateur'));
    await user.type(within(dialog).getByLabelText('Votre mot de passe administrateur'), 'admin123');
    await user.click(within(dialog).getByRole('button', { name: 'Anonymiser' }));
    expect(await screen.findByText(/^Le client a été anonymisé et 1 réservation annulée\. 350,00\s€ sont en cours de remboursement$/)).toBeInTheDocument();
    const deletes = requests.filter((r) => r.method === 'DELETE');
    expect(deletes.map((r) => [r.path, r.body])).toEqual([
      [`/admin/guests/${guest().id}`, { current_password: 'guess' }],
      [`/admin/guests/${guest().id}`, { current_password: 'admin123' }],
    ]);
    // The list is asked again: the guest now shows as anonymised.
    expect(await screen.findByRole('article', { name: 'Anonymisé' })).toBeInTheDocument();
  });

  it("shows an anonymised guest's bookings as such on the bookings screen, without the stand-in address", async () => {
    mockAdminApi({ bookings: [adminBooking({ user_name: 'Deleted user', user_email: anonymised.email })] });
    renderApp('/admin/bookings', { token: ADMIN_TOKEN });
    const card = await screen.findByTestId('admin-booking', {}, LOAD);
    expect(within(card).getByText('Client anonymisé')).toBeInTheDocument();
    expect(card).not.toHaveTextContent('deleted.invalid');
    expect(card).not.toHaveTextContent('Deleted user');
  });
});
