import { useQuery } from '@tanstack/react-query';
import type { InvoiceSummary } from '@roomweek/contract';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api-client';
import { formatDate, formatPrice } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { saveFile } from '@/lib/save-file';

/** GET /bookings/{id}/invoices, kept with the booking's other reads. */
export const invoicesQueryKey = (bookingId: string) => [...queryKeys.bookings, bookingId, 'invoices'] as const;

/**
 * A booking's invoices and credit notes, each downloadable as its PDF (docs/behaviour.md §19): shown in my bookings
 * and on the admin's booking card once the booking has received money; nothing while there is none.
 */
export function InvoiceList({ bookingId }: { bookingId: string }) {
  const { t, i18n } = useTranslation(['invoices', 'common']);
  const language = i18n.language;
  const { data } = useQuery({ queryKey: invoicesQueryKey(bookingId), queryFn: ({ signal }) => api.invoices.ofBooking(bookingId, signal) });
  const [saving, setSaving] = useState<string | null>(null);
  if (!data || data.length === 0) return null;

  const save = async (document: InvoiceSummary) => {
    setSaving(document.number);
    try {
      saveFile(await api.invoices.pdf(document.number));
    } finally {
      setSaving(null);
    }
  };

  return (
    <section className="flex flex-col gap-1 text-sm" aria-label={t('list.title')} data-testid="invoice-list">
      <h3 className="font-medium text-stone-700">{t('list.title')}</h3>
      <ul className="flex flex-col gap-1">
        {data.map((document) => (
          <li key={document.number} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {t(`list.${document.kind}`, { number: document.number })} · {formatDate(document.issued_at.slice(0, 10), language)} ·{' '}
              {formatPrice(document.amount, language)}
            </span>
            <Button variant="ghost" size="sm" disabled={saving === document.number} onClick={() => void save(document)}>
              <FileDown aria-hidden="true" />
              {t('list.download')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
