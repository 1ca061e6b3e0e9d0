import type { SessionInfo } from '@roomweek/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '@/lib/api-client';
import { mockApi } from '../../../../test/api-mock';
import { admin, client, config } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

const sessions: SessionInfo[] = [
  { id: 'a0000000-0000-4000-8000-000000000001', created_at: '2030-01-02T10:00:00.000Z', last_seen_at: '2030-01-02T11:00:00.000Z', ip: '198.51.100.7', browser: 'Firefox 128 · Linux', current: true },
  { id: 'a0000000-0000-4000-8000-000000000002', created_at: '2030-01-01T10:00:00.000Z', last_seen_at: '2030-01-01T12:00:00.000Z', ip: '203.0.113.9', browser: 'Safari 17 · iPhone', current: false },
];

describe('my account: two-factor sign-in and devices (docs/decisions/0034)', () => {
  beforeEach(() => localStorage.setItem(TOKEN_KEY, 't'));

  it('enrols with the QR code and a code, then shows the recovery codes once', async () => {
    let enabled = false;
    const codes = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);
    const { requests } = mockApi({
      'GET /config': () => config,
      'GET /auth/me': () => ({ ...client, two_factor_enabled: enabled }),
      'GET /auth/sessions': () => sessions,
      'POST /auth/2fa/setup': () => ({ body: { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x', qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' } }),
      'POST /auth/2fa/enable': () => {
        enabled = true;
        return { body: { recovery_codes: codes } };
      },
    });
    const { user } = renderApp('/account');
    const card = await screen.findByTestId('two-factor');
    expect(card).toHaveTextContent('Désactivée');
    await user.click(within(card).getByRole('button', { name: 'Activer' }));
    expect(await within(card).findByRole('img', { name: "QR code à scanner avec votre application d'authentification" })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml/),
    );
    expect(within(card).getByTestId('two-factor-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    await user.type(within(card).getByLabelText('Code à 6 chiffres'), '123456');
    await user.click(within(card).getByRole('button', { name: 'Confirmer et activer' }));
    const list = await within(card).findByRole('list', { name: 'Vos codes de secours' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(codes);
    expect(requests.find((request) => request.path === '/auth/2fa/enable')?.body).toEqual({ code: '123456' });
    await user.click(within(card).getByRole('button', { name: 'Je les ai enregistrés' }));
    await waitFor(() => expect(card).toHaveTextContent('Activée'));
    expect(within(card).queryByText(codes[0]!)).toBeNull();
  });

  it('lists the devices, signs one out, and everywhere else keeping a fresh token here', async () => {
    const { requests } = mockApi({
      'GET /config': () => config,
      'GET /auth/me': () => client,
      'GET /auth/sessions': () => sessions,
      'DELETE /auth/sessions/:id': () => ({ status: 204 }),
      'DELETE /auth/sessions': () => ({ body: { user: client, token: 'fresh' } }),
    });
    const { user } = renderApp('/account');
    const card = await screen.findByTestId('sessions');
    expect(await within(card).findByText(/Firefox 128 · Linux · Cet appareil/)).toBeInTheDocument();
    expect(card).toHaveTextContent('203.0.113.9');
    // Only the other device has its own button.
    const buttons = within(card).getAllByRole('button', { name: 'Déconnecter' });
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0]!);
    await waitFor(() => expect(requests.some((request) => request.method === 'DELETE' && request.path === `/auth/sessions/${sessions[1]!.id}`)).toBe(true));
    await user.click(within(card).getByRole('button', { name: 'Se déconnecter partout ailleurs' }));
    await waitFor(() => expect(localStorage.getItem(TOKEN_KEY)).toBe('fresh'));
  });

  it('sends an admin the owner requires to enrol to the account page, whatever page they open', async () => {
    mockApi({
      'GET /config': () => config,
      'GET /auth/me': () => ({ ...admin, two_factor_enrolment_required: true }),
      'GET /auth/sessions': () => sessions,
    });
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Le propriétaire exige la connexion en deux étapes');
  });
});
