import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';

/** Previous / next with "page X of Y"; hidden when everything fits on one page. */
export function Pagination({
  page,
  pageCount,
  onPageChange,
}: {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
}) {
  const { t } = useAdminTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t('shared.pagination')} className="flex items-center justify-between gap-3">
      <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
        <ChevronLeft aria-hidden="true" />
        {t('shared.previous')}
      </Button>
      <p className="text-sm text-stone-600" aria-current="page">
        {t('shared.pageOf', { page, total: pageCount })}
      </p>
      <Button variant="outline" size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= pageCount}>
        {t('shared.next')}
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
