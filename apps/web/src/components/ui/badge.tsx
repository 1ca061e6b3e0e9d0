import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const variants = {
  default: 'border-transparent bg-emerald-100 text-emerald-800',
  secondary: 'border-transparent bg-amber-100 text-amber-900',
  destructive: 'border-transparent bg-red-100 text-red-800',
  outline: 'border-stone-300 text-stone-700',
  neutral: 'border-transparent bg-stone-100 text-stone-700',
} as const;

export type BadgeVariant = keyof typeof variants;

export function Badge({ className, variant = 'default', ...props }: ComponentProps<'span'> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
