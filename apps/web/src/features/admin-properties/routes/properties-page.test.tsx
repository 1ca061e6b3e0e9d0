import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PropertyInput } from '@roomweek/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, adminRoom, LOAD, mockAdminApi, PROPERTY_A } from '@/features/admin-shell/test/admin-fixtures';
import { renderApp } from '../../../../test/render-app';
import { imageFile, installFakeXhr } from '../test/fake-xhr';

describe('admin properties', () => {
  it('shows the grid of properties with their room count and map state', async () => {
    mockAdminApi({ rooms: [adminRoom()] });
    renderApp('/admin/properties', { token: ADMIN_TOKEN });
    const card = await screen.findByRole('article', { name: 'Maison des Arts' }, LOAD);
    expect(card).toHaveTextContent('3 chambres');
    expect(card).toHaveTextContent('1 créée');
    expect(card).toHaveTextContent('Sur la carte');
    expect(screen.getByRole('article', { name: 'Villa Sablon' })).toHaveTextContent('Sans coordonnées');
    expect(screen.getByRole('link', { name: 'Retour au tableau de bord' })).toHaveAttribute('href', '/admin');
  });

  it('creates a property with coordinates and an uploaded photo, which can be removed and re-added', async () => {
    const Xhr = installFakeXhr();
    const sent: PropertyInput[] = [];
    mockAdminApi(
      { properties: [] },
      {
        'POST /properties': ({ body }) => {
          sent.push(body as PropertyInput);
          return { status: 201, body: { ...PROPERTY_A, ...(body as object) } };
        },
      },
    );
    const { user } = renderApp('/admin/properties', { token: ADMIN_TOKEN });
    expect(await screen.findByText('Aucun logement pour le moment. Créez votre premier logement !', {}, LOAD)).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Ajouter un logement' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un logement' });

    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(within(dialog).getAllByText('Ce champ est obligatoire')).toHaveLength(3);

    await user.type(within(dialog).getByRole('textbox', { name: 'Nom' }), 'Résidence Flagey');
    await user.type(within(dialog).getByRole('textbox', { name: 'Adresse ou ville' }), 'Ixelles');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Calme et lumineuse.');
    const rooms = within(dialog).getByRole('spinbutton', { name: 'Nombre de chambres' });
    await user.clear(rooms);
    await user.type(rooms, '0');
    await user.type(within(dialog).getByRole('textbox', { name: 'Latitude' }), '50,8276');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(within(dialog).getByText("Saisissez un nombre entier d'au moins 1")).toBeInTheDocument();
    expect(within(dialog).getByText('Renseignez la latitude et la longitude, ou aucune des deux')).toBeInTheDocument();
    await user.clear(rooms);
    await user.type(rooms, '4');
    await user.type(within(dialog).getByRole('textbox', { name: 'Longitude' }), '4.3725');

    await user.upload(within(dialog).getByTestId('photo-input'), [imageFile('a.jpg'), imageFile('b.png')]);
    expect(Xhr.sent).toHaveLength(2);
    act(() => Xhr.sent[0]?.progress(5, 10));
    expect(within(dialog).getByRole('progressbar', { name: 'Envoi de a.jpg' })).toHaveAttribute('aria-valuenow', '50');
    act(() => Xhr.sent[0]?.respond(201, { url: '/uploads/a.webp' }));
    act(() => Xhr.sent[1]?.respond(413, { detail: 'too big', code: 'payload_too_large' }));
    expect(await screen.findByText('Fichier trop volumineux')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('img', { name: /^Photo \d$/ })).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Retirer la photo 1' }));
    expect(within(dialog).queryAllByRole('img', { name: /^Photo \d$/ })).toHaveLength(0);
    await user.upload(within(dialog).getByTestId('photo-input'), imageFile('c.jpg'));
    act(() => Xhr.sent[2]?.respond(201, { url: '/uploads/c.webp' }));
    await within(dialog).findByRole('img', { name: 'Photo 1' });

    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Logement créé')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        name: 'Résidence Flagey',
        location: 'Ixelles',
        description: 'Calme et lumineuse.',
        room_count: 4,
        latitude: 50.8276,
        longitude: 4.3725,
        photos: ['/uploads/c.webp'],
        // The site's cancellation policy, the form's default.
        cancellation_policy: null,
        payment_terms: null,
        // No text in another language (docs/behaviour.md §15).
        translations: {},
        // No fee, tax or VAT: the "Fees and taxes" section left empty (docs/behaviour.md §18).
        fees: [],
        taxes: [],
        vat_percent: 0,
        // No arrival instructions written: none in any language (docs/behaviour.md §21).
        arrival_instructions: { fr: '', es: '', pt: '', en: '' },
        // Whose guest registration the check-in follows: none chosen, every field (docs/behaviour.md §21).
        registration_country: 'other',
      },
    ]);
  });

  it("gives a property its own cancellation terms, checked like the site's, or the site's policy again", async () => {
    const own = { ...PROPERTY_A, cancellation_policy: { free_until_days: 30, late_refund_percent: 20 } };
    const { requests } = mockAdminApi(
      { properties: [own] },
      { 'PUT /properties/:id': ({ body }) => ({ ...own, ...(body as object) }) },
    );
    const { user } = renderApp('/admin/properties', { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: 'Modifier Maison des Arts' }, LOAD));
    let dialog = await screen.findByRole('dialog', { name: 'Modifier le logement' });
    expect(within(dialog).getByRole('radio', { name: 'Conditions propres à ce logement' })).toBeChecked();
    const days = within(dialog).getByRole('textbox', { name: "Annulation gratuite jusqu'à (jours avant l'arrivée)" });
    const percent = within(dialog).getByRole('textbox', { name: 'Remboursement ensuite (% du montant payé)' });
    expect(days).toHaveValue('30');
    expect(percent).toHaveValue('20');

    await user.clear(days);
    await user.type(days, '366');
    await user.clear(percent);
    await user.type(percent, '12.5');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(within(dialog).getByText('Saisissez un nombre entier de jours entre 0 et 365')).toBeInTheDocument();
    expect(within(dialog).getByText('Saisissez un pourcentage entier entre 0 et 100')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.clear(days);
    await user.type(days, '7');
    await user.clear(percent);
    await user.type(percent, '25');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Logement mis à jour')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT').at(-1)?.body).toMatchObject({
      cancellation_policy: { free_until_days: 7, late_refund_percent: 25 },
    });

    // Back to the site's policy: its fields go, and null is sent, whatever they held.
    await user.click(screen.getByRole('button', { name: 'Modifier Maison des Arts' }));
    dialog = await screen.findByRole('dialog', { name: 'Modifier le logement' });
    await user.click(within(dialog).getByRole('radio', { name: 'Utiliser les conditions du site' }));
    expect(within(dialog).queryByRole('textbox', { name: /Annulation gratuite/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(2));
    expect(requests.filter((r) => r.method === 'PUT').at(-1)?.body).toMatchObject({ cancellation_policy: null });
  });

  it('edits a property with its current values', async () => {
    const { requests } = mockAdminApi({}, { 'PUT /properties/:id': ({ body }) => ({ ...PROPERTY_A, ...(body as object) }) });
    const { user } = renderApp('/admin/properties', { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: 'Modifier Maison des Arts' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le logement' });
    expect(within(dialog).getByRole('textbox', { name: 'Latitude' })).toHaveValue('50.85');
    const name = within(dialog).getByRole('textbox', { name: 'Nom' });
    await user.clear(name);
    await user.type(name, 'Maison des Artistes');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Logement mis à jour')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe(`/properties/${PROPERTY_A.id}`);
    expect(put?.body).toMatchObject({ name: 'Maison des Artistes', room_count: 3, latitude: 50.85, longitude: 4.35 });
  });

  it('explains what deleting does, deletes after confirmation, and explains a refusal', async () => {
    let refuse = true;
    let properties = [PROPERTY_A];
    mockAdminApi(
      {},
      {
        'GET /properties': () => properties,
        'DELETE /properties/:id': () => {
          if (refuse) {
            return { status: 409, body: { detail: 'This property has 2 upcoming booking(s); cancel them first', code: 'property_has_bookings' } };
          }
          properties = [];
          return { status: 204 };
        },
      },
    );
    const { user, router } = renderApp('/admin/properties', { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: 'Supprimer Maison des Arts' }, LOAD));
    const prompt = await screen.findByRole('alertdialog', { name: 'Supprimer ce logement ?' });
    expect(prompt).toHaveTextContent('toutes ses chambres seront retirés du site');
    expect(prompt).toHaveTextContent('Les réservations passées restent visibles');
    expect(prompt).toHaveTextContent("tant qu'un séjour en cours ou à venir n'a pas été annulé");
    await user.click(within(prompt).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText(/Ce logement a des séjours en cours ou à venir/)).toBeInTheDocument();
    expect(screen.getByText('This property has 2 upcoming booking(s); cancel them first')).toBeInTheDocument();
    // fireEvent: sonner's pointer handlers call setPointerCapture, which jsdom lacks.
    fireEvent.click(screen.getByRole('button', { name: 'Voir les réservations' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/bookings'));

    refuse = false;
    await router.navigate('/admin/properties');
    await user.click(await screen.findByRole('button', { name: 'Supprimer Maison des Arts' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    // The card leaves the list, and the toast still shows.
    expect(await screen.findByText('Logement « Maison des Arts » supprimé')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Maison des Arts' })).toBeNull();
  });
});
