import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api-mock';
import { config } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

const business = {
  legal_name: 'Casa Alfama Lda',
  address: 'Rua de São Miguel 12, 1100-544 Lisboa',
  country: 'PT',
  vat_number: 'PT 509 123 456',
  registration_number: 'AL 12345/2019',
  email: 'owner@casa-alfama.example',
  phone: '+351 912 345 678',
};

/** The privacy notice and the footer name the business the owner gave (issue 29 §1). */
describe('the business on the privacy page and in the footer', () => {
  it('names the business, its address and country in the page language, its numbers and how to reach it', async () => {
    mockApi({ 'GET /config': () => ({ ...config, business }) });
    renderApp('/privacy');
    const named = await screen.findByTestId('business');
    expect(named).toHaveTextContent('Casa Alfama Lda — Rua de São Miguel 12, 1100-544 Lisboa, Portugal');
    expect(named).toHaveTextContent('Numéro de TVA : PT 509 123 456');
    expect(named).toHaveTextContent('Immatriculation : AL 12345/2019');
    expect(screen.getByText('par e-mail à owner@casa-alfama.example')).toBeInTheDocument();
    expect(screen.getByText('par téléphone au +351 912 345 678')).toBeInTheDocument();
    expect(within(screen.getByRole('contentinfo')).getByText(/Casa Alfama Lda/)).toBeInTheDocument();
  });

  it('tells how long issued invoices are kept, even after the account is deleted (INVOICE_RETENTION_YEARS)', async () => {
    mockApi({ 'GET /config': () => ({ ...config, business, invoice_retention_years: 7 }) });
    renderApp('/privacy');
    expect(await screen.findByText(/^Les factures et avoirs émis : conservés 7 ans, comme la loi l'exige/)).toHaveTextContent(/même après la suppression de votre compte\.$/);
  });

  it('says nothing of a business the owner has not named, and the footer keeps the site name', async () => {
    mockApi({ 'GET /config': () => config });
    renderApp('/privacy');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('business')).not.toBeInTheDocument();
    expect(within(screen.getByRole('contentinfo')).getByText(/RoomWeek/)).toBeInTheDocument();
  });
});

/** Issue 32 §3: the notice says what the online check-in collects and that the owner keeps it where the law requires. */
describe('the online check-in on the privacy page', () => {
  it('states what is collected and how long the owner keeps registration data, in the page language', async () => {
    mockApi({ 'GET /config': () => config });
    renderApp('/privacy');
    const howLong = (await screen.findByRole('heading', { level: 2, name: 'Combien de temps' })).closest('section')!;
    expect(within(howLong).getByText(/^Enregistrement des voyageurs : le propriétaire le conserve aussi longtemps que la loi l’y oblige/)).toHaveTextContent(
      '1 095 jours après le départ',
    );
    expect(screen.getByText(/^Votre enregistrement en ligne avant le séjour/)).toHaveTextContent('conservés chiffrés');
  });
});
