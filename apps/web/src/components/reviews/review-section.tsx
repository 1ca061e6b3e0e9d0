import type { PublicReview } from '@roomweek/contract';
import { Button } from '@/components/ui/button';
import { RatingSummary } from '@/components/rating-summary';
import { INTL_LOCALES } from '@/lib/format';
import { useTranslation, type TFunction } from '@/lib/i18n';
import { useReviews, type ReviewsOf } from './reviews-query';

/** "juillet 2026": the month of a stay (`YYYY-MM`), read as a date in no time zone. */
function formatMonth(month: string, language: string): string {
  const locale = INTL_LOCALES[language as keyof typeof INTL_LOCALES] ?? language;
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
}

/** Five stars, `rating` of them filled; read out as "4 out of 5". */
export function Stars({ rating, label }: { rating: number; label: string }) {
  return (
    <span role="img" aria-label={label} className="tracking-tight text-amber-500">
      {'★'.repeat(rating)}
      <span className="text-stone-300">{'★'.repeat(Math.max(0, 5 - rating))}</span>
    </span>
  );
}

/**
 * One review: the guest's words are text (React escapes them, never markup), with the language they were written in
 * as their `lang` (docs/decisions/0035).
 */
function ReviewItem({ review, t, language }: { review: PublicReview; t: TFunction; language: string }) {
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-stone-200 bg-white p-4" data-testid="review">
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-stone-700">
        <Stars rating={review.rating} label={t('stars', { rating: review.rating })} />
        <span className="font-semibold text-stone-900">{review.guest_name ?? t('formerGuest')}</span>
        <span>· {t('stayed', { month: formatMonth(review.stay_month, language) })}</span>
      </p>
      {review.comment ? (
        <p lang={review.language} className="whitespace-pre-line text-stone-800" data-testid="review-comment">
          {review.comment}
        </p>
      ) : null}
      {review.reply ? (
        <div className="ml-4 border-l-2 border-brand-200 pl-3 text-sm text-stone-700" data-testid="review-reply">
          <p className="font-semibold">{t('reply')}</p>
          <p className="whitespace-pre-line">{review.reply}</p>
        </div>
      ) : null}
    </li>
  );
}

/** The latest reviews of a property or a room, with their average and count; more on demand. */
export function ReviewSection({ kind, id, average, count }: { kind: ReviewsOf; id: string; average: number | null | undefined; count: number | undefined }) {
  const { t, i18n } = useTranslation(['reviews', 'common']);
  const reviews = useReviews(kind, id);
  const list = reviews.data?.pages.flatMap((page) => page.reviews) ?? [];
  return (
    <section aria-labelledby="reviews-title" className="flex flex-col gap-4" data-testid="reviews">
      <div className="flex flex-wrap items-baseline gap-3">
        <h2 id="reviews-title" className="text-2xl font-semibold">
          {t('title')}
        </h2>
        <RatingSummary average={average} count={count} />
      </div>
      {list.length === 0 ? (
        <p className="text-stone-600">{t('none')}</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {list.map((review) => (
            <ReviewItem key={review.id} review={review} t={t} language={i18n.language} />
          ))}
        </ul>
      )}
      {reviews.hasNextPage ? (
        <Button variant="outline" className="self-start" disabled={reviews.isFetchingNextPage} onClick={() => void reviews.fetchNextPage()}>
          {t('more')}
        </Button>
      ) : null}
    </section>
  );
}
