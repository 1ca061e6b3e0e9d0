import { RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import type { StaySelection } from '@/lib/stay';

function Chip({ label, date }: { label: string; date: string | null }) {
  const { t, i18n } = useTranslation();
  return (
    <div
      className={cn(
        'flex min-w-0 flex-1 flex-col rounded-xl border px-3 py-2',
        date ? 'border-brand-200 bg-brand-50' : 'border-dashed border-stone-300 bg-white',
      )}
    >
      <span className="text-xs font-medium text-stone-600 uppercase">{label}</span>
      <span className={cn('truncate text-sm font-semibold', date ? 'text-stone-900' : 'text-stone-600')}>
        {date ? formatDate(date, i18n.language) : t('room.notChosen')}
      </span>
    </div>
  );
}

/** Arrival and departure chips with the reset button. */
export function StayChips({ selection, onReset }: { selection: StaySelection; onReset: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2">
      <div className="flex gap-2">
        <Chip label={t('room.arrival')} date={selection.arrival} />
        <Chip label={t('room.departure')} date={selection.departure} />
      </div>
      <Button variant="ghost" size="sm" className="self-end" onClick={onReset} disabled={!selection.arrival}>
        <RotateCcw aria-hidden="true" />
        {t('room.reset')}
      </Button>
    </div>
  );
}
