import type { AuditQuery, InviteUserBody, UpdateUserBody } from '@roomweek/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '@/features/admin-shell/lib/admin-api';
import { queryKeys } from '@/lib/query-keys';

/** The admins and staff (docs/decisions/0039). */
export const teamQuery = () => queryOptions({ queryKey: queryKeys.team, queryFn: ({ signal }) => adminApi.team.list(signal) });
export const useTeam = () => useQuery(teamQuery());

/** Invite, change a role, disable: the list is read again. */
export function useTeamActions() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: queryKeys.team });
  return {
    invite: useMutation({ mutationFn: (body: InviteUserBody) => adminApi.team.invite(body), onSuccess }),
    update: useMutation({ mutationFn: ({ id, body }: { id: string; body: UpdateUserBody }) => adminApi.team.update(id, body), onSuccess }),
  };
}

/** A page of the audit log (docs/decisions/0039). */
export const auditQuery = (query: Partial<AuditQuery>) =>
  queryOptions({
    queryKey: [...queryKeys.audit, query],
    queryFn: ({ signal }) => adminApi.team.audit(query, signal),
    placeholderData: keepPreviousData,
  });
export const useAudit = (query: Partial<AuditQuery>) => useQuery(auditQuery(query));
