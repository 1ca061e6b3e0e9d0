import type { TeamMember } from '@roomweek/contract';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { AdminPage } from '@/features/admin-shell/components/admin-page';
import { errorMessage } from '@/lib/error-message';
import { useTranslation, type TFunction } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useTeam, useTeamActions } from '../api/team';

type TeamRole = TeamMember['role'];

/** The admins and staff (docs/decisions/0039): invite by e-mail, change a role, disable or enable. */
export default function UsersPage() {
  const { t } = useTranslation(['team', 'admin', 'common']);
  const team = useTeam();
  return (
    <AdminPage title={t('users.title')} description={t('users.description')}>
      <InviteForm t={t} />
      {team.isError ? <p role="alert">{errorMessage(t, team.error, 'errors.internal_error')}</p> : null}
      <ul className="flex flex-col gap-3" aria-label={t('users.listLabel')}>
        {team.data?.map((member) => (
          <li key={member.id}>
            <MemberCard member={member} t={t} />
          </li>
        ))}
      </ul>
    </AdminPage>
  );
}

function InviteForm({ t }: { t: TFunction }) {
  const { invite } = useTeamActions();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<TeamRole>('staff');
  return (
    <Card className="p-5">
      <form
        className="flex flex-wrap items-end gap-3"
        aria-label={t('users.inviteTitle')}
        onSubmit={(event) => {
          event.preventDefault();
          invite.mutate(
            { email, name, role },
            {
              onSuccess: () => {
                toast.success(t('users.invited', { email }));
                setEmail('');
                setName('');
              },
              onError: (error) => toast.error(errorMessage(t, error, 'errors.internal_error')),
            },
          );
        }}
      >
        <div className="flex flex-col gap-1">
          <Label htmlFor="invite-email">{t('users.email')}</Label>
          <Input id="invite-email" type="email" required maxLength={254} value={email} onChange={(event) => setEmail(event.target.value)} />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="invite-name">{t('users.name')}</Label>
          <Input id="invite-name" required maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="invite-role">{t('users.role')}</Label>
          <NativeSelect id="invite-role" value={role} onChange={(event) => setRole(event.target.value as TeamRole)}>
            <option value="staff">{t('roles.staff')}</option>
            <option value="admin">{t('roles.admin')}</option>
          </NativeSelect>
        </div>
        <Button type="submit" disabled={invite.isPending}>
          {t('users.invite')}
        </Button>
      </form>
      <p className="mt-3 text-sm text-stone-600">{t('users.inviteHint')}</p>
    </Card>
  );
}

function MemberCard({ member, t }: { member: TeamMember; t: TFunction }) {
  const { update } = useTeamActions();
  const { user } = useSession();
  const change = (body: { role?: TeamRole; disabled?: boolean }) =>
    update.mutate(
      { id: member.id, body },
      { onSuccess: () => toast.success(t('users.saved')), onError: (error) => toast.error(errorMessage(t, error, 'errors.internal_error')) },
    );
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="team-member">
      <div className="flex flex-col">
        <span className="font-semibold">
          {member.name}
          {member.id === user?.id ? ` (${t('users.you')})` : ''}
        </span>
        <span className="text-sm text-stone-600">{member.email}</span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {member.disabled ? <Badge variant="destructive">{t('users.disabled')}</Badge> : null}
        <Badge variant="secondary">{member.two_factor_enabled ? t('users.twoFactorOn') : t('users.twoFactorOff')}</Badge>
        <NativeSelect
          aria-label={t('users.roleOf', { name: member.name })}
          value={member.role}
          disabled={update.isPending}
          onChange={(event) => change({ role: event.target.value as TeamRole })}
          className="w-36"
        >
          <option value="staff">{t('roles.staff')}</option>
          <option value="admin">{t('roles.admin')}</option>
        </NativeSelect>
        <Button variant="outline" size="sm" disabled={update.isPending} onClick={() => change({ disabled: !member.disabled })}>
          {member.disabled ? t('users.enable') : t('users.disable')}
        </Button>
      </div>
    </Card>
  );
}
