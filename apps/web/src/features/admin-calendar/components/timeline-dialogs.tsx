import { addDays, daysBetween, type Block, type Language, type TimelineBooking, type TimelineRoom } from '@roomweek/contract';
import { useState, type FormEvent, type ReactNode } from 'react';
import { BookingStatusBadge } from '@/components/booking-status-badge';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { MethodBadge, PartyText, SourceBadge } from '@/features/admin-shell/components/booking-badges';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { errorMessage } from '@/lib/error-message';
import { formatDate, formatPrice, INTL_LOCALES, shortId } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useCreateBlock, useRemoveBlock } from '../api/calendar';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 border-b border-stone-100 py-2 text-sm last:border-b-0">
      <dt className="text-stone-500">{label}</dt>
      <dd className="text-right font-medium text-stone-900">{children}</dd>
    </div>
  );
}

const dateTime = (instant: string, language: string) =>
  new Intl.DateTimeFormat(INTL_LOCALES[language as Language] ?? INTL_LOCALES.fr, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(instant));

/** A stay clicked on the timeline: the guest, the dates, the party (and whether the owner entered it), the total, the payment. */
export function BookingDetailsDialog({ booking, room, onClose }: { booking: TimelineBooking | null; room: TimelineRoom | null; onClose: () => void }) {
  const { t, i18n } = useAdminTranslation();
  const language = i18n.language;
  return (
    <Dialog open={booking !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        {booking ? (
          <>
            <DialogHeader>
              <DialogTitle>{t('calendar.booking.title', { id: shortId(booking.id) })}</DialogTitle>
              <DialogDescription>{room ? t('calendar.room', { number: room.room_number }) : null}</DialogDescription>
            </DialogHeader>
            <dl>
              <Detail label={t('calendar.booking.guest')}>
                <span className="block">{booking.user_name}</span>
                <span className="block font-normal break-all text-stone-600">{booking.user_email}</span>
              </Detail>
              <Detail label={t('calendar.booking.dates')}>
                {formatDate(booking.start_date, language)} – {formatDate(booking.end_date, language)}
                <span className="block font-normal text-stone-600">
                  {t('calendar.booking.nights', { count: daysBetween(booking.start_date, booking.end_date) })}
                </span>
              </Detail>
              <Detail label={t('bookings.party')}>
                <PartyText party={booking} />
                {booking.source === 'admin' ? (
                  <span className="mt-1 block">
                    <SourceBadge booking={booking} />
                  </span>
                ) : null}
              </Detail>
              <Detail label={t('calendar.booking.total')}>{formatPrice(booking.total_price, language)}</Detail>
              <Detail label={t('calendar.booking.paid')}>{formatPrice(booking.paid_amount, language)}</Detail>
              <Detail label={t('calendar.booking.method')}>
                <MethodBadge method={booking.payment_method} />
              </Detail>
              <Detail label={t('calendar.booking.status')}>
                <BookingStatusBadge status={booking.status} />
                {booking.status === 'pending' && booking.hold_expires_at ? (
                  <span className="block text-xs font-normal text-stone-600">
                    {t('calendar.booking.holdUntil', { time: dateTime(booking.hold_expires_at, language) })}
                  </span>
                ) : null}
              </Detail>
            </dl>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** A block clicked on the timeline: its note, or the feed and event it comes from; a manual one can be freed. */
export function BlockDetailsDialog({ block, room, onClose }: { block: Block | null; room: TimelineRoom | null; onClose: () => void }) {
  const { t, i18n } = useAdminTranslation();
  const remove = useRemoveBlock();
  const language = i18n.language;
  const free = (target: Block) =>
    remove.mutate(
      { roomId: target.room_id, blockId: target.id },
      {
        onSuccess: () => {
          toast.success(t('calendar.block.removed'));
          onClose();
        },
        onError: (error) => toast.error(errorMessage(t, error, 'calendar.block.removeFailed')),
      },
    );
  return (
    <Dialog open={block !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        {block ? (
          <>
            <DialogHeader>
              <DialogTitle>
                {block.source === 'import' ? t('calendar.block.importedTitle', { calendar: block.calendar_name ?? '' }) : t('calendar.block.title')}
              </DialogTitle>
              <DialogDescription>
                {room ? `${t('calendar.room', { number: room.room_number })} · ` : ''}
                {formatDate(block.start_date, language)} – {formatDate(block.end_date, language)}
              </DialogDescription>
            </DialogHeader>
            {block.source === 'manual' ? (
              <dl>
                <Detail label={t('calendar.block.note')}>{block.note ?? <span className="font-normal text-stone-500">{t('calendar.block.noNote')}</span>}</Detail>
              </dl>
            ) : (
              <>
                <dl>
                  <Detail label={t('calendar.block.uid')}>
                    <span className="font-mono text-xs break-all">{block.uid}</span>
                  </Detail>
                </dl>
                <p className={block.conflict ? 'rounded-lg bg-red-50 p-3 text-sm text-red-800' : 'text-sm text-stone-600'} role={block.conflict ? 'alert' : undefined}>
                  {block.conflict ? t('calendar.block.conflict') : t('calendar.block.imported')}
                </p>
              </>
            )}
            {block.source === 'manual' ? (
              <DialogFooter>
                <Button variant="destructive-outline" disabled={remove.isPending} onClick={() => free(block)}>
                  {remove.isPending ? <Spinner /> : null}
                  {t('calendar.block.remove')}
                </Button>
              </DialogFooter>
            ) : null}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

export interface NewBlockTarget {
  room: TimelineRoom;
  propertyName: string;
  start: string;
}

/** Blocks a room's nights from the day clicked: a week by default, with a note only the admin sees. */
export function NewBlockDialog({ target, today, onClose }: { target: NewBlockTarget | null; today: string; onClose: () => void }) {
  const { t } = useAdminTranslation();
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('calendar.newBlock.title')}</DialogTitle>
          <DialogDescription>
            {target ? t('calendar.newBlock.description', { number: target.room.room_number, property: target.propertyName }) : null}
          </DialogDescription>
        </DialogHeader>
        {target ? <NewBlockForm key={`${target.room.id}-${target.start}`} target={target} today={today} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function NewBlockForm({ target, today, onDone }: { target: NewBlockTarget; today: string; onDone: () => void }) {
  const { t } = useAdminTranslation();
  const create = useCreateBlock();
  const [draft, setDraft] = useState({ start: target.start, end: addDays(target.start, 7), note: '' });
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.start || !draft.end || draft.end <= draft.start) {
      setError(t('errors.invalid_dates'));
      return;
    }
    setError(null);
    create.mutate(
      { roomId: target.room.id, body: { start_date: draft.start, end_date: draft.end, note: draft.note.trim() || null } },
      {
        onSuccess: () => {
          toast.success(t('calendar.newBlock.created'));
          onDone();
        },
        onError: (failure) => setError(errorMessage(t, failure, 'calendar.newBlock.failed')),
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('calendar.newBlock.start')} type="date" min={today} value={draft.start} onChange={(e) => setDraft({ ...draft, start: e.target.value })} required />
        <FormField label={t('calendar.newBlock.end')} type="date" min={addDays(draft.start || today, 1)} value={draft.end} onChange={(e) => setDraft({ ...draft, end: e.target.value })} required />
      </div>
      <FormField label={t('calendar.newBlock.note')}>
        {(control) => (
          <Textarea {...control} rows={2} maxLength={500} placeholder={t('calendar.newBlock.notePlaceholder')} value={draft.note} onChange={(e) => setDraft({ ...draft, note: e.target.value })} />
        )}
      </FormField>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <Spinner /> : null}
          {t('calendar.newBlock.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
