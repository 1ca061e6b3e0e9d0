import { screen, within } from '@testing-library/react';
import { RoomInput, type Room } from '@roomweek/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, adminRoom, LOAD, mockAdminApi, PROPERTY_A, PROPERTY_B } from '@/features/admin-shell/test/admin-fixtures';
import { renderApp } from '../../../../test/render-app';

/** Issue 27 §1: a room's own fees in place of its property's (docs/behaviour.md §18), from the room dialog. */
const cleaning = { code: 'cleaning', name: { fr: 'Ménage', pt: 'Limpeza' }, amount: 50, per: 'stay' as const };
const withFees = { ...PROPERTY_A, fees: [cleaning] };

async function openEditor(room: Room) {
  const sent: RoomInput[] = [];
  mockAdminApi(
    { rooms: [room], properties: [withFees, PROPERTY_B] },
    {
      'PUT /rooms/:id': ({ body }) => {
        sent.push(body);
        return { ...room, ...RoomInput.parse(body) };
      },
    },
  );
  const { user } = renderApp('/admin/rooms', { token: ADMIN_TOKEN });
  await user.click(await screen.findByRole('button', { name: 'Modifier la chambre 101' }, LOAD));
  const dialog = await screen.findByRole('dialog', { name: 'Modifier la chambre' });
  const section = await within(dialog).findByTestId('room-fees', {}, LOAD);
  return { user, dialog, section, sent };
}

describe('a room’s own fees', () => {
  it('starts from its property’s fees when ticked, sends its own list, and null again when unticked', async () => {
    const { user, dialog, section, sent } = await openEditor(adminRoom({ fees: null }));
    const own = within(section).getByRole('checkbox', { name: /Cette chambre a ses propres frais/ });
    expect(own).not.toBeChecked();
    expect(within(section).queryByRole('group', { name: 'Frais 1' })).toBeNull();

    await user.click(own);
    const first = within(section).getByRole('group', { name: 'Frais 1' });
    expect(within(first).getByRole('textbox', { name: 'Code' })).toHaveValue('cleaning');
    const amount = within(first).getByRole('textbox', { name: 'Montant (€)' });
    expect(amount).toHaveValue('50');
    await user.clear(amount);
    await user.type(amount, '80');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Chambre mise à jour')).toBeInTheDocument();
    expect(sent.at(-1)?.fees).toEqual([{ ...cleaning, amount: 80 }]);
  });

  it('shows a room’s own fees, checks a row before sending, and goes back to its property’s', async () => {
    const { user, dialog, section, sent } = await openEditor(adminRoom({ fees: [{ ...cleaning, amount: 80 }] }));
    const own = within(section).getByRole('checkbox', { name: /Cette chambre a ses propres frais/ });
    expect(own).toBeChecked();
    const first = within(section).getByRole('group', { name: 'Frais 1' });
    await user.clear(within(first).getByRole('textbox', { name: 'Nom (FR)' }));
    expect(within(first).getByText('Le nom en français est obligatoire')).toBeInTheDocument();

    await user.click(own);
    expect(within(section).queryByRole('group', { name: 'Frais 1' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Chambre mise à jour')).toBeInTheDocument();
    expect(sent.at(-1)?.fees).toBeNull();
  });
});
