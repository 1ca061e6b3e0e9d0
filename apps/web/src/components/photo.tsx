import { useState } from 'react';
import { DEFAULT_PHOTO } from '@/config/paths';
import { cn } from '@/lib/cn';

export interface PhotoProps {
  src: string | undefined;
  alt: string;
  className?: string;
  /** Intrinsic size, so the browser reserves the space before the image arrives. */
  width?: number;
  height?: number;
  /** Above-the-fold photos load at once; the rest wait until they are near the viewport. */
  priority?: boolean;
}

/** A photo that lazy-loads, keeps its box, and falls back to the default illustration when missing or broken. */
export function Photo({ src, alt, className, width = 800, height = 600, priority = false }: PhotoProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const url = !src || failedSrc === src ? DEFAULT_PHOTO : src;
  return (
    <img
      src={url}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : 'auto'}
      onError={() => setFailedSrc(url)}
      className={cn('bg-stone-100 object-cover', className)}
    />
  );
}
