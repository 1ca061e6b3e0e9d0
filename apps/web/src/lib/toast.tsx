import { lazy, Suspense, useSyncExternalStore } from 'react';
import type * as Sonner from 'sonner';
import type { ExternalToast, ToasterProps } from 'sonner';

/**
 * Toasts (sonner) kept off the first page's download: sonner's code loads with the first toast, and most
 * visits show none. A toast shown before its Toaster mounts is replayed by sonner when the Toaster subscribes.
 */

type Kind = 'success' | 'error' | 'info' | 'warning';

let sonner: Promise<typeof Sonner> | null = null;
let toasterWanted = false;
const listeners = new Set<() => void>();

function loadSonner() {
  if (!toasterWanted) {
    toasterWanted = true;
    listeners.forEach((listener) => listener());
  }
  sonner ??= import('sonner');
  return sonner;
}

function show(kind: Kind, message: string, options?: ExternalToast) {
  void loadSonner().then(({ toast: sonnerToast }) => sonnerToast[kind](message, options));
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
  warning: (message: string, options?: ExternalToast) => show('warning', message, options),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const LazyToaster = lazy(() => loadSonner().then(({ Toaster }) => ({ default: Toaster })));

/** Mount once near the root: sonner's Toaster (and its live region) arrives with the first toast. */
export function ToastHost(props: ToasterProps) {
  const wanted = useSyncExternalStore(subscribe, () => toasterWanted, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <LazyToaster {...props} />
    </Suspense>
  ) : null;
}
