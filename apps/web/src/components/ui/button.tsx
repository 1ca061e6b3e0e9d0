import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const variants = {
  default: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700',
  secondary: 'bg-stone-100 text-stone-900 hover:bg-stone-200',
  outline: 'border border-stone-300 bg-white text-stone-900 hover:bg-stone-50',
  ghost: 'text-stone-700 hover:bg-stone-100 hover:text-stone-900 aria-[current=page]:bg-stone-100',
  destructive: 'bg-red-600 text-white shadow-sm hover:bg-red-700',
  'destructive-outline': 'border border-red-200 bg-white text-red-700 hover:bg-red-50',
  /** On a coloured background or over a photo. */
  inverse: 'bg-white/95 text-brand-700 shadow-sm hover:bg-brand-50',
  /** WhatsApp green. */
  chat: 'bg-emerald-700 text-white shadow-sm hover:bg-emerald-800',
  link: 'text-brand-700 underline-offset-4 hover:underline',
} as const;

const sizes = {
  default: 'h-10 rounded-lg px-4 py-2',
  sm: 'h-9 rounded-lg px-3 text-sm',
  /** Icon-only on phones, icon and label from md up (navigation bar). */
  compact: 'h-9 rounded-lg px-2.5 text-sm md:px-3',
  lg: 'h-12 rounded-lg px-6 text-base',
  icon: 'size-10 rounded-lg',
  'icon-round': 'size-10 rounded-full',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

export type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the child element (a link, say) with the button's look. */
  asChild?: boolean;
};

export function buttonClasses(variant: ButtonVariant = 'default', size: ButtonSize = 'default') {
  return cn(
    'inline-flex shrink-0 items-center justify-center gap-2 text-sm font-medium whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    'disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
    variants[variant],
    sizes[size],
  );
}

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      type={asChild ? undefined : (type ?? 'button')}
      className={cn(buttonClasses(variant, size), className)}
      {...props}
    />
  );
}
