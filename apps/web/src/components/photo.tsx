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
  /** How wide the photo is shown (the `sizes` attribute): the browser then picks the smallest size that is enough. */
  sizes?: string;
}

/**
 * A photo this site stores (`/uploads/<name>.webp`, at most 1920 pixels wide) has two smaller sizes beside it:
 * `<name>-medium.webp` (960) and `<name>-thumb.webp` (480). The server makes a missing medium on demand.
 */
const STORED_PHOTO = /^\/uploads\/([A-Za-z0-9][A-Za-z0-9_-]*)\.webp$/;

/** The photo's sizes for `srcset`, for a photo stored here: a phone at DPR 1.75 (about 720 px) takes the medium. */
export function photoSrcSet(src: string): string | undefined {
  const name = STORED_PHOTO.exec(src)?.[1];
  return name ? `/uploads/${name}-thumb.webp 480w, /uploads/${name}-medium.webp 960w, ${src} 1920w` : undefined;
}

/** A photo that lazy-loads, keeps its box, and falls back to the default illustration when missing or broken. */
export function Photo({ src, alt, className, width = 800, height = 600, priority = false, sizes = '100vw' }: PhotoProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const url = !src || failedSrc === src ? DEFAULT_PHOTO : src;
  const srcSet = photoSrcSet(url);
  return (
    <img
      src={url}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
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
