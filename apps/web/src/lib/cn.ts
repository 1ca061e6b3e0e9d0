import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. No class merging (tailwind-merge would cost ~8 KB gzip on every page): a primitive's
 * look changes through its `variant`/`size` props, and a caller's `className` only adds non-conflicting
 * classes (layout, margins, width) — never a second value for a property the primitive already sets.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
