import { useTranslation } from '@/lib/i18n';

/**
 * The stars and count of a property's or a room's visible reviews (docs/decisions/0035): on the home page's cards too,
 * so it stays this small — the review list itself loads with the property and room pages only.
 */
export function RatingSummary({ average, count, className }: { average: number | null | undefined; count: number | undefined; className?: string }) {
  const { t, i18n } = useTranslation();
  if (!count || average === null || average === undefined) return null;
  const value = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(average);
  return (
    <span className={className ?? 'inline-flex items-center gap-1 text-sm text-stone-700'} data-testid="rating-summary">
      <span aria-hidden="true" className="text-amber-500">
        ★
      </span>
      <span>{t('ratingSummary', { average: value, count })}</span>
    </span>
  );
}
