import type { Booking } from '@roomweek/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BillingFields, billingDraftOf, checkBilling, type BillingDraft } from '@/components/billing-fields';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useTranslation } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';

/**
 * My bookings: who the booking's invoices are made out to (docs/behaviour.md §19). Editable until its first invoice
 * (`editable`: nothing paid yet); then shown only, as issued.
 */
export function BillingEditor({ booking, editable }: { booking: Booking; editable: boolean }) {
  const { t } = useTranslation(['invoices', 'common']);
  const client = useQueryClient();
  const [draft, setDraft] = useState<BillingDraft | null>(null);
  const [tried, setTried] = useState(false);
  const save = useMutation({
    mutationFn: (billing: Parameters<typeof api.invoices.setBilling>[1]) => api.invoices.setBilling(booking.id, billing),
    onSuccess: () => {
      toast.success(t('billing.saved'));
      setDraft(null);
      setTried(false);
      return client.invalidateQueries({ queryKey: queryKeys.bookings });
    },
    onError: (error) => toast.error(errorMessage(t, error, 'errors.internal_error')),
  });
  const billing = booking.billing;
  if (!billing && !editable) return null;

  if (draft) {
    const checked = checkBilling(t, draft);
    return (
      <form
        className="flex flex-col gap-3 rounded-xl bg-stone-50 p-4 text-sm"
        aria-label={t('billing.title')}
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (checked.billing) save.mutate(checked.billing);
        }}
      >
        <h3 className="font-medium text-stone-700">{t('billing.title')}</h3>
        <p className="text-stone-600">{t('billing.hint')}</p>
        <BillingFields idPrefix={`billing-${booking.id}`} draft={draft} errors={tried ? (checked.errors ?? {}) : {}} onChange={setDraft} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {t('billing.save')}
          </Button>
          <Button type="button" variant="outline" onClick={() => setDraft(null)}>
            {t('billing.cancel')}
          </Button>
          {billing ? (
            <Button type="button" variant="ghost" disabled={save.isPending} onClick={() => save.mutate(null)}>
              {t('billing.remove')}
            </Button>
          ) : null}
        </div>
      </form>
    );
  }

  return (
    <section className="flex flex-col gap-1 text-sm" aria-label={t('billing.title')} data-testid="billing-details">
      <h3 className="font-medium text-stone-700">{t('billing.title')}</h3>
      {billing ? (
        <p className="whitespace-pre-line text-stone-700">
          {[billing.company, billing.name, billing.address, billing.vat_number && t('billing.vatLine', { value: billing.vat_number })].filter(Boolean).join('\n')}
        </p>
      ) : (
        <p className="text-stone-600">{t('billing.none')}</p>
      )}
      {editable ? (
        <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => setDraft(billingDraftOf(billing))}>
          {billing ? t('billing.edit') : t('billing.add')}
        </Button>
      ) : (
        <p className="text-xs text-stone-500">{t('billing.locked')}</p>
      )}
    </section>
  );
}
