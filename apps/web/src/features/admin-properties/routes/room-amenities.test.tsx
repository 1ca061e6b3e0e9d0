import { screen, within } from '@testing-library/react';
import type { RoomInput } from '@roomweek/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, adminRoom, LOAD, mockAdminApi, recordedSave } from '@/features/admin-shell/test/admin-fixtures';
import { renderApp } from '../../../../test/render-app';

/** docs/behaviour.md §15: the room form lists amenities as stored (keys and free text) and offers the vocabulary. */
describe('admin room dialog: amenities from the vocabulary', () => {
  it('shows stored keys by their label, free text as written, and sends keys', async () => {
    // An admin read: amenities shown in the admin's language, amenity_keys as stored.
    const room = adminRoom({
      amenities: ['Wi-Fi', 'Terrasse', 'View of the ponds'],
      text_languages: { amenities: ['fr', 'fr', 'fr'] },
      amenity_keys: ['wifi', 'terrace', 'View of the ponds'],
    });
    const sent: RoomInput[] = [];
    const { requests } = mockAdminApi({ rooms: [room] }, recordedSave('PUT /rooms/:id', room, sent));
    const { user } = renderApp('/admin/rooms', { token: ADMIN_TOKEN });
    const card = await screen.findByRole('article', { name: 'Chambre 101' }, LOAD);
    expect(within(card).getByText('Terrasse')).not.toHaveAttribute('lang');

    await user.click(within(card).getByRole('button', { name: 'Modifier la chambre 101' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la chambre' });
    const chips = within(dialog).getByRole('list', { name: 'Équipements' });
    // Labels in the admin's language (French here), from GET /amenities.
    await within(chips).findByText('Terrasse');
    const items = within(chips).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Wi-Fi', 'Terrasse', 'View of the ponds']);
    expect(items[2]).toHaveAttribute('title', 'Texte libre : affiché tel quel dans toutes les langues');
    expect(items[0]).not.toHaveAttribute('title');

    const amenity = within(dialog).getByRole('combobox', { name: 'Équipements' });
    const offered = Array.from(document.getElementById(amenity.getAttribute('list') ?? '')?.querySelectorAll('option') ?? []).map((o) => o.value);
    expect(offered).toContain('Lave-linge');
    expect(offered).not.toContain('Terrasse');
    await user.type(amenity, 'lave-LINGE{Enter}');
    await user.type(amenity, 'Vue sur la cour{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Retirer Terrasse' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Chambre mise à jour')).toBeInTheDocument();
    expect(sent[0]?.amenities).toEqual(['wifi', 'View of the ponds', 'washing_machine', 'Vue sur la cour']);
    expect(requests.find((request) => request.path === '/amenities')?.query.get('lang')).toBe('fr');
  });
});
