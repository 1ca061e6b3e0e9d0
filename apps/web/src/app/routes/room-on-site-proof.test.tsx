import { addDays, calendarDateIn } from '@roomweek/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockRoutes } from '../../../test/api-mock';
import { availability, booking, client, config, room } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// docs/decisions/0029-on-site-bookings-need-proof.md on the room page.

const day = (offset: number) => addDays(calendarDateIn(config.site_time_zone), offset);

function api(extra: MockRoutes) {
  return mockApi({
    'GET /config': () => config,
    'GET /auth/me': () => ({ ...client, email_verified: false }),
    'GET /rooms/:id': () => room,
    'GET /rooms/:id/availability': () => availability([]),
    ...extra,
  });
}

async function bookOnSite() {
  const app = renderApp(`/room/${room.id}`, { token: 'client-token' });
  await screen.findByRole('heading', { level: 1, name: 'Chambre 101' });
  for (const date of [day(8), day(15)]) {
    await waitFor(() => expect(document.querySelector(`[data-day="${date}"]:not([data-outside]) button`)).not.toBeNull());
    await app.user.click(document.querySelector<HTMLButtonElement>(`[data-day="${date}"]:not([data-outside]) button`)!);
  }
  await app.user.click(screen.getByRole('button', { name: 'Réserver et payer sur place' }));
  return app;
}

describe('paying on site before the e-mail is proved', () => {
  it('says why, offers a new link and sends it', async () => {
    const { requests } = api({
      'POST /bookings': () => ({ status: 403, body: { detail: 'Confirm your e-mail', code: 'email_not_verified' } }),
      'POST /auth/verify-email/resend': () => ({ detail: 'sent' }),
    });
    const { user, router } = await bookOnSite();
    expect(await screen.findByText(/confirmez d'abord votre adresse e-mail avec le lien que nous vous avons envoyé/)).toBeInTheDocument();
    // The toast translates the error code too.
    expect(await screen.findByText(/Confirmez d'abord votre adresse e-mail \(le lien que nous vous avons envoyé\)/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/room/${room.id}`);

    await user.click(screen.getByRole('button', { name: 'Renvoyer le lien de confirmation' }));
    expect(await screen.findByText(/Un nouveau lien vient de vous être envoyé/)).toBeInTheDocument();
    expect(requests.filter((request) => request.path === '/auth/verify-email/resend')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Renvoyer le lien de confirmation' })).not.toBeInTheDocument();
  });

  it('shows the translated error when too many links were asked for', async () => {
    api({
      'POST /bookings': () => ({ status: 403, body: { detail: 'Confirm your e-mail', code: 'email_not_verified' } }),
      'POST /auth/verify-email/resend': () => ({ status: 429, body: { detail: 'Too many', code: 'rate_limited' } }),
    });
    const { user } = await bookOnSite();
    await user.click(await screen.findByRole('button', { name: 'Renvoyer le lien de confirmation' }));
    expect(await screen.findByText(/Trop de tentatives/)).toBeInTheDocument();
  });
});

describe('paying on site when the owner approves on-site bookings', () => {
  it('says the request was sent, then goes to my bookings', async () => {
    const request = booking({ start_date: day(8), end_date: day(15), status: 'pending', payment_method: 'on_site' });
    api({ 'POST /bookings': () => ({ status: 201, body: request }), 'GET /bookings': () => [request] });
    const { router } = await bookOnSite();
    expect(await screen.findByText("Demande envoyée : le propriétaire doit l'accepter")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Demande envoyée' })).toBeDisabled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-bookings'));
    expect(await screen.findByTestId('awaiting-approval')).toHaveTextContent("En attente de l'accord du propriétaire");
  });

  it('shows the translated cap refusal', async () => {
    api({ 'POST /bookings': () => ({ status: 409, body: { detail: 'cap', code: 'too_many_unpaid_nights' } }) });
    await bookOnSite();
    expect(await screen.findByText(/trop de nuits à venir à payer sur place/)).toBeInTheDocument();
  });
});
