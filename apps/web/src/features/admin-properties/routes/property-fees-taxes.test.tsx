import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, LOAD, mockAdminApi, PROPERTY_A } from '@/features/admin-shell/test/admin-fixtures';
import { renderApp } from '../../../../test/render-app';

/** Issue 27 §7: the property form's "Fees and taxes" section, its live example and its checks per row. */
describe('admin property fees and taxes', () => {
  it('adds a cleaning fee, a tourist tax and VAT, shows the example week, refuses a duplicate code, and sends them', async () => {
    const { requests } = mockAdminApi({}, { 'PUT /properties/:id': ({ body }) => ({ ...PROPERTY_A, ...(body as object) }) });
    const { user } = renderApp('/admin/properties', { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: 'Modifier Maison des Arts' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le logement' });
    const section = await within(dialog).findByTestId('fees-taxes', {}, LOAD);

    await user.click(within(section).getByRole('button', { name: 'Ajouter des frais' }));
    const fee = within(section).getByRole('group', { name: 'Frais 1' });
    const feeCode = within(fee).getByRole('textbox', { name: 'Code' });
    await user.clear(feeCode);
    await user.type(feeCode, 'cleaning');
    await user.type(within(fee).getByRole('textbox', { name: 'Montant (€)' }), '50');
    await user.type(within(fee).getByRole('textbox', { name: 'Nom (FR)' }), 'Ménage');
    await user.type(within(fee).getByRole('textbox', { name: 'Nom (PT)' }), 'Limpeza');

    await user.click(within(section).getByRole('button', { name: 'Ajouter une taxe' }));
    const tax = within(section).getByRole('group', { name: 'Taxes de séjour 1' });
    await user.type(within(tax).getByRole('textbox', { name: 'Nom (FR)' }), 'Taxe de séjour');
    // Codes are unique per list: a tax may share a fee's code, a second fee may not.
    const taxCode = within(tax).getByRole('textbox', { name: 'Code' });
    await user.clear(taxCode);
    await user.type(taxCode, 'cleaning');
    expect(within(tax).queryByText('Ce code est déjà utilisé dans la liste')).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Ajouter des frais' }));
    const second = within(section).getByRole('group', { name: 'Frais 2' });
    await user.type(within(second).getByRole('textbox', { name: 'Nom (FR)' }), 'Linge');
    const secondCode = within(second).getByRole('textbox', { name: 'Code' });
    await user.clear(secondCode);
    await user.type(secondCode, 'cleaning');
    expect(within(second).getByText('Ce code est déjà utilisé dans la liste')).toBeInTheDocument();
    await user.click(within(second).getByRole('button', { name: 'Retirer' }));

    await user.clear(taxCode);
    await user.type(taxCode, 'tourist_tax');
    await user.type(within(tax).getByRole('textbox', { name: 'Montant (€)' }), '4');
    await user.type(within(tax).getByRole('textbox', { name: 'Nuits comptées au plus' }), '7');
    expect(within(tax).getByRole('checkbox', { name: 'Enfants exonérés' })).toBeChecked();
    await user.type(within(section).getByRole('textbox', { name: 'TVA incluse (%)' }), '6');

    // A week at 1 000 € for 2 adults and 1 child: cleaning 50 €, the tax for 2 adults × 7 nights 56 €.
    const example = within(section).getByText(/^Loyer/);
    expect(example.textContent?.replace(/\s+/g, ' ')).toBe('Loyer 1 000,00 € · Frais 50,00 € · Taxes 56,00 € · Total 1 106,00 €');

    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Logement mis à jour')).toBeInTheDocument();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({
      fees: [{ code: 'cleaning', amount: 50, per: 'stay', name: { fr: 'Ménage', pt: 'Limpeza' } }],
      taxes: [{ code: 'tourist_tax', kind: 'per_adult_night', amount: 4, max_nights: 7, children_exempt: true, name: { fr: 'Taxe de séjour' } }],
      vat_percent: 6,
    });
  });
});
