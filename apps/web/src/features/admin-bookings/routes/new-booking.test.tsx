import type { AdminCreateBookingBody, Booking } from '@roomweek/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, adminBooking, adminRoom, LOAD, mockAdminApi, PROPERTY_A, PROPERTY_B } from '@/features/admin-shell/test/admin-fixtures';
import type { MockRoutes } from '../../../../test/api-mock';
import { renderApp } from '../../../../test/render-app';

// Issue 26 item 5, docs/decisions/0032: the owner enters a booking taken by phone or e-mail.

const ROOM_101 = adminRoom({ max_guests: 2 });
const ROOM_7 = adminRoom({ id: 'bbbbbbbb-0000-4000-8000-000000000007', property_id: PROPERTY_B.id, room_number: '7', max_guests: 6 });

/** The fake server: bookings entered join the list; `refusals` are answered first, one per call. */
function server(refusals: { status: 400 | 409; code: string; field?: string }[] = []) {
  const bookings: Booking[] = [adminBooking({ user_name: 'Web Guest', source: 'web' })];
  const posted: AdminCreateBookingBody[] = [];
  const routes: MockRoutes = {
    'POST /admin/bookings': ({ body }) => {
      posted.push(body);
      const refusal = refusals.shift();
      if (refusal) return { status: refusal.status, body: { detail: 'refused', code: refusal.code, field: refusal.field } };
      const created = adminBooking({
        room_id: body.room_id,
        start_date: body.start_date,
        end_date: body.end_date,
        adults: Number(body.adults),
        children: Number(body.children),
        user_name: body.guest_name,
        user_email: body.guest_email,
        source: 'admin',
      });
      bookings.unshift(created);
      return { status: 201, body: created };
    },
  };
  const api = mockAdminApi({ bookings, rooms: [ROOM_101, ROOM_7], properties: [PROPERTY_A, PROPERTY_B] }, routes);
  return { ...api, posted };
}

async function openDialog() {
  const { user } = renderApp('/admin/bookings', { token: ADMIN_TOKEN });
  await user.click(await screen.findByRole('button', { name: 'Nouvelle réservation' }, LOAD));
  const dialog = await screen.findByRole('dialog', { name: 'Nouvelle réservation' });
  return { user, dialog };
}

describe('the owner enters a booking', () => {
  it('checks the form before sending: required fields, an e-mail, the departure after the arrival, the room capacity', async () => {
    const { posted } = server();
    const { user, dialog } = await openDialog();
    const room = within(dialog).getByRole('combobox', { name: 'Chambre' });
    // Rooms grouped by property.
    expect(within(room).getAllByRole('group').map((group) => group.getAttribute('label'))).toEqual([PROPERTY_A.name, PROPERTY_B.name]);

    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer la réservation' }));
    expect(within(dialog).getAllByText('Ce champ est obligatoire')).toHaveLength(3);

    await user.selectOptions(room, ROOM_101.id);
    expect(within(dialog).getByText('Cette chambre accueille 2 personnes au plus')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('E-mail du client'), 'not-an-address');
    await user.type(within(dialog).getByLabelText('Nom du client'), 'Ana Lopes');
    await user.clear(within(dialog).getByLabelText('Départ (premier jour libre)'));
    await user.type(within(dialog).getByLabelText('Départ (premier jour libre)'), '2020-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Un adulte de plus' }));
    await user.click(within(dialog).getByRole('button', { name: 'Un enfant de plus' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer la réservation' }));
    expect(within(dialog).getByText('Adresse e-mail invalide')).toBeInTheDocument();
    expect(within(dialog).getByText("La date de départ doit être après la date d'arrivée")).toBeInTheDocument();
    expect(within(dialog).getByText('Trop de voyageurs pour cette chambre')).toBeInTheDocument();
    // One fewer adult cannot go below one.
    await user.click(within(dialog).getByRole('button', { name: 'Un adulte de moins' }));
    expect(within(dialog).getByRole('button', { name: 'Un adulte de moins' })).toBeDisabled();
    expect(posted).toEqual([]);
  });

  it("shows the server's refusals under their field and as a toast, sends ignore_rules, then lists the booking with its party and marker", async () => {
    const { posted } = server([
      { status: 409, code: 'room_unavailable' },
      { status: 400, code: 'changeover_day', field: 'start_date' },
    ]);
    const { user, dialog } = await openDialog();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Chambre' }), ROOM_7.id);
    const arrival = within(dialog).getByLabelText('Arrivée');
    const departure = within(dialog).getByLabelText('Départ (premier jour libre)');
    await user.clear(arrival);
    await user.type(arrival, '2025-05-03');
    await user.clear(departure);
    await user.type(departure, '2025-05-10');
    await user.click(within(dialog).getByRole('button', { name: 'Un adulte de plus' }));
    await user.click(within(dialog).getByRole('button', { name: 'Un enfant de plus' }));
    await user.type(within(dialog).getByLabelText('E-mail du client'), 'rui@example.com');
    await user.type(within(dialog).getByLabelText('Nom du client'), 'Rui Costa');
    // A new guest's e-mails in the language the owner picks (the site's by default).
    const language = within(dialog).getByRole('combobox', { name: 'Langue du client' });
    expect(language).toHaveValue('fr');
    await user.selectOptions(language, 'Português');
    await user.type(within(dialog).getByLabelText('Note (jamais montrée au client)'), 'Called on Monday');

    const submit = within(dialog).getByRole('button', { name: 'Enregistrer la réservation' });
    await user.click(submit);
    const taken = 'Chambre non disponible pour ces dates';
    // Under the arrival, and as a toast.
    await waitFor(() => expect(within(dialog).getByText(taken)).toBeInTheDocument());
    await waitFor(() => expect(screen.getAllByText(taken)).toHaveLength(2));
    expect(arrival).toHaveAttribute('aria-invalid', 'true');

    await user.click(submit);
    expect(await within(dialog).findByText('Les arrivées et départs ne sont pas possibles ce jour-là pour cette chambre')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('checkbox', { name: /Ignorer les règles de séjour/ }));
    await user.click(submit);
    expect(await screen.findByText('Réservation de Rui Costa enregistrée')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = { room_id: ROOM_7.id, start_date: '2025-05-03', end_date: '2025-05-10', adults: 2, children: 1, guest_email: 'rui@example.com', guest_name: 'Rui Costa', guest_language: 'pt', payment_method: 'on_site', note: 'Called on Monday' };
    expect(posted).toEqual([
      { ...body, ignore_rules: false },
      { ...body, ignore_rules: false },
      { ...body, ignore_rules: true },
    ]);

    // The list asks again: the new booking shows its party and that the owner entered it; the site's booking does not.
    const card = (await screen.findByText('Rui Costa')).closest('[data-testid="admin-booking"]') as HTMLElement;
    expect(within(card).getByTestId('booking-party')).toHaveTextContent('2 adultes, 1 enfant');
    expect(within(card).getByText('Saisie par le propriétaire')).toBeInTheDocument();
    const web = screen.getByText('Web Guest').closest('[data-testid="admin-booking"]') as HTMLElement;
    expect(within(web).getByTestId('booking-party')).toHaveTextContent('1 adulte');
    expect(within(web).queryByText('Saisie par le propriétaire')).not.toBeInTheDocument();
  });
});
