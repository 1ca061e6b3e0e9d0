import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** The browser's own select, styled like Input: keyboard, screen readers and mobile pickers work as users expect. */
export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className={cn('relative', className)}>
      <select
        className={cn(
          'flex h-10 w-full min-w-0 appearance-none rounded-lg border border-stone-300 bg-white py-2 pr-9 pl-3 text-base text-stone-900 shadow-xs sm:text-sm',
          'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600/30',
          'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-red-500',
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-stone-500"
      />
    </div>
  );
}
