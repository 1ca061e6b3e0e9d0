import type { ErrorCode } from '@roomweek/contract';
import { useNavigate } from 'react-router';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { adminPaths } from '@/features/admin-shell/paths';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';

export interface DeleteErrorKeys {
  /** The API's refusal while a stay is not over (decision 0003). */
  blockedCode: ErrorCode;
  /** The toast's title for that refusal; the API's detail goes under it, with a link to the bookings. */
  blockedKey: string;
  /** The toast for any other failure (when the API's code has no translation). */
  failedKey: string;
}

/** The toast of a refused delete (property or room): a stay not over yet offers the bookings list. */
export function useDeleteErrorToast() {
  const { t } = useAdminTranslation();
  const navigate = useNavigate();
  return (error: unknown, { blockedCode, blockedKey, failedKey }: DeleteErrorKeys) => {
    const blocked = error instanceof ApiError && error.code === blockedCode;
    toast.error(blocked ? t(blockedKey) : errorMessage(t, error, failedKey), {
      description: blocked ? error.detail : undefined,
      action: blocked ? { label: t('properties.seeBookings'), onClick: () => void navigate(adminPaths.bookings) } : undefined,
    });
  };
}
