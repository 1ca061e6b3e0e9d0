import type { CheckInStatus } from '@roomweek/contract';
import { Badge } from '@/components/ui/badge';
import { useTranslation } from '@/lib/i18n';

/** Where an arrival's online check-in stands (docs/decisions/0036): the owner sees whose registration is missing. */
export function CheckInMark({ status }: { status: CheckInStatus }) {
  const { t } = useTranslation(['checkin']);
  return (
    <Badge variant={status === 'complete' ? 'default' : 'secondary'} data-testid="check-in-mark" data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
