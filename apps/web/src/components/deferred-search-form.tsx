import { lazy, memo, Suspense } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * The home page's search form (issue 26), its code fetched when the visitor reaches for it: the home page keeps its
 * JavaScript budget (bench: 120 KB gzip), which it nearly filled before the form. The server's HTML shows the form
 * meanwhile, and it works without script (a GET of /search); pointing at, touching or tabbing into it loads the code,
 * then React hydrates it (React keeps a boundary it cannot hydrate yet as the server drew it, and replays a click on it
 * once hydrated). Drawn in the browser (no server HTML to keep), it loads at once.
 */
const StaySearchForm = lazy(async () => {
  const served = typeof document === 'undefined' ? null : document.querySelector('[data-search-form]');
  if (served) {
    await new Promise<void>((wanted) => {
      for (const type of ['pointerover', 'pointerdown', 'touchstart', 'focusin']) served.addEventListener(type, () => wanted(), { once: true, passive: true });
    });
  }
  const { loadStaySearchForm } = await import('./stay-search-form-loader');
  const { StaySearchForm: Form } = await loadStaySearchForm();
  return { default: Form };
});

/** Memoized: a boundary still waiting to hydrate must not render again, or React would drop the server's HTML for this. */
export const DeferredSearchForm = memo(function DeferredSearchForm({ className }: { className?: string }) {
  return (
    <Suspense fallback={<Skeleton className="h-40 w-full max-w-4xl rounded-2xl md:h-24" />}>
      <StaySearchForm className={className} />
    </Suspense>
  );
});
