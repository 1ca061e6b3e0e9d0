import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Booking } from '@roomweek/contract';
import { mockApi } from '../../../../test/api-mock';
import { booking, client, config } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

const base = { 'GET /config': () => config, 'GET /auth/me': () => client };
const BILLING = { name: 'Rui Sá', company: 'Sol Lda', address: 'Rua Augusta 1\nLisboa', vat_number: 'PT 501234567' };

describe('my bookings: billing details (docs/behaviour.md §19)', () => {
  it('adds details to an unpaid booking, checked as the server checks them, and removes them', async () => {
    let current: Booking = booking({ payment_method: 'stripe', status: 'pending', paid_amount: 0 });
    const { requests } = mockApi({
      ...base,
      'GET /bookings': () => [current],
      'PUT /bookings/:id/billing': ({ body }) => {
        current = { ...current, billing: (body as { billing: Booking['billing'] }).billing };
        return current;
      },
    });
    renderApp('/my-bookings', { token: 't' });
    const section = await screen.findByTestId('billing-details');
    expect(section).toHaveTextContent('Les factures sont au nom de votre compte.');
    await userEvent.click(within(section).getByRole('button', { name: 'Ajouter des coordonnées de facturation' }));

    const form = screen.getByRole('form', { name: 'Coordonnées de facturation' });
    await userEvent.type(within(form).getByLabelText('N° de TVA'), '<b>');
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(within(form).getByLabelText('Nom')).toHaveAccessibleDescription('Indiquez un nom ou une société.');
    expect(within(form).getByLabelText('N° de TVA')).toHaveAccessibleDescription('Lettres, chiffres, espaces, points et tirets uniquement.');
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await userEvent.type(within(form).getByLabelText('Nom'), BILLING.name);
    await userEvent.type(within(form).getByLabelText('Société'), BILLING.company);
    await userEvent.type(within(form).getByLabelText('Adresse'), 'Rua Augusta 1{enter}Lisboa');
    await userEvent.clear(within(form).getByLabelText('N° de TVA'));
    await userEvent.type(within(form).getByLabelText('N° de TVA'), BILLING.vat_number);
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({ billing: BILLING });
    const shown = await screen.findByTestId('billing-details');
    await waitFor(() => expect(shown).toHaveTextContent(/Sol Lda\s*Rui Sá\s*Rua Augusta 1\s*Lisboa\s*N° de TVA : PT 501234567/));

    await userEvent.click(within(shown).getByRole('button', { name: 'Modifier' }));
    await userEvent.click(screen.getByRole('button', { name: 'Facturer à mon compte' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(2));
    expect(requests.filter((r) => r.method === 'PUT')[1]!.body).toEqual({ billing: null });
  });

  it('shows a paid booking’s details without a way to change them', async () => {
    mockApi({ ...base, 'GET /bookings': () => [booking({ paid_amount: 100, billing: BILLING })], 'GET /bookings/:id/invoices': () => [] });
    renderApp('/my-bookings', { token: 't' });
    const section = await screen.findByTestId('billing-details');
    expect(section).toHaveTextContent('Une facture a été émise : ces coordonnées ne changent plus.');
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });
});
