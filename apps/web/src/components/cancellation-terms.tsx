import type { CancellationPolicy } from '@roomweek/contract';
import { ShieldCheck } from 'lucide-react';
import { useSiteToday } from '@/config/public-config';
import { cancellationTerms } from '@/lib/cancellation-terms';
import { cn } from '@/lib/cn';
import { formatDate, formatPercent } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';

/**
 * One line of cancellation terms for a stay (docs/behaviour.md §10): "Free cancellation until <date>", the late
 * refund once that date is past, or no refund once the stay has started. Nothing until the site's today is known.
 */
export function CancellationTerms({
  policy,
  arrival,
  className,
}: {
  policy: CancellationPolicy;
  arrival: string;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const today = useSiteToday();
  if (!today) return null;
  const terms = cancellationTerms(policy, arrival, today);
  const text =
    terms.kind === 'free'
      ? t('cancellation.freeUntil', { date: formatDate(terms.until, i18n.language) })
      : terms.kind === 'late'
        ? t('cancellation.late', { percent: formatPercent(terms.percent, i18n.language) })
        : t('cancellation.none');
  return (
    <p
      className={cn('flex items-start gap-1.5 text-sm', terms.kind === 'free' ? 'text-emerald-800' : 'text-stone-700', className)}
      data-testid="cancellation-terms"
    >
      <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{text}</span>
    </p>
  );
}
