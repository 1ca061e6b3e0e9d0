import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BusinessSettings } from '@roomweek/contract';
import { ADMIN_TOKEN, LOAD, mockAdminApi } from '@/features/admin-shell/test/admin-fixtures';
import { renderApp } from '../../../../test/render-app';

const EMPTY: BusinessSettings = {
  legal_name: '',
  address: '',
  country: '',
  vat_number: '',
  registration_number: '',
  email: '',
  phone: '',
  invoice_prefix: 'RW',
  invoice_notes: { fr: '', es: '', pt: '', en: '' },
};

/** Issue 29 §1: the admin's business screen. */
describe('admin business details', () => {
  it('checks the fields as the server does, saves the whole record and refreshes the footer', async () => {
    const { requests } = mockAdminApi(
      {},
      {
        'GET /admin/business': () => EMPTY,
        'PUT /admin/business': ({ body }) => body as BusinessSettings,
      },
    );
    const { user } = renderApp('/admin/business', { token: ADMIN_TOKEN });
    const name = await screen.findByRole('textbox', { name: 'Raison sociale' }, LOAD);
    expect(name).toHaveAccessibleDescription('Vide : le site ne nomme aucune entreprise.');
    expect(screen.getByRole('textbox', { name: 'Préfixe des factures' })).toHaveValue('RW');
    // Countries by their French names.
    const country = screen.getByRole('combobox', { name: 'Pays' });
    expect(screen.getByRole('option', { name: 'Portugal' })).toHaveValue('PT');
    expect(screen.getByRole('option', { name: 'Espagne' })).toHaveValue('ES');

    await user.type(name, 'Casa Alfama Lda');
    await user.type(screen.getByRole('textbox', { name: 'Adresse' }), 'Rua de São Miguel 12');
    await user.selectOptions(country, 'PT');
    const prefix = screen.getByRole('textbox', { name: 'Préfixe des factures' });
    await user.clear(prefix);
    await user.type(prefix, 'CA-1');
    await user.type(screen.getByRole('textbox', { name: 'Téléphone' }), 'appelez-moi');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(prefix).toHaveAccessibleDescription('1 à 10 lettres ou chiffres, sans tiret');
    expect(screen.getByRole('textbox', { name: 'Téléphone' })).toHaveAccessibleDescription(/Un numéro de téléphone/);
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    await user.clear(prefix);
    await user.type(prefix, 'ca');
    await user.clear(screen.getByRole('textbox', { name: 'Téléphone' }));
    await user.type(screen.getByRole('textbox', { name: 'Portugais' }), 'Obrigado pela sua estadia.');
    const configReads = requests.filter((request) => request.path === '/config').length;
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("Informations de l'entreprise enregistrées")).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      ...EMPTY,
      legal_name: 'Casa Alfama Lda',
      address: 'Rua de São Miguel 12',
      country: 'PT',
      invoice_prefix: 'CA',
      invoice_notes: { fr: '', es: '', pt: 'Obrigado pela sua estadia.', en: '' },
    });
    // The footer's public config is asked for again.
    await waitFor(() => expect(requests.filter((request) => request.path === '/config').length).toBeGreaterThan(configReads), LOAD);
  });

  it('is reached from the dashboard', async () => {
    mockAdminApi({}, { 'GET /admin/business': () => EMPTY });
    const { user } = renderApp('/admin', { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('link', { name: /Entreprise et factures/ }, LOAD));
    expect(await screen.findByRole('textbox', { name: 'Raison sociale' }, LOAD)).toBeInTheDocument();
  });
});
