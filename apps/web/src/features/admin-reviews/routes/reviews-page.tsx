import type { AdminReview, AdminReviewsQuery } from '@roomweek/contract';
import { useState } from 'react';
import { Stars } from '@/components/reviews/review-section';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { AdminPage } from '@/features/admin-shell/components/admin-page';
import { errorMessage } from '@/lib/error-message';
import { useTranslation, type TFunction } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useAdminReviews, useReviewActions } from '../api/reviews';

/** The owner's reviews (docs/decisions/0035): filter by rating and reply, reply in public, hide or show. */
export default function ReviewsPage() {
  const { t } = useTranslation(['reviews', 'admin', 'common']);
  const [rating, setRating] = useState('');
  const [replied, setReplied] = useState('');
  const query: AdminReviewsQuery = {
    limit: 50,
    ...(rating && { rating: Number(rating) }),
    ...(replied && { replied: replied as 'true' | 'false' }),
  };
  const reviews = useAdminReviews(query);
  return (
    <AdminPage title={t('admin.title')} description={t('admin.description')}>
      <div className="flex flex-wrap gap-3">
        <NativeSelect aria-label={t('admin.rating')} value={rating} onChange={(event) => setRating(event.target.value)} className="w-40">
          <option value="">{`${t('admin.rating')}: ${t('admin.all')}`}</option>
          {[5, 4, 3, 2, 1].map((value) => (
            <option key={value} value={value}>
              {`${value} ★`}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect aria-label={t('admin.replied')} value={replied} onChange={(event) => setReplied(event.target.value)} className="w-48">
          <option value="">{t('admin.all')}</option>
          <option value="true">{t('admin.replied')}</option>
          <option value="false">{t('admin.unreplied')}</option>
        </NativeSelect>
      </div>
      {reviews.data?.reviews.length === 0 ? <p className="text-stone-600">{t('admin.empty')}</p> : null}
      <ul className="flex flex-col gap-4">
        {reviews.data?.reviews.map((review) => (
          <li key={review.id}>
            <AdminReviewCard review={review} t={t} />
          </li>
        ))}
      </ul>
    </AdminPage>
  );
}

function AdminReviewCard({ review, t }: { review: AdminReview; t: TFunction }) {
  const actions = useReviewActions();
  const [reply, setReply] = useState(review.reply ?? '');
  const [reason, setReason] = useState('');
  const failed = (error: unknown) => toast.error(errorMessage(t, error, 'errors.internal_error'));
  const saved = () => toast.success(t('admin.saved'));
  return (
    <Card className="flex flex-col gap-3 p-5" data-testid="admin-review">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <Stars rating={review.rating} label={t('stars', { rating: review.rating })} />
        <span className="font-semibold">{review.guest_name ?? t('formerGuest')}</span>
        <span className="text-stone-600">{t('admin.stay', { room: review.room_number, property: review.property_name, month: review.stay_month })}</span>
        {review.hidden ? <Badge variant="destructive">{t('admin.hiddenBadge')}</Badge> : null}
      </div>
      {review.comment ? (
        <p lang={review.language} className="whitespace-pre-line">
          {review.comment}
        </p>
      ) : null}
      <form
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          actions.reply.mutate({ id: review.id, reply }, { onSuccess: saved, onError: failed });
        }}
      >
        <Textarea aria-label={t('admin.replyLabel')} placeholder={t('admin.replyLabel')} value={reply} maxLength={2000} onChange={(event) => setReply(event.target.value)} />
        <Button type="submit" size="sm" className="self-start" disabled={!reply.trim() || actions.reply.isPending}>
          {t('admin.saveReply')}
        </Button>
      </form>
      <div className="flex flex-wrap items-center gap-2">
        {review.hidden ? null : (
          <Input aria-label={t('admin.reason')} placeholder={t('admin.reason')} value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} className="max-w-sm" />
        )}
        <Button
          variant="outline"
          size="sm"
          onClick={() => actions.visibility.mutate({ id: review.id, body: { hidden: !review.hidden, reason: reason || null } }, { onSuccess: saved, onError: failed })}
        >
          {review.hidden ? t('admin.show') : t('admin.hide')}
        </Button>
      </div>
    </Card>
  );
}
