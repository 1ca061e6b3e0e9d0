import type { BookingStatus } from '@roomweek/contract';
import { FileDown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { adminApi } from '@/features/admin-shell/lib/admin-api';
import { useTranslation } from '@/lib/i18n';
import { useDownload } from '@/lib/use-download';

const NAMESPACES = ['reports', 'common'];

/** The bookings screen's "Export bookings (CSV)" (admins, issue 30): every booking its status and search match. */
export function BookingsExportButton({ status, q }: { status: BookingStatus | null; q: string }) {
  const { t } = useTranslation(NAMESPACES);
  const { busy, download } = useDownload(t, 'exports.failed');
  const exportCsv = () => download(() => adminApi.reports.bookingsCsv({ ...(status && { status }), ...(q && { q }) }));
  return (
    <Button type="button" variant="outline" onClick={() => void exportCsv()} disabled={busy} data-testid="bookings-export">
      <FileDown aria-hidden className="size-4" />
      {t('exports.bookings')}
    </Button>
  );
}
