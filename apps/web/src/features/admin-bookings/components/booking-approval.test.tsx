import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../../test/render-app';
import { ADMIN_TOKEN, adminBooking, LOAD, mockAdminApi } from '@/features/admin-shell/test/admin-fixtures';

// docs/decisions/0029-on-site-bookings-need-proof.md: the owner's answer and the setting.

describe('on-site bookings awaiting approval (admin)', () => {
  it('accepts a request with a message; other bookings offer no answer', async () => {
    const request = adminBooking({ id: 'aaaaaaaa-0000-4000-8000-000000000000', user_name: 'Ana Lima', status: 'pending', payment_method: 'on_site' });
    const card = adminBooking({ id: 'bbbbbbbb-0000-4000-8000-000000000000', user_name: 'Bo Card', status: 'pending', payment_method: 'stripe' });
    const { requests } = mockAdminApi(
      { bookings: [request, card] },
      { 'PUT /admin/bookings/:id/approve': () => ({ ...request, status: 'confirmed' }) },
    );
    const { user } = renderApp('/admin/bookings', { token: ADMIN_TOKEN });
    await screen.findByText('Ana Lima', {}, LOAD);
    const cards = screen.getAllByTestId('admin-booking');
    const bo = cards.find((element) => within(element).queryByText('Bo Card'))!;
    expect(within(bo).queryByRole('button', { name: /Accepter/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Accepter la réservation aaaaaaaa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accepter cette réservation ?' });
    await user.type(within(dialog).getByLabelText('Message au client (facultatif)'), '  Bienvenue !  ');
    await user.click(within(dialog).getByRole('button', { name: 'Accepter la réservation' }));
    expect(await screen.findByText('Réservation acceptée : le client est prévenu')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT' && r.path === `/admin/bookings/${request.id}/approve`);
    expect(put?.body).toEqual({ message: 'Bienvenue !' });
  });

  it('declines without a message, and shows the server refusal translated', async () => {
    const request = adminBooking({ id: 'cccccccc-0000-4000-8000-000000000000', status: 'pending', payment_method: 'on_site' });
    const { requests } = mockAdminApi(
      { bookings: [request] },
      { 'PUT /admin/bookings/:id/decline': () => ({ status: 409, body: { detail: 'no', code: 'booking_not_awaiting_approval' } }) },
    );
    const { user } = renderApp('/admin/bookings', { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: 'Refuser la réservation cccccccc' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Refuser cette réservation ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Refuser la réservation' }));
    expect(await screen.findByText("Cette réservation n'attend pas (ou plus) votre accord")).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT' && r.path === `/admin/bookings/${request.id}/decline`);
    expect(put?.body).toEqual({});
  });

  it('turns the setting on from the booking terms screen', async () => {
    let saved = false;
    const { requests } = mockAdminApi(
      {},
      {
        'GET /admin/booking-settings': () => ({ on_site_requires_approval: saved }),
        'PUT /admin/booking-settings': ({ body }) => {
          saved = (body as { on_site_requires_approval: boolean }).on_site_requires_approval;
          return { on_site_requires_approval: saved };
        },
      },
    );
    const { user } = renderApp('/admin/cancellation-policy', { token: ADMIN_TOKEN });
    const box = await screen.findByRole('checkbox', { name: /Les réservations avec paiement sur place attendent mon accord/ }, LOAD);
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(await screen.findByText('Réglage enregistré')).toBeInTheDocument();
    expect(box).toBeChecked();
    expect(requests.find((r) => r.method === 'PUT' && r.path === '/admin/booking-settings')?.body).toEqual({ on_site_requires_approval: true });
  });
});
