import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { NO_STAY_RULES, type RoomInput } from '@roomweek/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, adminRoom, LOAD, mockAdminApi, PROPERTY_A, PROPERTY_B } from '@/features/admin-shell/test/admin-fixtures';
import { renderApp } from '../../../../test/render-app';
import { imageFile, installFakeXhr } from '../test/fake-xhr';

describe('admin rooms', () => {
  it('shows skeleton cards while loading', async () => {
    mockAdminApi({}, { 'GET /rooms': () => new Promise(() => {}) });
    renderApp('/admin/rooms', { token: ADMIN_TOKEN });
    expect(await screen.findByTestId('rooms-loading', {}, LOAD)).toHaveAttribute('aria-busy', 'true');
  });

  it('says when there are no rooms yet', async () => {
    mockAdminApi({ rooms: [] });
    renderApp('/admin/rooms', { token: ADMIN_TOKEN });
    expect(await screen.findByText('Aucune chambre pour le moment. Créez votre première chambre !', {}, LOAD)).toBeInTheDocument();
  });

  it('shows each room with its property (or Unknown), price and the first 3 amenities plus +N', async () => {
    mockAdminApi({
      rooms: [
        adminRoom({ room_number: '101', amenities: ['Wi-Fi', 'Bureau', 'Douche', 'Balcon', 'Vue'], price_per_week: 350 }),
        adminRoom({ id: 'bbbbbbbb-0000-4000-8000-000000000009', property_id: 'aaaaaaaa-0000-4000-8000-00000000dead', room_number: '9' }),
      ],
    });
    renderApp('/admin/rooms', { token: ADMIN_TOKEN });
    const card = (await screen.findByRole('article', { name: 'Chambre 101' }, LOAD)) as HTMLElement;
    expect(within(card).getByText('Maison des Arts')).toBeInTheDocument();
    expect(within(card).getByText(/350,00\s€/)).toBeInTheDocument();
    const amenities = within(card).getByRole('list', { name: 'Équipements' });
    expect(within(amenities).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Wi-Fi',
      'Bureau',
      'Douche',
      '+2et 2 autres équipements',
    ]);
    expect(within(screen.getByRole('article', { name: 'Chambre 9' })).getByText('Inconnu')).toBeInTheDocument();
  });

  it('creates a room: property, number, price, amenities by Enter or button, and an uploaded photo', async () => {
    const Xhr = installFakeXhr();
    const created: RoomInput[] = [];
    const { requests } = mockAdminApi(
      { rooms: [] },
      {
        'POST /rooms': ({ body }) => {
          created.push(body as RoomInput);
          return { status: 201, body: { ...adminRoom(), ...(body as object) } };
        },
      },
    );
    const { user } = renderApp('/admin/rooms', { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: 'Ajouter une chambre' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une chambre' });

    // Saving an empty form shows the required fields.
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(within(dialog).getAllByText('Ce champ est obligatoire')).toHaveLength(3);

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Logement' }), PROPERTY_B.id);
    await user.type(within(dialog).getByRole('textbox', { name: 'Numéro de chambre' }), '12B');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Prix par semaine (€)' }), '275.5');
    // How many it takes: 2 unless said (issue 26), 1 to 30.
    const capacity = within(dialog).getByRole('spinbutton', { name: 'Voyageurs au plus' });
    expect(capacity).toHaveValue(2);
    await user.clear(capacity);
    await user.type(capacity, '31');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(within(dialog).getByText('Saisissez un nombre entier de 1 à 30')).toBeInTheDocument();
    await user.clear(capacity);
    await user.type(capacity, '4');

    // A text field offering the vocabulary (docs/behaviour.md §15): a word of it is sent as its key.
    const amenity = within(dialog).getByRole('combobox', { name: 'Équipements' });
    await user.type(amenity, 'Wi-Fi{Enter}');
    await user.type(amenity, '   {Enter}');
    await user.type(amenity, 'Bureau');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    await user.type(amenity, 'Balcon{Enter}');
    const chips = within(dialog).getByRole('list', { name: 'Équipements' });
    expect(within(chips).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Wi-Fi', 'Bureau', 'Balcon']);
    await user.click(within(dialog).getByRole('button', { name: 'Retirer Bureau' }));
    expect(within(chips).getAllByRole('listitem')).toHaveLength(2);
    // Enter in the amenity field did not submit the form.
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.upload(within(dialog).getByTestId('photo-input'), imageFile());
    expect(within(dialog).getByRole('button', { name: 'Envoi des photos…' })).toBeDisabled();
    const upload = Xhr.sent[0];
    expect(upload?.url).toBe('/api/upload');
    expect(upload?.headers.Authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
    expect((upload?.body as FormData).get('file')).toBeInstanceOf(File);
    act(() => upload?.progress(40, 100));
    expect(within(dialog).getByRole('progressbar', { name: 'Envoi de chambre.jpg' })).toHaveAttribute('aria-valuenow', '40');
    act(() => upload?.respond(201, { url: '/uploads/new-room.webp' }));
    expect(await within(dialog).findByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', '/uploads/new-room.webp');
    expect(await screen.findByText('Photo téléversée')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Chambre créée')).toBeInTheDocument();
    expect(created).toEqual([
      {
        property_id: PROPERTY_B.id,
        room_number: '12B',
        price_per_week: 275.5,
        max_guests: 4,
        amenities: ['wifi', 'balcony'],
        photos: ['/uploads/new-room.webp'],
        // Untouched, the stay terms say: any stay, one price (docs/behaviour.md §11).
        rules: NO_STAY_RULES,
        seasonal_prices: [],
        long_stay_discounts: [],
        apply_rules_to_property: false,
        // Its property's fees (docs/behaviour.md §18).
        fees: null,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('refuses a file that is not an image, before sending it', async () => {
    const Xhr = installFakeXhr();
    mockAdminApi({ rooms: [] });
    const { user } = renderApp('/admin/rooms', { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: 'Ajouter une chambre' }, LOAD));
    const input = (await screen.findByRole('dialog')).querySelector('input[type=file]') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', 'image/*');
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'contrat.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('« contrat.pdf » n\'est pas une image')).toBeInTheDocument();
    expect(Xhr.sent).toHaveLength(0);
  });

  it('edits a room and shows a taken room number under the field', async () => {
    mockAdminApi(
      { rooms: [adminRoom({ amenities: ['Wi-Fi'] })] },
      { 'PUT /rooms/:id': () => ({ status: 409, body: { detail: 'taken', code: 'room_number_taken' } }) },
    );
    const { user } = renderApp('/admin/rooms', { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: 'Modifier la chambre 101' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la chambre' });
    expect(within(dialog).getByRole('combobox', { name: 'Logement' })).toHaveValue(PROPERTY_A.id);
    expect(within(dialog).getByRole('textbox', { name: 'Numéro de chambre' })).toHaveValue('101');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    const field = within(dialog).getByRole('textbox', { name: 'Numéro de chambre' });
    await waitFor(() => expect(field).toHaveAccessibleDescription('Ce numéro de chambre existe déjà dans ce logement'));
  });

  it('deletes a room after the confirm prompt, and explains a refusal', async () => {
    let refuse = false;
    let rooms = [adminRoom()];
    const { requests } = mockAdminApi(
      {},
      {
        'GET /rooms': () => rooms,
        'DELETE /rooms/:id': () => {
          if (refuse) return { status: 409, body: { detail: 'This room has 1 upcoming booking(s)', code: 'room_has_bookings' } };
          rooms = [];
          return { status: 204 };
        },
      },
    );
    const { user } = renderApp('/admin/rooms', { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: 'Supprimer la chambre 101' }, LOAD));
    let prompt = await screen.findByRole('alertdialog', { name: 'Supprimer cette chambre ?' });
    expect(prompt).toHaveTextContent('Ses réservations passées restent visibles');
    await user.click(within(prompt).getByRole('button', { name: 'Annuler' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Supprimer la chambre 101' }));
    prompt = await screen.findByRole('alertdialog');
    await user.click(within(prompt).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText(/Cette chambre a des séjours en cours ou à venir/)).toBeInTheDocument();

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Supprimer la chambre 101' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    // The card leaves the list, and the toast still shows.
    expect(await screen.findByText('Chambre supprimée')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Chambre 101' })).toBeNull();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `/rooms/${adminRoom().id}`,
      `/rooms/${adminRoom().id}`,
    ]);
  });
});
