import type { Booking } from '@roomweek/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api-mock';
import { booking, client, config } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

const base = { 'GET /config': () => config, 'GET /auth/me': () => client };

describe('my bookings', () => {
  it('lists bookings with their details', async () => {
    mockApi({
      ...base,
      'GET /bookings': () => [
        booking(),
        booking({ id: '66666666-6666-4666-8666-666666666666', status: 'cancelled', cancel_reason: 'user', payment_method: 'stripe' }),
      ],
    });
    renderApp('/my-bookings', { token: 't' });
    const first = await screen.findByRole('article', { name: 'Réservation n° 55555555' });
    expect(within(first).getByText('Confirmée')).toBeInTheDocument();
    expect(within(first).getByText('Marie Dupont')).toBeInTheDocument();
    expect(within(first).getByText('4 mars 2030')).toBeInTheDocument();
    expect(within(first).getByText('11 mars 2030')).toBeInTheDocument();
    expect(within(first).getByText(/^100,00\s€$/)).toBeInTheDocument();
    expect(within(first).getByText('Paiement sur place')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Annuler la réservation' })).toBeInTheDocument();

    const cancelled = screen.getByRole('article', { name: 'Réservation n° 66666666' });
    expect(within(cancelled).getByText('Annulée')).toBeInTheDocument();
    expect(within(cancelled).getByText('Carte bancaire')).toBeInTheDocument();
    expect(within(cancelled).queryByRole('button', { name: 'Annuler la réservation' })).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    mockApi({ ...base, 'GET /bookings': () => [] });
    renderApp('/my-bookings', { token: 't' });
    expect(await screen.findByText('Aucune réservation pour le moment')).toBeInTheDocument();
  });

  it('cancels after the confirm prompt, then reloads the list', async () => {
    let current: Booking = booking();
    const { requests } = mockApi({
      ...base,
      'GET /bookings': () => [current],
      'PUT /bookings/:id/cancel': () => {
        current = { ...current, status: 'cancelled', cancel_reason: 'user' };
        return current;
      },
    });
    const { user } = renderApp('/my-bookings', { token: 't' });
    const card = await screen.findByRole('article', { name: 'Réservation n° 55555555' });

    await user.click(within(card).getByRole('button', { name: 'Annuler la réservation' }));
    const prompt = await screen.findByRole('alertdialog', { name: 'Êtes-vous sûr de vouloir annuler cette réservation ?' });
    await user.click(within(prompt).getByRole('button', { name: 'Non, garder' }));
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    await user.click(within(card).getByRole('button', { name: 'Annuler la réservation' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Oui, annuler' }));
    expect(await screen.findByText('Réservation annulée')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PUT')?.path).toBe(`/bookings/${current.id}/cancel`);
    await waitFor(() => expect(within(card).getByText('Annulée')).toBeInTheDocument());
    expect(within(card).queryByRole('button', { name: 'Annuler la réservation' })).not.toBeInTheDocument();
  });

  it('shows the server message when cancelling fails', async () => {
    mockApi({
      ...base,
      'GET /bookings': () => [booking()],
      'PUT /bookings/:id/cancel': () => ({ status: 409, body: { detail: 'Already', code: 'booking_already_cancelled' } }),
    });
    const { user } = renderApp('/my-bookings', { token: 't' });
    const card = await screen.findByRole('article', { name: 'Réservation n° 55555555' });
    await user.click(within(card).getByRole('button', { name: 'Annuler la réservation' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Oui, annuler' }));
    expect(await screen.findByText('Cette réservation est déjà annulée')).toBeInTheDocument();
  });
});
