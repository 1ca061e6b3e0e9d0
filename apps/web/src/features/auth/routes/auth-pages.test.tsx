import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api-mock';
import { client, config, property } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

const base = { 'GET /config': () => config, 'GET /properties': () => [property] };

/** Types each value into the field of that label (waiting for the page to show them), then presses the button. */
async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], fields: Record<string, string>, button: string) {
  for (const [label, value] of Object.entries(fields)) await user.type(await screen.findByLabelText(label), value);
  await user.click(screen.getByRole('button', { name: button }));
}

/** The registration form's fields, filled with a valid account unless `changes` says otherwise. */
const registration = (changes: Record<string, string> = {}) => ({
  Nom: 'Dupont',
  Prénom: 'Marie',
  'Date de naissance': '1990-05-01',
  'Lieu de naissance': 'Lyon',
  Téléphone: '+33612345678',
  'E-mail': 'marie@example.com',
  'Mot de passe': '123456',
  ...changes,
});

describe('login', () => {
  it('shows the translated error for wrong credentials', async () => {
    mockApi({
      ...base,
      'POST /auth/login': () => ({ status: 401, body: { detail: 'Invalid email or password', code: 'invalid_credentials' } }),
    });
    const { user } = renderApp('/login');
    await fillAndSubmit(user, { 'E-mail': 'marie@example.com', 'Mot de passe': 'wrong-password' }, 'Se connecter');
    expect(await screen.findByText('Identifiants incorrects')).toBeInTheDocument();
  });

  it('requires both fields', async () => {
    const { requests } = mockApi(base);
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Se connecter' }));
    expect(screen.getAllByText('Ce champ est obligatoire')).toHaveLength(2);
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });
});

describe('register', () => {
  it('validates, creates the account and goes home signed in', async () => {
    const { requests } = mockApi({
      ...base,
      'POST /auth/register': () => ({ status: 201, body: { user: client, token: 'fresh' } }),
    });
    const { user, router } = renderApp('/register');
    await fillAndSubmit(user, registration({ 'Téléphone': '+33 6 12 34 56 78', 'Mot de passe': '12345' }), 'Créer mon compte');
    expect(screen.getByText('Le mot de passe doit contenir au moins 6 caractères')).toBeInTheDocument();
    expect(screen.getByLabelText('Mot de passe')).toHaveFocus();

    await user.type(screen.getByLabelText('Mot de passe'), '6');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByText('Compte créé avec succès')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requests.find((request) => request.path === '/auth/register')?.body).toEqual({
      name: 'Dupont',
      first_name: 'Marie',
      birth_date: '1990-05-01',
      birth_place: 'Lyon',
      phone: '+33 6 12 34 56 78',
      email: 'marie@example.com',
      password: '123456',
    });
    expect(localStorage.getItem('token')).toBe('fresh');
    expect(await screen.findByRole('link', { name: 'Mes réservations' })).toBeInTheDocument();
  });

  it('marks the field the server rejects', async () => {
    mockApi({
      ...base,
      'POST /auth/register': () => ({ status: 409, body: { detail: 'E-mail taken', code: 'email_taken', field: 'email' } }),
    });
    const { user } = renderApp('/register');
    await fillAndSubmit(user, registration(), 'Créer mon compte');
    await waitFor(() => expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText('Un compte existe déjà avec cet e-mail').length).toBeGreaterThan(0);
  });

  it.each(['2999-01-01', '1899-12-31'])('refuses the date of birth %s before asking the server', async (birthDate) => {
    const { requests } = mockApi(base);
    const { user } = renderApp('/register');
    await fillAndSubmit(user, registration({ 'Date de naissance': birthDate }), 'Créer mon compte');
    expect((await screen.findAllByText('Date de naissance invalide')).length).toBeGreaterThan(0);
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });
});

describe('forgot password', () => {
  it('confirms, and offers the direct link when the API gives a token (development)', async () => {
    mockApi({ ...base, 'POST /auth/forgot-password': () => ({ detail: 'sent', reset_token: 'tok-123' }) });
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('E-mail'), 'marie@example.com');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByText('Le lien est valable 1 heure.')).toBeInTheDocument();
    expect(screen.getByText(/vérifier vos spams/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Réinitialiser le mot de passe maintenant' })).toHaveAttribute(
      'href',
      '/reset-password?token=tok-123',
    );
  });
});

describe('reset password', () => {
  it('sends a visitor without a token to /login with an error', async () => {
    mockApi(base);
    const { router } = renderApp('/reset-password');
    expect(await screen.findByText('Lien de réinitialisation invalide')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('checks the passwords, resets, and goes to /login after 3 s', async () => {
    const { requests } = mockApi({ ...base, 'POST /auth/reset-password': () => ({ detail: 'ok' }) });
    const { user, router } = renderApp('/reset-password?token=tok-123');
    await fillAndSubmit(user, { 'Nouveau mot de passe': 'abcdef', 'Confirmer le mot de passe': 'abcdeg' }, 'Réinitialiser le mot de passe');
    expect(screen.getByText('Les mots de passe ne correspondent pas')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Confirmer le mot de passe'));
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'abcdef');
    await user.click(screen.getByRole('button', { name: 'Réinitialiser le mot de passe' }));
    expect(await screen.findByRole('heading', { name: 'Mot de passe réinitialisé' })).toBeInTheDocument();
    expect(requests.find((request) => request.path === '/auth/reset-password')?.body).toEqual({
      token: 'tok-123',
      new_password: 'abcdef',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('explains an expired link', async () => {
    mockApi({
      ...base,
      'POST /auth/reset-password': () => ({ status: 400, body: { detail: 'bad token', code: 'invalid_reset_token' } }),
    });
    const { user } = renderApp('/reset-password?token=old');
    await fillAndSubmit(user, { 'Nouveau mot de passe': 'abcdef', 'Confirmer le mot de passe': 'abcdef' }, 'Réinitialiser le mot de passe');
    expect(await screen.findByText('Lien de réinitialisation invalide ou expiré')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute('href', '/forgot-password');
  });
});

describe('recover e-mail', () => {
  it('needs 3 characters, then lists the matching accounts', async () => {
    const { requests } = mockApi({
      ...base,
      'POST /auth/recover-email': () => ({ results: [{ name: 'Marie Dupont', email_hint: 'ma***@example.com' }] }),
    });
    const { user } = renderApp('/recover-email');
    await user.type(await screen.findByLabelText('Nom ou partie de l\'e-mail'), 'ma');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(screen.getByText('Saisissez au moins 3 caractères')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText('Nom ou partie de l\'e-mail'), 'r');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    const results = await screen.findByRole('region', { name: '1 compte trouvé' });
    expect(within(results).getByText('Marie Dupont')).toBeInTheDocument();
    expect(within(results).getByText('ma***@example.com')).toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    mockApi({ ...base, 'POST /auth/recover-email': () => ({ results: [] }) });
    const { user } = renderApp('/recover-email');
    await user.type(await screen.findByLabelText('Nom ou partie de l\'e-mail'), 'zzz');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(await screen.findByText('Aucun compte trouvé')).toBeInTheDocument();
  });
});
