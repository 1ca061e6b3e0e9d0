import { screen, waitFor, within } from '@testing-library/react';
import type { PaymentTerms } from '@roomweek/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, LOAD, mockAdminApi } from '@/features/admin-shell/test/admin-fixtures';
import { renderApp } from '../../../../test/render-app';

/** Issue 28: the site's payment terms, on the cancellation terms' screen. */
describe('admin payment terms', () => {
  it('shows the current terms, refuses values out of range, and saves the four settings', async () => {
    let stored: PaymentTerms = { deposit_percent: 0, balance_due_days: 30, balance_grace_days: 3, overdue_action: 'notify' };
    const { requests } = mockAdminApi(
      { paymentTerms: stored },
      {
        'GET /payment-terms': () => stored,
        'PUT /admin/payment-terms': ({ body }) => {
          stored = body as PaymentTerms;
          return stored;
        },
      },
    );
    const { user } = renderApp('/admin/cancellation-policy', { token: ADMIN_TOKEN });
    const form = await screen.findByRole('form', { name: 'Conditions de paiement' }, LOAD);
    const deposit = within(form).getByRole('textbox', { name: 'Acompte à la réservation (% du séjour)' });
    const due = within(form).getByRole('textbox', { name: "Solde dû (jours avant l'arrivée)" });
    const grace = within(form).getByRole('textbox', { name: "Jours de grâce après l'échéance" });
    const action = within(form).getByRole('combobox', { name: 'Solde en retard' });
    expect(deposit).toHaveValue('0');
    expect(due).toHaveValue('30');
    expect(grace).toHaveValue('3');
    expect(action).toHaveValue('notify');
    expect(screen.getByTestId('payment-terms-summary')).toHaveTextContent('Sans acompte, le client paie tout à la réservation.');

    await user.clear(deposit);
    await user.type(deposit, '100');
    await user.clear(due);
    await user.type(due, '0');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(within(form).getByText('Saisissez un pourcentage entier entre 0 et 99')).toBeInTheDocument();
    expect(within(form).getByText('Saisissez un nombre entier de jours entre 1 et 365')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.clear(deposit);
    await user.type(deposit, '30');
    await user.clear(due);
    await user.type(due, '14');
    await user.clear(grace);
    await user.type(grace, '5');
    await user.selectOptions(action, 'cancel');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Conditions de paiement mises à jour')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ deposit_percent: 30, balance_due_days: 14, balance_grace_days: 5, overdue_action: 'cancel' });
    expect(requests.find((r) => r.method === 'PUT')?.path).toBe('/admin/payment-terms');
    expect(screen.getByTestId('payment-terms-summary')).toHaveTextContent(/paie 30\s% à la réservation, et le reste 14 jours avant l'arrivée/);
  });

  it("shows the server's refusal translated", async () => {
    mockAdminApi({}, { 'PUT /admin/payment-terms': () => ({ status: 400, body: { detail: 'deposit_percent: Too big', code: 'validation_error', field: 'deposit_percent' } }) });
    const { user } = renderApp('/admin/cancellation-policy', { token: ADMIN_TOKEN });
    const form = await screen.findByRole('form', { name: 'Conditions de paiement' }, LOAD);
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    // The toast and the field's note (the error names the field).
    await waitFor(() => expect(screen.getAllByText('Certaines informations sont invalides')).toHaveLength(2), LOAD);
  });
});
