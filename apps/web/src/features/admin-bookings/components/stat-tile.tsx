import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

const tones = {
  brand: 'bg-brand-50 text-brand-700',
  emerald: 'bg-emerald-50 text-emerald-700',
  amber: 'bg-amber-50 text-amber-800',
  red: 'bg-red-50 text-red-700',
  sky: 'bg-sky-50 text-sky-700',
  stone: 'bg-stone-100 text-stone-700',
} as const;

export interface StatTileProps {
  icon: LucideIcon;
  label: string;
  /** Undefined while loading: a placeholder keeps the tile's size. */
  value: string | number | undefined;
  tone?: keyof typeof tones;
  note?: string | undefined;
}

/** A counter: label with its icon, then the number; a group of a definition list (StatGrid). */
export function StatTile({ icon: Icon, label, value, tone = 'brand', note }: StatTileProps) {
  return (
    <Card className="flex flex-col gap-2 p-5">
      <dt className="flex items-center gap-3 text-sm text-stone-600">
        <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-xl', tones[tone])}>
          <Icon aria-hidden="true" className="size-5" />
        </span>
        {label}
      </dt>
      <dd className="text-2xl font-bold tabular-nums">
        {value === undefined ? <Skeleton className="h-8 w-20" /> : value}
      </dd>
      {note ? <dd className="text-xs text-amber-800">{note}</dd> : null}
    </Card>
  );
}

/** The row of counters, as one definition list. */
export function StatGrid({ children, className }: { children: ReactNode; className?: string }) {
  return <dl className={cn('grid gap-4 sm:grid-cols-2 lg:grid-cols-4', className)}>{children}</dl>;
}
