import type Sharp from 'sharp';

export type Image = Sharp.Sharp;

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips), loaded when a photo is first drawn or resized rather than at start: most starts and most requests
 * never touch an image, and the library holds about 20 MB once loaded (issue 25). A weekly-rental site resizes a photo
 * now and then: libvips's operation cache (up to 50 MB, kept for reuse) and a thread per core would only hold memory
 * between uploads, so one thread and no cache. The demo photos use it too.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(
    ({ default: sharp }) => {
      sharp.cache(false);
      sharp.concurrency(1);
      return sharp;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
