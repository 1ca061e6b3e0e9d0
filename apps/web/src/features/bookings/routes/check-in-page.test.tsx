import { checkInStatus, EMPTY_TRAVELLER, missingCheckInFields, type CheckIn, type CheckInBody, type RegistrationCountry, type TravellerEntry } from '@roomweek/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api-mock';
import { booking, client, config } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

const base = { 'GET /config': () => config, 'GET /auth/me': () => client };
const id = booking().id;
const party = { adults: 2, children: 1 };

/** What the server answers for what it was sent (the same rules: the contract's). */
function answer(arrival: string | null, travellers: TravellerEntry[], country: RegistrationCountry = 'other'): CheckIn {
  const places = Array.from({ length: 3 }, (_, index) => travellers[index] ?? EMPTY_TRAVELLER);
  return {
    booking_id: id,
    status: checkInStatus({ arrival_time: arrival, travellers }, party, country),
    arrival_time: arrival,
    start_date: '2030-03-04',
    registration_country: country,
    ...party,
    travellers: places,
    missing: missingCheckInFields({ arrival_time: arrival, travellers: places }, party, country),
    updated_at: null,
  };
}

const ana: TravellerEntry = {
  first_name: 'Ana',
  last_name: 'García',
  sex: 'female',
  date_of_birth: '1985-03-14',
  nationality: 'ES',
  document_type: 'passport',
  document_number: 'PAB123456',
  document_country: 'ES',
  country_of_residence: 'ES',
  address: { street: 'Calle Mayor 1', city: 'Madrid' },
  relationship: null,
};

/** Puts a whole value in a text field at once (typing each character would render the form as many times). */
async function fill(user: UserEvent, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

describe('the online check-in screen', () => {
  it('my bookings shows where each check-in stands and leads to it', async () => {
    mockApi({
      ...base,
      'GET /bookings': () => [booking({ check_in_status: 'incomplete' }), booking({ id: '66666666-6666-4666-8666-666666666666', check_in_status: 'complete' })],
    });
    renderApp('/my-bookings', { token: 't' });
    const first = await screen.findByRole('article', { name: 'Réservation n° 55555555' });
    expect(await within(first).findByTestId('check-in-status')).toHaveTextContent('Enregistrement incomplet');
    expect(within(first).getByRole('link', { name: 'Terminer l’enregistrement' })).toHaveAttribute('href', `/my-bookings/${id}/check-in`);
    const second = screen.getByRole('article', { name: 'Réservation n° 66666666' });
    expect(within(second).getByTestId('check-in-status')).toHaveTextContent('Enregistrement complet');
  });

  it('my bookings shows the arrival instructions the server gives, line breaks kept, and nothing where it gives none', async () => {
    mockApi({
      ...base,
      'GET /bookings': () => [
        booking({ arrival_instructions: 'Boîte à clés : 4821\nWi-Fi : maison' }),
        booking({ id: '66666666-6666-4666-8666-666666666666', arrival_instructions: null }),
      ],
    });
    renderApp('/my-bookings', { token: 't' });
    const first = await screen.findByRole('article', { name: 'Réservation n° 55555555' });
    const note = within(first).getByRole('region', { name: 'Instructions d’arrivée' });
    expect(within(note).getByTestId('arrival-instructions').textContent).toBe('Boîte à clés : 4821\nWi-Fi : maison');
    const second = screen.getByRole('article', { name: 'Réservation n° 66666666' });
    expect(within(second).queryByTestId('arrival-instructions')).toBeNull();
  });

  // Eleven fields filled and three 249-country lists rendered: slow in jsdom on a busy machine.
  it('shows what is missing, saves part-way, and tells the field the server refused', { timeout: 90_000 }, async () => {
    let current = answer(null, []);
    const { requests } = mockApi({
      ...base,
      'GET /bookings/:id/check-in': () => current,
      'PUT /bookings/:id/check-in': ({ body }) => {
        const sent = body as CheckInBody & { travellers: TravellerEntry[] };
        if (sent.travellers[0]?.document_number === 'BAD') {
          return { status: 400, body: { detail: 'nope', code: 'traveller_age_mismatch', field: 'travellers.0.date_of_birth' } };
        }
        current = answer(sent.arrival_time ?? null, sent.travellers);
        return current;
      },
    });
    const { user } = renderApp(`/my-bookings/${id}/check-in`, { token: 't' });
    expect(await screen.findByRole('heading', { name: 'Enregistrement en ligne', level: 1 })).toBeInTheDocument();
    // 1 arrival time + 10 fields per adult + 6 for the child.
    expect(screen.getByTestId('check-in-missing')).toHaveTextContent('Il manque encore 27 informations');
    const adult = screen.getByRole('group', { name: 'Adulte 1' });
    expect(screen.getByRole('group', { name: 'Adulte 2' })).toBeInTheDocument();
    const child = screen.getByRole('group', { name: 'Enfant 1' });
    expect(within(child).queryByLabelText('Rue et numéro')).not.toBeInTheDocument();
    expect(within(child).getByLabelText('Lien')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Heure d’arrivée prévue'), '16:30');
    await fill(user, within(adult).getByLabelText('Prénom(s)'), 'Ana');
    await fill(user, within(adult).getByLabelText('Nom(s)'), 'García');
    await user.selectOptions(within(adult).getByLabelText('Sexe'), 'female');
    await fill(user, within(adult).getByLabelText('Date de naissance'), '1985-03-14');
    await user.selectOptions(within(adult).getByLabelText('Nationalité'), 'ES');
    await user.selectOptions(within(adult).getByLabelText('Pièce d’identité'), 'passport');
    await fill(user, within(adult).getByLabelText('Numéro du document'), 'PAB123456');
    await user.selectOptions(within(adult).getByLabelText('Pays de délivrance'), 'ES');
    await user.selectOptions(within(adult).getByLabelText('Pays de résidence'), 'ES');
    await fill(user, within(adult).getByLabelText('Rue et numéro'), 'Calle Mayor 1');
    await fill(user, within(adult).getByLabelText('Ville'), 'Madrid');
    // Counted live: only the second adult and the child are left.
    expect(screen.getByTestId('check-in-missing')).toHaveTextContent('Il manque encore 16 informations');
    expect(within(adult).queryByText('À compléter')).not.toBeInTheDocument();
    // Six fields; the tie to an adult is two controls (which adult, which tie), each marked.
    expect(within(child).getAllByText('À compléter')).toHaveLength(7);

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Enregistrement sauvegardé')).toBeInTheDocument();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe(`/bookings/${id}/check-in`);
    const sent = put?.body as { arrival_time: string; travellers: TravellerEntry[] };
    expect(sent.arrival_time).toBe('16:30');
    expect(sent.travellers[0]).toEqual(ana);
    expect(sent.travellers[1]).toEqual(EMPTY_TRAVELLER);

    // A refusal names its field: the message shows under it.
    await user.clear(within(adult).getByLabelText('Numéro du document'));
    await fill(user, within(adult).getByLabelText('Numéro du document'), 'BAD');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(within(adult).getByLabelText('Date de naissance')).toHaveAttribute('aria-invalid', 'true'));
    expect(within(adult).getAllByText(/un adulte a 18 ans ou plus/).length).toBeGreaterThan(0);
  });

  it("asks only what the property's registration country registers: Belgium, no sex, no address, no issuing country", async () => {
    mockApi({ ...base, 'GET /bookings/:id/check-in': () => answer('16:30', [ana], 'BE') });
    renderApp(`/my-bookings/${id}/check-in`, { token: 't' });
    const adult = await screen.findByRole('group', { name: 'Adulte 1' });
    for (const label of ['Sexe', 'Rue et numéro', 'Ville', 'Pays de délivrance', 'Pays de résidence']) expect(within(adult).queryByLabelText(label)).toBeNull();
    for (const label of ['Prénom(s)', 'Nom(s)', 'Date de naissance', 'Nationalité', 'Pièce d’identité', 'Numéro du document']) {
      expect(within(adult).getByLabelText(label)).toBeInTheDocument();
    }
    expect(within(adult).queryByText('À compléter')).toBeNull();
    // The second adult's six fields and the child's five: eleven.
    expect(screen.getByTestId('check-in-missing')).toHaveTextContent('Il manque encore 11 informations');
  });
});
