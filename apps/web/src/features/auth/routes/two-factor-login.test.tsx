import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api-mock';
import { client, config, property } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

const base = { 'GET /config': () => config, 'GET /properties': () => [property] };

describe('login with two-factor sign-in (docs/decisions/0034)', () => {
  it('asks for the code after the password, refuses a wrong one, then signs in with the challenge and code', async () => {
    let tries = 0;
    const { requests } = mockApi({
      ...base,
      'POST /auth/login': () => ({ body: { two_factor_required: true, challenge: 'challenge-1' } }),
      'POST /auth/login/2fa': () =>
        ++tries === 1
          ? { status: 401, body: { detail: 'bad', code: 'invalid_two_factor_code', field: 'code' } }
          : { body: { user: { ...client, two_factor_enabled: true }, token: 'after-2fa' } },
    });
    const { user, router } = renderApp('/login');
    await user.type(await screen.findByLabelText('E-mail'), 'marie@example.com');
    await user.type(screen.getByLabelText('Mot de passe'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    // No token yet: the second step.
    await user.type(await screen.findByLabelText('Code à 6 chiffres'), '000000');
    expect(localStorage.getItem('token')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(
      await screen.findAllByText("Ce code n'est pas valide ; saisissez le code actuel de votre application d'authentification"),
    ).not.toHaveLength(0);

    await user.clear(screen.getByLabelText('Code à 6 chiffres'));
    await user.type(screen.getByLabelText('Code à 6 chiffres'), '123456');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(localStorage.getItem('token')).toBe('after-2fa'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requests.filter((request) => request.path === '/auth/login/2fa').map((request) => request.body)).toEqual([
      { challenge: 'challenge-1', code: '000000' },
      { challenge: 'challenge-1', code: '123456' },
    ]);
  });

  it('takes a recovery code instead', async () => {
    const { requests } = mockApi({
      ...base,
      'POST /auth/login': () => ({ body: { two_factor_required: true, challenge: 'challenge-2' } }),
      'POST /auth/login/2fa': () => ({ body: { user: client, token: 'by-recovery' } }),
    });
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('E-mail'), 'marie@example.com');
    await user.type(screen.getByLabelText('Mot de passe'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await user.click(await screen.findByRole('button', { name: 'Utiliser plutôt un code de secours' }));
    await user.type(screen.getByLabelText('Code de secours'), 'abcde-12345');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(localStorage.getItem('token')).toBe('by-recovery'));
    expect(requests.find((request) => request.path === '/auth/login/2fa')?.body).toEqual({ challenge: 'challenge-2', recovery_code: 'abcde-12345' });
  });
});
