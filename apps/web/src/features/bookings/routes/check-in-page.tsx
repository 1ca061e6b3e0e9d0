import { missingCheckInFields, type CheckIn } from '@roomweek/contract';
import { CircleCheck, ClipboardList } from 'lucide-react';
import { useCallback, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { FormField } from '@/components/form-field';
import { LoadFailedView } from '@/components/status-view';
import { SubmitButton } from '@/components/submit-button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { formatDate, shortId } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useCheckIn, useSaveCheckIn } from '../api/check-in';
import { TravellerFields } from '../components/traveller-fields';
import { bodyOf, draftOf, type CheckInDraft, type TravellerDraft } from '../lib/check-in-draft';

/** /my-bookings/:id/check-in: the guest registers every traveller of the party (docs/behaviour.md, online check-in). */
export function CheckInPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['checkin', 'common']);
  const checkIn = useCheckIn(id);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <title>{`${t('title')} · ${t('app.name')}`}</title>
      <BackLink to={paths.myBookings} label={t('backToBookings')} />
      {checkIn.isPending ? (
        <div className="flex flex-col gap-4" aria-busy="true">
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : checkIn.isError ? (
        <LoadFailedView t={t} query={checkIn} failedKey="loadFailed" />
      ) : (
        // Keyed by the booking: another booking's check-in starts from its own answer.
        <CheckInForm key={checkIn.data.booking_id} checkIn={checkIn.data} />
      )}
    </div>
  );
}

function CheckInForm({ checkIn }: { checkIn: CheckIn }) {
  const { t, i18n } = useTranslation(['checkin', 'common']);
  const language = i18n.language;
  const [draft, setDraft] = useState<CheckInDraft>(() => draftOf(checkIn));
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const save = useSaveCheckIn(checkIn.booking_id);
  const party = { adults: checkIn.adults, children: checkIn.children };
  const missing = missingCheckInFields(bodyOf(draft, checkIn.adults), party, checkIn.registration_country);
  const missingSet = new Set(missing);

  const changeTraveller = useCallback((index: number, change: Partial<TravellerDraft>) => {
    setDraft((current) => ({ ...current, travellers: current.travellers.map((traveller, at) => (at === index ? { ...traveller, ...change } : traveller)) }));
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    save.mutate(bodyOf(draft, checkIn.adults), {
      onSuccess: (saved) => {
        setDraft(draftOf(saved));
        toast.success(t(saved.status === 'complete' ? 'savedComplete' : 'saved'));
      },
      onError: (error) => {
        const message = errorMessage(t, error, 'saveFailed');
        if (error instanceof ApiError && error.field) setFieldError({ field: error.field, message });
        toast.error(message);
      },
    });
  };

  return (
    <form className="flex flex-col gap-5" onSubmit={onSubmit} noValidate>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
        <p className="text-sm text-stone-600">{t('bookingFor', { id: shortId(checkIn.booking_id), date: formatDate(checkIn.start_date, language) })}</p>
        <p className="text-stone-600">{t('intro')}</p>
      </div>

      {missing.length === 0 ? (
        <p className="flex items-center gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900" data-testid="check-in-missing">
          <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
          {t('allDone')}
        </p>
      ) : (
        <p className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="check-in-missing" role="status">
          <ClipboardList aria-hidden="true" className="size-4 shrink-0" />
          {t('missingTitle', { count: missing.length })}
        </p>
      )}

      <Card className="flex flex-col gap-4 p-4 sm:p-5" role="group" aria-label={t('arrival')}>
        <h2 className="font-semibold">{t('arrival')}</h2>
        <FormField
          label={t('arrivalTime')}
          type="time"
          className="sm:max-w-xs"
          value={draft.arrival_time}
          onChange={(event) => setDraft((current) => ({ ...current, arrival_time: event.target.value }))}
          {...(fieldError?.field === 'arrival_time'
            ? { error: fieldError.message }
            : { hint: missingSet.has('arrival_time') ? t('required') : undefined })}
        />
      </Card>

      {draft.travellers.map((traveller, index) => (
        <TravellerFields
          // The party's places do not move: the place is the key.
          key={index}
          t={t}
          language={language}
          index={index}
          adults={checkIn.adults}
          children={checkIn.children}
          country={checkIn.registration_country}
          traveller={traveller}
          missing={missing.filter((field) => field.startsWith(`travellers.${index}.`)).join(' ')}
          error={fieldError}
          onChange={changeTraveller}
        />
      ))}

      <p className="text-xs text-stone-500">{t('privacy')}</p>
      <div className="sticky bottom-0 -mx-4 border-t border-stone-200 bg-white/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0">
        <SubmitButton pending={save.isPending} pendingLabel={t('saving')} className="w-full sm:w-auto">
          {t('save')}
        </SubmitButton>
      </div>
    </form>
  );
}
