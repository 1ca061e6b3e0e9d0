import { screen, waitFor, within } from '@testing-library/react';
import type { Property, PropertyInput } from '@roomweek/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, adminRoom, LOAD, mockAdminApi, PROPERTY_A, recordedSave } from '@/features/admin-shell/test/admin-fixtures';
import { renderApp } from '../../../../test/render-app';

/** An admin read of a property (docs/behaviour.md §15): every language's texts as written — Spanish complete, English a name. */
const TRANSLATED: Property = {
  ...PROPERTY_A,
  translations: {
    fr: { name: PROPERTY_A.name, description: PROPERTY_A.description, location: PROPERTY_A.location },
    es: { name: 'Casa de las Artes', description: 'Una casa luminosa.', location: 'Bruselas' },
    en: { name: 'House of Arts' },
  },
};

describe('admin property dialog: one tab per language', () => {
  it('shows each language’s texts, which are missing, and sends the translations', async () => {
    const sent: PropertyInput[] = [];
    const { requests } = mockAdminApi({ properties: [TRANSLATED] }, recordedSave('PUT /properties/:id', TRANSLATED, sent));
    const { user } = renderApp('/admin/properties', { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: `Modifier ${PROPERTY_A.name}` }, LOAD));
    // The admin's reads carry the session and the admin's language: the answer has every language's texts.
    const read = requests.find((request) => request.path === '/properties');
    expect(read?.headers.get('Authorization')).toBe(`Bearer ${ADMIN_TOKEN}`);
    expect(read?.query.get('lang')).toBe('fr');

    const dialog = await screen.findByRole('dialog', { name: 'Modifier le logement' });
    const tabs = within(dialog).getByRole('tablist', { name: 'Textes du logement par langue' });
    const tab = (name: RegExp) => within(tabs).getByRole('tab', { name });
    expect(tab(/^Français obligatoire$/)).toHaveAttribute('aria-selected', 'true');
    expect(tab(/^Español traduit$/)).toBeInTheDocument();
    expect(tab(/^Português manquant$/)).toBeInTheDocument();
    expect(tab(/^English incomplet$/)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Nom' })).toHaveValue(PROPERTY_A.name);

    await user.click(tab(/^Español/));
    expect(within(dialog).getByRole('textbox', { name: 'Nom' })).toHaveValue('Casa de las Artes');
    expect(within(dialog).getByRole('textbox', { name: 'Nom' })).toHaveAttribute('lang', 'es');

    // Portuguese: empty fields show the French text they stand in for; writing one makes the tab incomplete.
    await user.click(tab(/^Português/));
    const portugueseName = within(dialog).getByRole('textbox', { name: 'Nom' });
    expect(portugueseName).toHaveValue('');
    expect(portugueseName).toHaveAttribute('placeholder', PROPERTY_A.name);
    await user.type(portugueseName, 'Casa das Artes');
    expect(tab(/^Português incomplet$/)).toBeInTheDocument();

    // Clearing the English name leaves English with nothing: missing.
    await user.click(tab(/^English/));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Nom' }));
    expect(tab(/^English manquant$/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Logement mis à jour')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      name: PROPERTY_A.name,
      description: PROPERTY_A.description,
      location: PROPERTY_A.location,
      translations: {
        es: { name: 'Casa de las Artes', description: 'Una casa luminosa.', location: 'Bruselas' },
        pt: { name: 'Casa das Artes' },
      },
    });
    expect(sent[0]?.translations).not.toHaveProperty('en');
  });

  it('opens the French tab on a refused French text, from wherever the admin was', async () => {
    const { requests } = mockAdminApi({ properties: [TRANSLATED], rooms: [adminRoom()] });
    const { user } = renderApp('/admin/properties', { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: `Modifier ${PROPERTY_A.name}` }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le logement' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Adresse ou ville' }));
    const texts = within(dialog).getByRole('tablist', { name: 'Textes du logement par langue' });
    await user.click(within(texts).getByRole('tab', { name: /^English/ }));

    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    const location = await within(dialog).findByRole('textbox', { name: 'Adresse ou ville' });
    expect(within(texts).getByRole('tab', { name: /^Français/ })).toHaveAttribute('aria-selected', 'true');
    expect(location).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(location).toHaveFocus());
    expect(within(dialog).getByText('Ce champ est obligatoire')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });
});
