import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api-mock';
import { client, config } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

// /verify-email?token=… (docs/decisions/0029-on-site-bookings-need-proof.md).

const anonymous = { 'GET /config': () => config, 'GET /auth/me': () => ({ status: 401 as const, body: { detail: 'No token', code: 'unauthorized' } }) };

describe('the e-mail verification page', () => {
  it('proves the address once and says so', async () => {
    const { requests } = mockApi({ ...anonymous, 'POST /auth/verify-email': () => ({ detail: 'ok' }) });
    renderApp('/verify-email?token=abc123');
    expect(await screen.findByRole('heading', { name: 'Adresse e-mail confirmée' })).toBeInTheDocument();
    expect(screen.getByText('Merci ! Vous pouvez maintenant réserver avec paiement sur place.')).toBeInTheDocument();
    const posts = requests.filter((request) => request.path === '/auth/verify-email');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ token: 'abc123' });
  });

  it('explains a used or expired link in the visitor language, and offers to sign in for a new one', async () => {
    mockApi({
      ...anonymous,
      'POST /auth/verify-email': () => ({ status: 400, body: { detail: 'invalid', code: 'invalid_verification_token', field: 'token' } }) as const,
    });
    renderApp('/verify-email?token=used');
    expect(await screen.findByText('Ce lien de confirmation est invalide, déjà utilisé ou expiré')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Se connecter pour recevoir un nouveau lien' })).toHaveAttribute('href', '/login');
  });

  it('offers a signed-in, unproved account a new link; asks nothing without a token', async () => {
    const { requests } = mockApi({
      'GET /config': () => config,
      'GET /auth/me': () => ({ ...client, email_verified: false }),
      'POST /auth/verify-email/resend': () => ({ detail: 'sent' }),
    });
    const { user } = renderApp('/verify-email', { token: 'client-token' });
    expect(await screen.findByRole('heading', { name: 'Lien non valable' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Renvoyer le lien de confirmation' }));
    expect(await screen.findByText(/Un nouveau lien vient de vous être envoyé/)).toBeInTheDocument();
    expect(requests.some((request) => request.path === '/auth/verify-email')).toBe(false);
  });
});
