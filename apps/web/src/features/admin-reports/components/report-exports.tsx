import { FileDown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { type DownloadedFile } from '@/lib/api-client';
import { adminApi } from '@/features/admin-shell/lib/admin-api';
import type { TFunction } from '@/lib/i18n';
import { useDownload } from '@/lib/use-download';
import type { DateRange } from '../lib/periods';

/** The admins' CSV files: every booking, and the period's payments and taxes (none while the period is not valid). */
export function ReportExports({ period, t }: { period: DateRange | null; t: TFunction }) {
  const { busy, download } = useDownload(t, 'exports.failed');
  const files: { key: string; fetch: (() => Promise<DownloadedFile>) | null }[] = [
    { key: 'bookings', fetch: () => adminApi.reports.bookingsCsv({}) },
    { key: 'payments', fetch: period && (() => adminApi.reports.paymentsCsv(period)) },
    { key: 'taxes', fetch: period && (() => adminApi.reports.taxesCsv(period)) },
  ];
  return files.map(({ key, fetch }) => (
    <Button key={key} type="button" variant="outline" disabled={!fetch || busy} onClick={() => fetch && void download(fetch)} data-testid={`export-${key}`}>
      <FileDown aria-hidden className="size-4" />
      {t(`exports.${key}`)}
    </Button>
  ));
}
