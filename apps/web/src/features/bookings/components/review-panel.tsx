import { LANGUAGES, REVIEW_COMMENT_MAX, REVIEW_MAX_RATING, type Language, type MyReviewSlot } from '@roomweek/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/error-message';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useSaveReview } from '../api/reviews';

const LANGUAGE_NAMES: Record<Language, string> = { fr: 'Français', es: 'Español', pt: 'Português', en: 'English' };

/**
 * Under a stay of my bookings (docs/decisions/0035): "Write a review" from the day after departure until the window
 * closes, then the review written, changeable for 48 hours.
 */
export function ReviewPanel({ slot, openAtFirst = false }: { slot: MyReviewSlot; openAtFirst?: boolean }) {
  const { t, i18n } = useTranslation(['reviews', 'common']);
  const [open, setOpen] = useState(openAtFirst && slot.can_write);
  const review = slot.review;
  const editable = review !== null && Date.parse(review.editable_until) > Date.now();
  if (!review && !slot.can_write) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-stone-100 pt-4" data-testid="review-panel">
      {review ? (
        <div className="flex flex-col gap-0.5 text-sm">
          <p className="font-medium">{t('write.yours', { rating: review.rating })}</p>
          {review.hidden ? <p className="text-amber-800">{t('write.hidden')}</p> : null}
          {editable ? <p className="text-stone-500">{t('write.editUntil', { date: formatDate(review.editable_until.slice(0, 10), i18n.language) })}</p> : null}
        </div>
      ) : (
        <p className="text-sm text-stone-500">{t('write.until', { date: formatDate(slot.write_until, i18n.language) })}</p>
      )}
      {slot.can_write || editable ? (
        <Button variant={review ? 'outline' : 'default'} size="sm" onClick={() => setOpen(true)}>
          {review ? t('write.edit') : t('write.button')}
        </Button>
      ) : null}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('write.title')}</DialogTitle>
          </DialogHeader>
          {open ? <ReviewForm slot={slot} onDone={() => setOpen(false)} /> : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function ReviewForm({ slot, onDone }: { slot: MyReviewSlot; onDone: () => void }) {
  const { t, i18n } = useTranslation(['reviews', 'common']);
  const save = useSaveReview();
  const [rating, setRating] = useState(slot.review?.rating ?? 0);
  const [comment, setComment] = useState(slot.review?.comment ?? '');
  const [language, setLanguage] = useState<Language>(slot.review?.language ?? (i18n.language as Language));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) return;
    save.mutate(
      { bookingId: slot.booking_id, body: { rating, comment, language }, edit: slot.review !== null },
      {
        onSuccess: () => {
          toast.success(t('write.saved'));
          onDone();
        },
        onError: (error) => toast.error(errorMessage(t, error, 'errors.internal_error')),
      },
    );
  };
  return (
    <form className="flex flex-col gap-4" onSubmit={submit}>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('write.rating')}</legend>
        <div className="flex gap-1" role="radiogroup" aria-label={t('write.rating')}>
          {Array.from({ length: REVIEW_MAX_RATING }, (_, i) => i + 1).map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={rating === value}
              aria-label={t('stars', { rating: value })}
              onClick={() => setRating(value)}
              className={`text-3xl leading-none ${value <= rating ? 'text-amber-500' : 'text-stone-300'}`}
            >
              ★
            </button>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="review-comment">{t('write.comment')}</Label>
        <Textarea id="review-comment" value={comment} maxLength={REVIEW_COMMENT_MAX} onChange={(event) => setComment(event.target.value)} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="review-language">{t('write.language')}</Label>
        <NativeSelect id="review-language" value={language} onChange={(event) => setLanguage(event.target.value as Language)}>
          {LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {LANGUAGE_NAMES[code]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" disabled={rating < 1 || save.isPending}>
        {t('write.save')}
      </Button>
    </form>
  );
}
