import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { NO_STAY_RULES, RoomInput, type Room } from '@roomweek/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, adminRoom, LOAD, mockAdminApi, PROPERTY_A } from '@/features/admin-shell/test/admin-fixtures';
import type { RouteHandler } from '../../../../test/api-mock';
import { renderApp } from '../../../../test/render-app';

/** docs/behaviour.md §11 in the admin: a room's stay rules, season prices and long-stay discounts. */
const weekly = adminRoom({
  rules: { changeover_days: [6], min_nights: 14, max_nights: null, whole_weeks: false },
  seasonal_prices: [{ start_date: '2031-07-05', end_date: '2031-08-30', price_per_week: 490 }],
  long_stay_discounts: [{ min_weeks: 4, percent: 10 }],
});

/** The PUT's answer: by default the room as saved (the sent terms over the room's own). */
async function openEditor(rooms: Room[], put: (body: RoomInput) => ReturnType<RouteHandler<'PUT /rooms/:id'>> = (body) => ({ ...weekly, ...RoomInput.parse(body) })) {
  const sent: RoomInput[] = [];
  mockAdminApi(
    { rooms },
    {
      'PUT /rooms/:id': ({ body }) => {
        sent.push(body);
        return put(body);
      },
    },
  );
  const { user } = renderApp('/admin/rooms', { token: ADMIN_TOKEN });
  await user.click(await screen.findByRole('button', { name: 'Modifier la chambre 101' }, LOAD));
  const dialog = await screen.findByRole('dialog', { name: 'Modifier la chambre' });
  return { user, dialog, sent };
}

/** Adds a season in the dialog's "Prix de saison" group and fills it; answers the group. */
async function addSeason(
  user: Awaited<ReturnType<typeof openEditor>>['user'],
  dialog: HTMLElement,
  season: { start: string; end: string; price: string },
) {
  const seasons = within(dialog).getByRole('group', { name: 'Prix de saison' });
  await user.click(within(seasons).getByRole('button', { name: 'Ajouter une saison' }));
  const row = within(seasons).getAllByTestId('season-row')[1]!;
  fireEvent.change(within(row).getByLabelText('Du'), { target: { value: season.start } });
  fireEvent.change(within(row).getByLabelText('Au (exclu)'), { target: { value: season.end } });
  await user.type(within(row).getByRole('textbox', { name: 'Prix par semaine (€)' }), season.price);
  return seasons;
}

describe('admin room stay terms', () => {
  it('shows the rules, season prices and discounts on the room card', async () => {
    mockAdminApi({ rooms: [weekly, adminRoom({ id: 'bbbbbbbb-0000-4000-8000-000000000002', room_number: '102' })] });
    renderApp('/admin/rooms', { token: ADMIN_TOKEN });
    const card = (await screen.findByRole('article', { name: 'Chambre 101' }, LOAD)) as HTMLElement;
    expect(within(within(card).getByRole('list', { name: 'Règles de séjour' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Arrivées et départs le samedi',
      'Au moins 2 semaines',
    ]);
    expect(within(card).getByRole('list', { name: 'Prix de saison' })).toHaveTextContent(/5 juil\. 2031 – 30 août 2031 : 490,00\s€ \/ semaine/);
    expect(within(card).getByRole('list', { name: 'Remises long séjour' })).toHaveTextContent(/−10\s%\sdès 4 semaines/);
    expect(within(screen.getByRole('article', { name: 'Chambre 102' })).getByText('Tout séjour, un seul prix')).toBeInTheDocument();
  });

  it('edits the rules, adds a season and a discount, and applies the rules to the whole property', async () => {
    const { user, dialog, sent } = await openEditor([weekly]);
    const rules = within(dialog).getByRole('group', { name: 'Règles de séjour' });
    expect(within(rules).getByRole('checkbox', { name: 'samedi' })).toBeChecked();
    expect(within(rules).getByRole('textbox', { name: 'Nuits minimum' })).toHaveValue('14');
    await user.click(within(rules).getByRole('checkbox', { name: 'dimanche' }));
    await user.type(within(rules).getByRole('textbox', { name: 'Nuits maximum' }), '56');
    await user.click(within(rules).getByRole('checkbox', { name: /^Semaines complètes uniquement/ }));
    await user.click(within(rules).getByRole('checkbox', { name: /^Appliquer ces règles/ }));

    await addSeason(user, dialog, { start: '2031-12-20', end: '2032-01-03', price: '420,50' });

    const discounts = within(dialog).getByRole('group', { name: 'Remises long séjour' });
    await user.click(within(discounts).getByRole('button', { name: 'Ajouter une remise' }));
    const tier = within(discounts).getAllByTestId('discount-row')[1]!;
    await user.type(within(tier).getByRole('textbox', { name: 'À partir de (semaines)' }), '12');
    await user.type(within(tier).getByRole('textbox', { name: 'Remise (%)' }), '20');

    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Chambre mise à jour')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        property_id: PROPERTY_A.id,
        room_number: '101',
        price_per_week: 350,
        max_guests: 2,
        amenities: [],
        photos: [],
        rules: { changeover_days: [6, 7], min_nights: 14, max_nights: 56, whole_weeks: true },
        seasonal_prices: [
          { start_date: '2031-07-05', end_date: '2031-08-30', price_per_week: 490 },
          { start_date: '2031-12-20', end_date: '2032-01-03', price_per_week: 420.5 },
        ],
        long_stay_discounts: [
          { min_weeks: 4, percent: 10 },
          { min_weeks: 12, percent: 20 },
        ],
        apply_rules_to_property: true,
        fees: null,
      },
    ]);
  });

  it('refuses overlapping seasons and impossible rules before sending, and removes rows', async () => {
    const { user, dialog, sent } = await openEditor([weekly]);
    const seasons = await addSeason(user, dialog, { start: '2031-08-01', end: '2031-09-01', price: '400' });
    const rules = within(dialog).getByRole('group', { name: 'Règles de séjour' });
    await user.type(within(rules).getByRole('textbox', { name: 'Nuits maximum' }), '7');

    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(seasons).findByRole('alert')).toHaveTextContent('Deux périodes de saison ont des nuits en commun');
    expect(within(rules).getByRole('alert')).toHaveTextContent(/le maximum pas en dessous du minimum/);
    expect(sent).toEqual([]);

    await user.click(within(seasons).getByRole('button', { name: 'Supprimer la saison 2' }));
    await user.clear(within(rules).getByRole('textbox', { name: 'Nuits maximum' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ rules: { ...weekly.rules, max_nights: null }, seasonal_prices: weekly.seasonal_prices });
  });

  it('shows the server’s seasons_overlap refusal under the seasons', async () => {
    const { user, dialog } = await openEditor([weekly], () => ({
      status: 400,
      body: { detail: 'The seasons share nights', code: 'seasons_overlap', field: 'seasonal_prices' },
    }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    const seasons = within(dialog).getByRole('group', { name: 'Prix de saison' });
    expect(await within(seasons).findByRole('alert')).toHaveTextContent('Deux périodes de saison ont des nuits en commun');
  });

  it('shows each room’s terms on the availability screen', async () => {
    mockAdminApi({ rooms: [weekly, adminRoom({ id: 'bbbbbbbb-0000-4000-8000-000000000003', room_number: '103', rules: NO_STAY_RULES })] });
    renderApp('/admin/availability', { token: ADMIN_TOKEN });
    const rows = await screen.findAllByTestId('availability-room', {}, LOAD);
    const row = rows.find((element) => element.textContent?.includes('Chambre 101'))!;
    expect(within(row).getByText('Arrivées et départs le samedi')).toBeInTheDocument();
    expect(within(row).getByRole('list', { name: 'Prix de saison' })).toBeInTheDocument();
    expect(within(rows.find((element) => element.textContent?.includes('Chambre 103'))!).getByText('Tout séjour, un seul prix')).toBeInTheDocument();
  });
});
