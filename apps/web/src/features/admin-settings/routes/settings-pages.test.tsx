import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PaymentSettings } from '@roomweek/contract';
import { ADMIN_TOKEN, LOAD, mockAdminApi, PAYMENT_SETTINGS } from '@/features/admin-shell/test/admin-fixtures';
import { TOKEN_KEY } from '@/lib/api-client';
import { mockApi } from '../../../../test/api-mock';
import { admin, client, config } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

describe('admin payment settings', () => {
  it("shows masked secrets, 'Configuré' marks, and sends only the filled fields with the wallet mode", async () => {
    const { requests } = mockAdminApi(
      {},
      {
        'GET /payment-settings': () => PAYMENT_SETTINGS,
        'PUT /payment-settings': ({ body }) => ({ ...PAYMENT_SETTINGS, ...(body as object), has_paypal: true }),
      },
    );
    const { user } = renderApp('/admin/payment-settings', { token: ADMIN_TOKEN });
    const key = await screen.findByLabelText('Clé secrète Stripe', {}, LOAD);
    expect(key).toHaveAttribute('type', 'password');
    expect(key).toHaveAttribute('placeholder', 'sk_live_••••••••4242');
    expect(key).toHaveValue('');
    expect(key).toHaveAccessibleDescription('Laisser vide pour conserver la valeur actuelle');
    expect(screen.getByText(/Les champs laissés vides conservent leur valeur actuelle/)).toBeInTheDocument();
    expect(screen.getAllByText('Configuré').length).toBeGreaterThan(0);
    expect(screen.getByText('Non configuré')).toBeInTheDocument();

    const mode = screen.getByRole('combobox', { name: 'Mode PayPal' });
    expect(within(mode).getAllByRole('option').map((o) => o.textContent)).toEqual(['Sandbox (Test)', 'Live (Production)']);

    const secret = screen.getByLabelText('Secret PayPal');
    await user.type(secret, 'paypal-secret');
    const toggles = screen.getAllByRole('button', { name: 'Afficher' });
    await user.click(toggles[2] as HTMLElement);
    expect(secret).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Masquer' }));
    expect(secret).toHaveAttribute('type', 'password');

    await user.type(screen.getByRole('textbox', { name: 'Client ID PayPal' }), '  client-123 ');
    await user.selectOptions(mode, 'live');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Paramètres de paiement mis à jour')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      paypal_client_id: 'client-123',
      paypal_secret: 'paypal-secret',
      paypal_mode: 'live',
    });
    await waitFor(() => expect(secret).toHaveValue(''));
  });

  it('names the stored secrets the server could not read and asks for them again', async () => {
    // The server as it answers before and after the admin enters the Stripe key again.
    let stored: PaymentSettings = { ...PAYMENT_SETTINGS, stripe_api_key_masked: '', has_stripe: false, unreadable: ['paypal_secret', 'stripe_api_key'] };
    const { requests } = mockAdminApi(
      {},
      {
        'GET /payment-settings': () => stored,
        'PUT /payment-settings': () => {
          stored = { ...PAYMENT_SETTINGS, unreadable: ['paypal_secret'] };
          return stored;
        },
      },
    );
    const { user } = renderApp('/admin/payment-settings', { token: ADMIN_TOKEN });
    const notice = await screen.findByRole('alert', {}, LOAD);
    expect(notice).toHaveTextContent("Des clés enregistrées n'ont pas pu être lues");
    expect(notice).toHaveTextContent('Le serveur ne parvient plus à déchiffrer : Secret PayPal, Clé secrète Stripe.');
    expect(notice).not.toHaveTextContent('Secret du webhook Stripe');
    const key = screen.getByLabelText('Clé secrète Stripe');
    expect(key).toHaveAccessibleDescription('Illisible : saisissez-la à nouveau');
    expect(screen.getByLabelText('Secret PayPal')).toHaveAccessibleDescription('Illisible : saisissez-la à nouveau');
    expect(screen.getByLabelText('Secret du webhook Stripe')).not.toHaveAccessibleDescription('Illisible : saisissez-la à nouveau');

    await user.type(key, 'sk_live_new');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Paramètres de paiement mis à jour')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ stripe_api_key: 'sk_live_new', paypal_mode: 'sandbox' });
    await waitFor(() => expect(screen.getByLabelText('Clé secrète Stripe')).toHaveAccessibleDescription('Laisser vide pour conserver la valeur actuelle'));
    expect(screen.getByRole('alert')).toHaveTextContent('Le serveur ne parvient plus à déchiffrer : Secret PayPal.');
  });

  it('shows no such notice when every stored secret was read', async () => {
    mockAdminApi({}, { 'GET /payment-settings': () => PAYMENT_SETTINGS });
    renderApp('/admin/payment-settings', { token: ADMIN_TOKEN });
    await screen.findByLabelText('Clé secrète Stripe', {}, LOAD);
    expect(screen.queryByText("Des clés enregistrées n'ont pas pu être lues")).toBeNull();
    expect(screen.queryByText('Illisible : saisissez-la à nouveau')).toBeNull();
  });

  it('says when the settings cannot be loaded', async () => {
    mockAdminApi({}, { 'GET /payment-settings': () => ({ status: 500, body: { detail: 'boom', code: 'internal_error' } }) });
    renderApp('/admin/payment-settings', { token: ADMIN_TOKEN });
    expect(await screen.findByRole('heading', { name: 'Échec du chargement des paramètres de paiement' }, LOAD)).toBeInTheDocument();
  });
});

describe('admin account settings', () => {
  it('saves the profile and replaces the session with the returned user and token', async () => {
    const { requests } = mockAdminApi(
      {},
      {
        'PUT /auth/profile': ({ body }) => ({ user: { ...admin, ...(body as object) }, token: 'token-after-profile' }),
      },
    );
    const { user } = renderApp('/admin/account', { token: ADMIN_TOKEN });
    expect(await screen.findByText('Changez les identifiants par défaut', {}, LOAD)).toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    expect(email).toHaveValue('admin@example.com');
    const profileForm = screen.getByRole('button', { name: 'Enregistrer le profil' }).closest('form')!;
    // The address unchanged (whatever its case) asks for no password.
    await user.clear(email);
    await user.type(email, 'Admin@Example.com');
    expect(within(profileForm).queryByLabelText('Mot de passe actuel')).toBeNull();
    // A new e-mail asks for the current password, which the old address's owner alone knows.
    await user.clear(email);
    await user.type(email, 'not-an-email');
    const currentPassword = within(profileForm).getByLabelText('Mot de passe actuel');
    expect(currentPassword).toHaveAccessibleDescription("Nécessaire pour changer d'e-mail ; votre ancienne adresse en sera avertie");
    await user.click(screen.getByRole('button', { name: 'Enregistrer le profil' }));
    expect(email).toHaveAccessibleDescription('Adresse e-mail invalide');
    expect(currentPassword).toHaveAccessibleDescription('Ce champ est obligatoire');

    await user.clear(email);
    await user.type(email, 'owner@roomweek.example');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le profil' }));
    expect(currentPassword).toHaveAccessibleDescription('Ce champ est obligatoire');
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.type(currentPassword, 'admin123');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le profil' }));
    expect(await screen.findByText('Profil mis à jour')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ name: 'Admin', email: 'owner@roomweek.example', current_password: 'admin123' });
    // Saved: the address is the account's again, so the field goes.
    await waitFor(() => expect(within(profileForm).queryByLabelText('Mot de passe actuel')).toBeNull());
    expect(localStorage.getItem(TOKEN_KEY)).toBe('token-after-profile');
    // The e-mail advice goes once the default e-mail is gone; the password one stays while the password is the default.
    await waitFor(() => expect(screen.queryByText(/l'e-mail par défaut/)).toBeNull());
    expect(screen.getByText(/encore le mot de passe par défaut/)).toBeInTheDocument();
  });

  it('turns on two-factor sign-in for every admin with one switch, saved at once, and says when it is refused', async () => {
    let saved = false;
    const { requests } = mockAdminApi(
      {},
      {
        'GET /admin/security-settings': () => ({ require_two_factor_for_staff: saved }),
        'PUT /admin/security-settings': ({ body }) => {
          if (requests.filter((r) => r.method === 'PUT').length > 1) {
            return { status: 409, body: { detail: 'enrol first', code: 'two_factor_enrolment_required' } };
          }
          saved = (body as { require_two_factor_for_staff: boolean }).require_two_factor_for_staff;
          return { require_two_factor_for_staff: saved };
        },
      },
    );
    const { user } = renderApp('/admin/account', { token: ADMIN_TOKEN });
    const box = await screen.findByRole('checkbox', { name: /Exiger la connexion en deux étapes de chaque administrateur/ }, LOAD);
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(await screen.findByText('Réglage de sécurité enregistré')).toBeInTheDocument();
    expect(box).toBeChecked();
    expect(requests.find((r) => r.method === 'PUT' && r.path === '/admin/security-settings')?.body).toEqual({ require_two_factor_for_staff: true });
    expect(screen.getByRole('link', { name: 'Ma connexion en deux étapes' })).toHaveAttribute('href', '/account');

    // Refused: the switch goes back to what is saved, and the refusal is said.
    await user.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(await screen.findByText("Activez d'abord la connexion en deux étapes")).toBeInTheDocument();
  });

  it('checks the new password, then changes it and keeps the session with the new token', async () => {
    const { requests } = mockAdminApi(
      {},
      {
        'PUT /auth/change-password': ({ body }) =>
          (body as { current_password: string }).current_password === 'admin123'
            ? { user: { ...admin, default_password: false }, token: 'token-after-password' }
            : { status: 400, body: { detail: 'Wrong', code: 'wrong_password', field: 'current_password' } },
      },
    );
    const { user } = renderApp('/admin/account', { token: ADMIN_TOKEN });
    const current = await screen.findByLabelText('Mot de passe actuel', {}, LOAD);
    const next = screen.getByLabelText('Nouveau mot de passe');
    const confirm = screen.getByLabelText('Confirmer le nouveau mot de passe');
    const submit = screen.getByRole('button', { name: 'Changer le mot de passe' });

    await user.type(current, 'wrong');
    await user.type(next, '12345');
    await user.type(confirm, '54321');
    await user.click(submit);
    expect(next).toHaveAccessibleDescription('Le mot de passe doit contenir au moins 6 caractères');
    expect(confirm).toHaveAccessibleDescription('Les mots de passe ne correspondent pas');
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.clear(next);
    await user.type(next, 'nouveau-secret');
    await user.clear(confirm);
    await user.type(confirm, 'nouveau-secret');
    await user.click(submit);
    expect(await screen.findByText('Mot de passe actuel incorrect', { selector: '[id$="-note"]' })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBe(ADMIN_TOKEN);

    await user.clear(current);
    await user.type(current, 'admin123');
    await user.click(submit);
    expect(await screen.findByText('Mot de passe modifié')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('token-after-password');
    expect(current).toHaveValue('');
    // The password advice goes with the default password; the e-mail one stays.
    await waitFor(() => expect(screen.queryByText(/encore le mot de passe par défaut/)).toBeNull());
    expect(screen.getByText(/l'e-mail par défaut \(admin@example.com\)/)).toBeInTheDocument();
  });
});

describe('admin WhatsApp number', () => {
  it('requires a number with its country code, saves it and says which channel delivers the alerts', async () => {
    const { requests } = mockAdminApi(
      {},
      {
        'GET /admin/whatsapp-settings': () => ({ whatsapp_number: '+32 000 00 00 00', delivery: 'log' }),
        'PUT /admin/whatsapp-settings': ({ body }) => ({ whatsapp_number: body.whatsapp_number, delivery: 'log' }),
      },
    );
    const { user } = renderApp('/admin/whatsapp', { token: ADMIN_TOKEN });
    const field = await screen.findByRole('textbox', { name: 'Numéro WhatsApp' }, LOAD);
    expect(field).toHaveAttribute('type', 'tel');
    expect(field).toBeRequired();
    expect(screen.getByText(/un message automatique vous est envoyé sur ce numéro avec le nom du client/)).toBeInTheDocument();
    expect(screen.getByTestId('whatsapp-delivery')).toHaveTextContent("L'API WhatsApp Cloud n'est pas configurée");

    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(field).toHaveAccessibleDescription('Ce champ est obligatoire');
    await user.type(field, '0470 12 34 56');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(field).toHaveAccessibleDescription(/indicatif du pays/);
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.clear(field);
    await user.type(field, '+32 470 99 88 77');
    const asked = requests.filter((r) => r.path === '/config').length;
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Paramètres WhatsApp mis à jour')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ whatsapp_number: '+32 470 99 88 77' });
    // The public config is stale: it is asked for again (the footer and the contact page show it).
    await waitFor(() => expect(requests.filter((r) => r.path === '/config').length).toBeGreaterThan(asked), LOAD);
  });

  it('says when the Cloud API sends the messages', async () => {
    mockAdminApi({}, { 'GET /admin/whatsapp-settings': () => ({ whatsapp_number: '+32470998877', delivery: 'cloud_api' }) });
    renderApp('/admin/whatsapp', { token: ADMIN_TOKEN });
    expect(await screen.findByTestId('whatsapp-delivery', {}, LOAD)).toHaveTextContent("l'API WhatsApp Cloud");
  });
});

describe('admin access', () => {
  it.each(['/admin', '/admin/bookings', '/admin/whatsapp'])('sends a client opening %s to /', async (path) => {
    mockApi({ 'GET /config': () => config, 'GET /auth/me': () => client, 'GET /properties': () => [] });
    const { router } = renderApp(path, { token: 'client-token' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows not found for an unknown admin page', async () => {
    mockAdminApi();
    renderApp('/admin/nope', { token: ADMIN_TOKEN });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' }, LOAD)).toBeInTheDocument();
  });
});
