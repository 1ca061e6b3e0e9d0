import type { AccountExport } from '@roomweek/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '@/lib/api-client';
import { mockApi } from '../../../../test/api-mock';
import { admin, client, config } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

const base = { 'GET /config': () => config, 'GET /auth/me': () => client };

const exported: AccountExport = {
  format: 'roomweek-account-export',
  version: 1,
  exported_at: '2030-01-02T10:00:00.000Z',
  profile: { ...client, created_at: '2029-12-01T10:00:00.000Z', anonymised_at: null },
  bookings: [],
  messages: [],
};

describe('my account: download my data', () => {
  let saved: { href: string; download: string }[];
  // jsdom has no object URLs: the test gives the page its own, and takes them back after.
  const { createObjectURL, revokeObjectURL } = URL;
  beforeEach(() => {
    saved = [];
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });

  it("shows the account's details and saves the export under the server's file name", async () => {
    const { requests } = mockApi({
      ...base,
      'GET /auth/me/export': () => ({
        body: exported,
        headers: { 'Content-Disposition': 'attachment; filename="roomweek-my-data-2030-01-02.json"' },
      }),
    });
    const { user } = renderApp('/account', { token: 't' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' })).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    for (const detail of ['Marie Dupont', 'marie@example.com', '+33 6 12 34 56 78', 'Lyon', '1 mai 1990']) expect(main.getByText(detail)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Télécharger mes données' }));
    expect(await screen.findByText('Vos données ont été téléchargées')).toBeInTheDocument();
    expect(saved).toEqual([{ href: 'blob:export', download: 'roomweek-my-data-2030-01-02.json' }]);
    expect(requests.filter((request) => request.path === '/auth/me/export')).toHaveLength(1);
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect(JSON.parse(await blob.text())).toEqual(exported);
  });

  it('says so when the export is refused (too many in a minute)', async () => {
    mockApi({ ...base, 'GET /auth/me/export': () => ({ status: 429, body: { code: 'rate_limited', detail: 'Too many' } }) });
    const { user } = renderApp('/account', { token: 't' });
    await user.click(await screen.findByRole('button', { name: 'Télécharger mes données' }));
    expect(await screen.findByText('Trop de tentatives, veuillez réessayer dans une minute')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});

describe('my account: the delete dialog', () => {
  it('names what happens, asks the password, keeps the account on a wrong one or on cancel', async () => {
    const { requests } = mockApi({
      ...base,
      'DELETE /auth/me': () => ({ status: 401, body: { code: 'wrong_password', detail: 'The password is incorrect', field: 'current_password' } }),
    });
    const { user, router } = renderApp('/account', { token: 't' });
    await user.click(await screen.findByRole('button', { name: 'Supprimer mon compte…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Supprimer votre compte ?' });
    // What happens, before anything is asked.
    expect(dialog).toHaveTextContent(/réservations à venir sont annulées/);
    expect(dialog).toHaveTextContent(/remboursé selon les conditions d'annulation/);
    expect(dialog).toHaveTextContent(/conservés pour la comptabilité du propriétaire, sans votre nom ni votre e-mail/);
    expect(dialog).toHaveTextContent(/vous ne pouvez plus vous connecter/);
    expect(dialog).toHaveTextContent(/réinscrire plus tard avec le même e-mail/);

    // No password: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer mon compte' }));
    expect(await within(dialog).findByText('Saisissez votre mot de passe pour confirmer')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    // A wrong password: the server's refusal under the field, the dialog stays, the session too.
    await user.type(within(dialog).getByLabelText('Votre mot de passe'), 'wrong-one');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer mon compte' }));
    expect(await within(dialog).findByText('Mot de passe actuel incorrect')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'DELETE')?.body).toEqual({ current_password: 'wrong-one' });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('t');
    expect(router.state.location.pathname).toBe('/account');

    // Keep my account: the dialog closes, and forgets the password typed.
    await user.click(within(dialog).getByRole('button', { name: 'Garder mon compte' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte…' }));
    expect(within(await screen.findByRole('alertdialog')).getByLabelText('Votre mot de passe')).toHaveValue('');
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });

  it('deletes the account with the password, tells what was cancelled and refunded, forgets the session and goes home', async () => {
    const { requests } = mockApi({
      ...base,
      'GET /properties': () => [],
      'DELETE /auth/me': () => ({ cancelled_bookings: 2, refund_amount: 350 }),
      'POST /auth/logout': () => ({ status: 401, body: { code: 'invalid_token', detail: 'Session ended' } }),
    });
    const { user, router } = renderApp('/account', { token: 't' });
    await user.click(await screen.findByRole('button', { name: 'Supprimer mon compte…' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Votre mot de passe'), 'secret123');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer mon compte' }));

    expect(await screen.findByText(/^Votre compte a été supprimé et 2 réservations annulées\. 350,00\s€ vous seront remboursés$/)).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'DELETE')?.body).toEqual({ current_password: 'secret123' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(localStorage.getItem(TOKEN_KEY)).toBeNull());
    expect(await screen.findByRole('link', { name: 'Connexion' })).toBeInTheDocument();
  });

  it('tells an admin who is the last one why not, and keeps the session', async () => {
    mockApi({
      'GET /config': () => config,
      'GET /auth/me': () => admin,
      'DELETE /auth/me': () => ({ status: 409, body: { code: 'last_admin', detail: 'last admin' } }),
    });
    const { user } = renderApp('/account', { token: 't' });
    expect(await screen.findByRole('link', { name: 'Modifier votre nom, votre e-mail ou votre mot de passe' })).toHaveAttribute('href', '/admin/account');
    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte…' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Votre mot de passe'), 'admin123');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer mon compte' }));
    expect(await within(dialog).findByText('Le dernier compte administrateur actif ne peut être ni supprimé, ni rétrogradé, ni désactivé')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('t');
  });
});

describe('the privacy page', () => {
  it("is public, names the owner's number from the settings, and sends a visitor to log in to reach their data", async () => {
    mockApi({ 'GET /config': () => config });
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeInTheDocument();
    expect(await screen.findByTestId('owner-phone')).toHaveTextContent('+32 470 12-34-56');
    for (const title of ['Ce que nous collectons', 'Pourquoi', 'Combien de temps', 'Qui les reçoit', 'Vos droits']) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    expect(screen.getByText(/effacés 30 jours après leur envoi/)).toBeInTheDocument();
    expect(screen.getByText(/Stripe ou PayPal, quand vous payez/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connectez-vous pour télécharger ou supprimer vos données' })).toHaveAttribute('href', '/login');
    // The footer links here from every page.
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Confidentialité' })).toHaveAttribute('href', '/privacy');
  });

  it('is linked from the sign-up form, in a new tab so the form keeps what was typed', async () => {
    mockApi({ 'GET /config': () => config });
    renderApp('/register');
    const link = await screen.findByRole('link', { name: /Comment nous traitons vos données/ });
    expect(link).toHaveAttribute('href', '/privacy');
    expect(link).toHaveAttribute('target', '_blank');
  });
});
