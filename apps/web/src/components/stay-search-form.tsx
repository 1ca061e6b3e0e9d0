import { MAX_GUESTS, MIN_GUESTS } from '@roomweek/contract';
import { CalendarDays, Search } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { NumberStepper } from '@/components/number-stepper';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { withStayParams } from '@/lib/stay-link';
import { useSiteToday } from '@/config/public-config';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import type { StaySelection } from '@/lib/stay';

// The calendar (react-day-picker, date-fns) is the heaviest script a page can load: it comes when the visitor opens it,
// so the home page keeps its JavaScript budget (issue 26).
const RangePicker = lazy(() => import('@/components/stay-calendar/range-picker'));

export interface StaySearch {
  start_date?: string | undefined;
  end_date?: string | undefined;
  guests?: number | undefined;
}

/**
 * The search of a stay (issue 26): arrival and departure from a calendar that greys out past days, the number of
 * guests, then /search?start_date=&end_date=&guests=. On the home page and above the results.
 */
export function StaySearchForm({ initial = {}, className }: { initial?: StaySearch; className?: string }) {
  const { t, i18n } = useTranslation(['search', 'common']);
  const navigate = useNavigate();
  const today = useSiteToday();
  const id = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [selection, setSelection] = useState<StaySelection>({
    arrival: initial.start_date ?? null,
    departure: initial.start_date ? (initial.end_date ?? null) : null,
  });
  const [guests, setGuests] = useState(initial.guests ?? MIN_GUESTS);
  const { arrival, departure } = selection;

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const choose = (next: StaySelection) => {
    setSelection(next);
    if (next.departure) close();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const stay = arrival && departure ? { start_date: arrival, end_date: departure } : {};
    void navigate(withStayParams(paths.search, { ...stay, guests }));
  };

  const dates = arrival
    ? `${formatDate(arrival, i18n.language)} → ${departure ? formatDate(departure, i18n.language) : t('room.notChosen')}`
    : t('form.anyDates');
  return (
    <form
      data-search-form
      role="search"
      aria-label={t('form.label')}
      action={paths.search}
      method="get"
      onSubmit={submit}
      className={cn('flex w-full flex-col gap-4 rounded-2xl bg-white p-4 text-stone-900 shadow-lg sm:p-5', className)}
    >
      {arrival && departure ? (
        <>
          <input type="hidden" name="start_date" value={arrival} />
          <input type="hidden" name="end_date" value={departure} />
        </>
      ) : null}
      <input type="hidden" name="guests" value={guests} />
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,16rem)_auto] md:items-end">
        <div className="flex flex-col gap-1.5">
          <span id={`${id}-dates`} className="text-sm font-medium">
            {t('form.dates')}
          </span>
          <button
            ref={toggle}
            type="button"
            aria-expanded={open}
            aria-controls={`${id}-calendar`}
            aria-labelledby={`${id}-dates ${id}-value`}
            onClick={() => setOpen((now) => !now)}
            className="flex h-11 items-center gap-2 rounded-lg border border-stone-300 bg-white px-3 text-left text-sm hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
            <span id={`${id}-value`}>{dates}</span>
          </button>
        </div>
        <NumberStepper label={t('form.guests')} value={guests} min={MIN_GUESTS} max={MAX_GUESTS} onChange={setGuests} />
        <Button type="submit" size="lg">
          <Search aria-hidden="true" />
          {t('form.submit')}
        </Button>
      </div>
      {open && today ? (
        <div
          id={`${id}-calendar`}
          role="group"
          aria-label={t('form.dates')}
          className="flex flex-col gap-3 overflow-x-auto"
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        >
          <Suspense fallback={<Skeleton className="h-[22rem] w-full max-w-[40rem] rounded-xl" />}>
            <RangePicker today={today} selection={selection} onChange={choose} />
          </Suspense>
          <div className="flex gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => setSelection({ arrival: null, departure: null })}>
              {t('room.reset')}
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={close}>
              {t('form.close')}
            </Button>
          </div>
        </div>
      ) : null}
    </form>
  );
}
