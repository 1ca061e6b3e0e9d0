import { lazy, memo, Suspense, useEffect, useRef } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import type { BookingCalendarProps } from '@/components/stay-calendar/booking-calendar';

/**
 * The booking calendar costs the most script of the room page (react-day-picker renders every day, date-fns works
 * out each one), and on a phone it starts below the fold. So its code is fetched, and the calendar mounted or
 * hydrated, only once it is wanted: when it comes on screen, or the visitor points at, touches or tabs into it. The
 * server's HTML shows it meanwhile (React keeps a boundary it cannot hydrate yet as the server drew it, and replays a
 * click on it once hydrated). On the server, and where IntersectionObserver is missing, it comes at once.
 */
let release = () => {};
const wanted = new Promise<void>((resolve) => {
  release = resolve;
});

const BookingCalendar = lazy(async () => {
  if (typeof window !== 'undefined') await wanted;
  return import('@/components/stay-calendar/booking-calendar');
});

/** Shown while the calendar's code comes (a page rendered in the browser); the server's HTML has the calendar. */
const FALLBACK = <Skeleton className="h-[22rem] w-full max-w-[40rem]" />;

/** How far into the screen the calendar must come (px) before it is fetched: a glimpse at the fold is not enough. */
const INTO_SCREEN = 120;
const INTERACTIONS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

function whenWanted(element: HTMLElement | null): (() => void) | undefined {
  if (!element || typeof IntersectionObserver === 'undefined') {
    release();
    return undefined;
  }
  const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && done(), {
    rootMargin: `0px 0px -${INTO_SCREEN}px 0px`,
  });
  const stop = () => {
    observer.disconnect();
    for (const type of INTERACTIONS) element.removeEventListener(type, done, true);
  };
  function done() {
    stop();
    release();
  }
  observer.observe(element);
  for (const type of INTERACTIONS) element.addEventListener(type, done, { capture: true, passive: true });
  return stop;
}

/**
 * The booking calendar, loaded when wanted (see above). Memoized, with props that keep their identity: a boundary
 * still waiting to hydrate must not be rendered again, or React would give up the server's HTML for the fallback.
 */
export const DeferredBookingCalendar = memo(function DeferredBookingCalendar(props: BookingCalendarProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => whenWanted(box.current), []);
  return (
    <div ref={box}>
      <Suspense fallback={FALLBACK}>
        <BookingCalendar {...props} />
      </Suspense>
    </div>
  );
});
