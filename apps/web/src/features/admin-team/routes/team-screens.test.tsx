import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TeamMember } from '@roomweek/contract';
import { ADMIN_TOKEN, LOAD, mockAdminApi } from '@/features/admin-shell/test/admin-fixtures';
import { admin } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

const member = (overrides: Partial<TeamMember> = {}): TeamMember => ({
  id: '44444444-4444-4444-8444-444444444444',
  email: 'chloe@example.com',
  name: 'Chloé',
  role: 'staff',
  disabled: false,
  two_factor_enabled: false,
  created_at: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

describe('the team screen (/admin/users)', () => {
  it('lists the team, invites someone and disables a member', async () => {
    const { requests } = mockAdminApi(
      { team: [member()] },
      {
        'POST /admin/users': ({ body }) => ({ ...member({ id: '55555555-5555-4555-8555-555555555555' }), ...(body as object) }),
        'PUT /admin/users/:id': ({ body }) => ({ ...member(), ...(body as object) }),
      },
    );
    renderApp('/admin/users', { token: ADMIN_TOKEN });
    expect(await screen.findByRole('heading', { level: 1, name: 'Équipe' }, LOAD)).toBeInTheDocument();
    const card = (await screen.findAllByTestId('team-member'))[0]!;
    expect(within(card).getByText('chloe@example.com')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail'), 'new@example.com');
    await user.type(screen.getByLabelText('Nom'), 'Nouvelle');
    await user.selectOptions(screen.getByLabelText('Rôle'), 'admin');
    await user.click(screen.getByRole('button', { name: "Envoyer l'invitation" }));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST' && r.path === '/admin/users')?.body).toEqual({ email: 'new@example.com', name: 'Nouvelle', role: 'admin' }));

    await user.click(within(card).getByRole('button', { name: 'Désactiver' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ disabled: true }));
  });

  it('is not found for staff', async () => {
    mockAdminApi({ user: { ...admin, role: 'staff', is_admin: false } });
    renderApp('/admin/users', { token: ADMIN_TOKEN });
    await screen.findByRole('heading', { level: 1 }, LOAD);
    expect(screen.queryByRole('heading', { level: 1, name: 'Équipe' })).toBeNull();
  });
});

describe('the audit screen (/admin/audit)', () => {
  it('shows entries and sends the filters', async () => {
    const { requests } = mockAdminApi({}, {
      'GET /admin/audit': () => ({
        entries: [
          { id: '2', at: '2026-11-27T10:00:00.000Z', actor_id: admin.id, actor_email: 'admin@example.com', actor_role: 'admin', ip: '127.0.0.1', action: 'rooms.update', target: 'rooms:1', before: null, after: { price_per_week: 420 } },
        ],
        next_cursor: null,
      }),
    });
    renderApp('/admin/audit', { token: ADMIN_TOKEN });
    expect(await screen.findByRole('heading', { level: 1, name: "Journal d'audit" }, LOAD)).toBeInTheDocument();
    expect(await screen.findByText('rooms.update')).toBeInTheDocument();
    expect(screen.getByText('Par admin@example.com (Administrateur) depuis 127.0.0.1')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Action'), 'rooms.');
    await user.click(screen.getByRole('button', { name: 'Filtrer' }));
    await waitFor(() => expect(requests.some((r) => r.path === '/admin/audit' && r.query.get('action') === 'rooms.')).toBe(true));
  });
});
