import { screen, within } from '@testing-library/react';
import type { Property, PropertyInput } from '@roomweek/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, LOAD, mockAdminApi, PROPERTY_A, recordedSave } from '@/features/admin-shell/test/admin-fixtures';
import { renderApp } from '../../../../test/render-app';

/** An admin read of a property (docs/behaviour.md §21): its arrival instructions in French only. */
const WITH_INSTRUCTIONS: Property = {
  ...PROPERTY_A,
  arrival_instructions: { fr: 'Boîte à clés : 4821\nWi-Fi : maison', es: '', pt: '', en: '' },
};

describe('admin property dialog: arrival instructions, one tab per language', () => {
  it('shows what is written per language, keeps line breaks and sends every language', async () => {
    const sent: PropertyInput[] = [];
    mockAdminApi({ properties: [WITH_INSTRUCTIONS] }, recordedSave('PUT /properties/:id', WITH_INSTRUCTIONS, sent));
    const { user } = renderApp('/admin/properties', { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: `Modifier ${PROPERTY_A.name}` }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le logement' });
    const tabs = within(dialog).getByRole('tablist', { name: 'Instructions d’arrivée par langue' });
    expect(within(tabs).getByRole('tab', { name: /^Français rédigées$/ })).toHaveAttribute('aria-selected', 'true');
    expect(within(tabs).getByRole('tab', { name: /^Español vide$/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Instructions' })).toHaveValue('Boîte à clés : 4821\nWi-Fi : maison');

    await user.click(within(tabs).getByRole('tab', { name: /^Español/ }));
    const spanish = within(dialog).getByRole('textbox', { name: 'Instructions' });
    expect(spanish).toHaveAttribute('lang', 'es');
    expect(spanish).toHaveAttribute('placeholder', 'Boîte à clés : 4821\nWi-Fi : maison');
    await user.type(spanish, 'Caja de llaves: 4821{Enter}Wi-Fi: casa');
    expect(within(tabs).getByRole('tab', { name: /^Español rédigées$/ })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Logement mis à jour')).toBeInTheDocument();
    expect(sent[0]?.arrival_instructions).toEqual({ fr: 'Boîte à clés : 4821\nWi-Fi : maison', es: 'Caja de llaves: 4821\nWi-Fi: casa', pt: '', en: '' });
  });

  it('shows the registration country and sends the one chosen', async () => {
    const sent: PropertyInput[] = [];
    const portuguese = { ...WITH_INSTRUCTIONS, registration_country: 'PT' as const };
    mockAdminApi({ properties: [portuguese] }, recordedSave('PUT /properties/:id', portuguese, sent));
    const { user } = renderApp('/admin/properties', { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: `Modifier ${PROPERTY_A.name}` }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le logement' });
    const select = within(dialog).getByLabelText('Enregistrement des voyageurs');
    expect(select).toHaveValue('PT');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Espagne (SES.HOSPEDAJES)',
      'Portugal (AIMA)',
      'Belgique',
      'Autre (tous les champs)',
    ]);
    await user.selectOptions(select, 'ES');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Logement mis à jour')).toBeInTheDocument();
    expect(sent[0]?.registration_country).toBe('ES');
  });
});
