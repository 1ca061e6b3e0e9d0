import { InvoicePeriodQuery, type AdminInvoice, type AdminInvoiceList } from '@roomweek/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FileDown } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSiteToday } from '@/config/public-config';
import { AdminPage } from '@/features/admin-shell/components/admin-page';
import { api } from '@/lib/api-client';
import { adminApi } from '@/features/admin-shell/lib/admin-api';
import { errorMessage } from '@/lib/error-message';
import { formatDate, formatPrice } from '@/lib/format';
import { useTranslation, type TFunction } from '@/lib/i18n';
import { saveFile } from '@/lib/save-file';
import { useDownload } from '@/lib/use-download';
import { toast } from '@/lib/toast';

/** The owner's invoices and credit notes of a period (docs/behaviour.md §19): the list, its totals, the CSV export. */
export default function InvoicesPage() {
  const { t } = useTranslation(['invoices', 'common']);
  const today = useSiteToday();
  const [draft, setDraft] = useState<{ from: string; to: string } | null>(null);
  const [period, setPeriod] = useState<InvoicePeriodQuery | null>(null);
  // The site's month so far, once the site's today is known.
  useEffect(() => {
    if (today && !draft) {
      const initial = { from: `${today.slice(0, 8)}01`, to: today };
      setDraft(initial);
      setPeriod(initial);
    }
  }, [today, draft]);
  const list = useQuery({
    queryKey: ['admin', 'invoices', period],
    queryFn: ({ signal }) => adminApi.invoices.adminList(period!, signal),
    enabled: period !== null,
    placeholderData: keepPreviousData,
  });
  const { busy: exporting, download } = useDownload(t, 'errors.internal_error');
  const checked = draft ? InvoicePeriodQuery.safeParse(draft) : null;
  const exportCsv = () => period && download(() => adminApi.invoices.exportCsv(period));

  return (
    <AdminPage
      title={t('admin.title')}
      description={t('admin.description')}
      actions={
        <Button type="button" variant="outline" onClick={exportCsv} disabled={!period || exporting} data-testid="invoices-export">
          <FileDown aria-hidden className="size-4" />
          {t('admin.export')}
        </Button>
      }
    >
      {draft ? (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (checked?.success) setPeriod(checked.data);
          }}
        >
          <div className="flex flex-col gap-1">
            <Label htmlFor="invoices-from">{t('admin.from')}</Label>
            <Input id="invoices-from" type="date" required value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="invoices-to">{t('admin.to')}</Label>
            <Input id="invoices-to" type="date" required value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
          </div>
          <Button type="submit" disabled={!checked?.success}>
            {t('admin.show')}
          </Button>
          {checked && !checked.success && draft.from && draft.to && draft.from <= draft.to ? (
            <p className="text-sm text-red-700" role="alert">
              {t('admin.period_too_long')}
            </p>
          ) : null}
        </form>
      ) : null}
      {list.error ? <p role="alert">{errorMessage(t, list.error, 'errors.internal_error')}</p> : null}
      {list.data ? <InvoiceTable list={list.data} t={t} /> : null}
    </AdminPage>
  );
}

function InvoiceTable({ list, t }: { list: AdminInvoiceList; t: TFunction }) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const money = (euros: number) => formatPrice(euros, language);
  if (list.documents.length === 0) return <p className="text-stone-600">{t('admin.empty')}</p>;
  const columns = ['number', 'date', 'guest', 'net', 'vat', 'taxes', 'total', 'method'] as const;
  return (
    <Card className="overflow-x-auto p-0">
      <table className="w-full text-sm" data-testid="invoices-table">
        <caption className="p-3 text-left text-stone-600">{t('admin.count', { count: list.totals.count })}</caption>
        <thead className="bg-stone-50 text-left">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={`px-3 py-2 font-medium ${amountColumn(column) ? 'text-right' : ''}`}>
                {t(`admin.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {list.documents.map((document) => (
            <InvoiceRow key={document.number} document={document} t={t} money={money} language={language} />
          ))}
        </tbody>
        <tfoot className="border-t font-semibold" data-testid="invoices-totals">
          <tr>
            <th scope="row" colSpan={3} className="px-3 py-2 text-left">
              {t('admin.totals')}
            </th>
            <td className="px-3 py-2 text-right">{money(list.totals.net)}</td>
            <td className="px-3 py-2 text-right">{money(list.totals.vat)}</td>
            <td className="px-3 py-2 text-right">{money(list.totals.taxes)}</td>
            <td className="px-3 py-2 text-right">{money(list.totals.total)}</td>
            <td />
          </tr>
        </tfoot>
      </table>
    </Card>
  );
}

const amountColumn = (column: string) => ['net', 'vat', 'taxes', 'total'].includes(column);

function InvoiceRow({ document, t, money, language }: { document: AdminInvoice; t: TFunction; money: (euros: number) => string; language: string }) {
  const save = async () => {
    try {
      saveFile(await api.invoices.pdf(document.number));
    } catch (error) {
      toast.error(errorMessage(t, error, 'errors.internal_error'));
    }
  };
  return (
    <tr className="border-t" data-testid="invoice-row">
      <td className="px-3 py-2">
        <button type="button" className="font-medium underline-offset-2 hover:underline" onClick={save} aria-label={t('admin.pdf', { number: document.number })}>
          {document.number}
        </button>
        <span className="block text-xs text-stone-600">{t(`admin.${document.kind}`)}</span>
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{formatDate(document.issue_date, language)}</td>
      <td className="px-3 py-2">{document.guest}</td>
      <td className="px-3 py-2 text-right whitespace-nowrap">{money(document.net)}</td>
      <td className="px-3 py-2 text-right whitespace-nowrap">{money(document.vat)}</td>
      <td className="px-3 py-2 text-right whitespace-nowrap">{money(document.taxes)}</td>
      <td className="px-3 py-2 text-right whitespace-nowrap">{money(document.total)}</td>
      <td className="px-3 py-2">{t(`admin.${document.method === 'stripe' ? 'card' : document.method}`)}</td>
    </tr>
  );
}
