import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export function EmptyState({
  icon: Icon,
  message,
  children,
  className,
}: {
  icon: LucideIcon;
  message: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-8 text-stone-400" />
      <p className="text-stone-600">{message}</p>
      {children}
    </div>
  );
}
