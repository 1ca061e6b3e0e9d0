import { screen, within } from '@testing-library/react';
import type { Property, PropertyInput } from '@roomweek/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, LOAD, mockAdminApi, PROPERTY_A, recordedSave } from '@/features/admin-shell/test/admin-fixtures';
import { renderApp } from '../../../../test/render-app';

/** Issue 28: a property's own payment terms, or the site's, like its cancellation terms. */
describe('admin property dialog: payment terms', () => {
  it("sends the property's own terms once chosen, then null for the site's", async () => {
    const sent: PropertyInput[] = [];
    mockAdminApi({ properties: [PROPERTY_A] }, recordedSave('PUT /properties/:id', PROPERTY_A, sent));
    const { user } = renderApp('/admin/properties', { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: `Modifier ${PROPERTY_A.name}` }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le logement' });
    const terms = within(dialog).getByRole('group', { name: 'Conditions de paiement' });
    expect(within(terms).getByRole('radio', { name: 'Utiliser les conditions de paiement du site' })).toBeChecked();
    expect(within(terms).queryByRole('textbox')).toBeNull();

    await user.click(within(terms).getByRole('radio', { name: 'Conditions de paiement propres à ce logement' }));
    const deposit = within(terms).getByRole('textbox', { name: 'Acompte à la réservation (% du séjour)' });
    await user.clear(deposit);
    await user.type(deposit, '25');
    await user.selectOptions(within(terms).getByRole('combobox', { name: 'Solde en retard' }), 'cancel');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Logement mis à jour')).toBeInTheDocument();
    expect(sent[0]?.payment_terms).toEqual({ deposit_percent: 25, balance_due_days: 30, balance_grace_days: 3, overdue_action: 'cancel' });
  });

  it('shows the terms a property has, refuses a wrong one, and goes back to the site’s', async () => {
    const own: Property = { ...PROPERTY_A, payment_terms: { deposit_percent: 40, balance_due_days: 21, balance_grace_days: 0, overdue_action: 'notify' } };
    const sent: PropertyInput[] = [];
    mockAdminApi({ properties: [own] }, recordedSave('PUT /properties/:id', own, sent));
    const { user } = renderApp('/admin/properties', { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: `Modifier ${PROPERTY_A.name}` }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le logement' });
    const terms = within(dialog).getByRole('group', { name: 'Conditions de paiement' });
    expect(within(terms).getByRole('radio', { name: 'Conditions de paiement propres à ce logement' })).toBeChecked();
    const due = within(terms).getByRole('textbox', { name: "Solde dû (jours avant l'arrivée)" });
    expect(due).toHaveValue('21');
    await user.clear(due);
    await user.type(due, '400');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(within(terms).getByText('Saisissez un nombre entier de jours entre 1 et 365')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.click(within(terms).getByRole('radio', { name: 'Utiliser les conditions de paiement du site' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Logement mis à jour')).toBeInTheDocument();
    expect(sent[0]?.payment_terms).toBeNull();
  });
});
