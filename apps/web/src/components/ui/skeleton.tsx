import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A grey placeholder of the content's size; pass its rounding (e.g. rounded-lg) with the size. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse bg-stone-200', className)} {...props} />;
}
