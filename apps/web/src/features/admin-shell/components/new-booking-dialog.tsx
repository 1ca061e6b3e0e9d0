import { addDays, ADMIN_BOOKING_NOTE_MAX_LENGTH, DEFAULT_PARTY, LANGUAGES, MAX_GUESTS, type Language, type Property, type Room } from '@roomweek/contract';
import { useMemo, useState } from 'react';
import { FormField } from '@/components/form-field';
import { usePublicConfig } from '@/config/public-config';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { useProperties, useRooms } from '../api/admin-queries';
import { useCreateOwnerBooking } from '../api/owner-bookings';
import { newBookingForm, newBookingMessages } from '../lib/new-booking-form';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { CountStepper } from './count-stepper';

/** What the dialog opens with: a room and an arrival when a day of the timeline was clicked, else nothing chosen. */
export interface NewBookingTarget {
  roomId?: string;
  start?: string;
}

export interface NewBookingDialogProps {
  target: NewBookingTarget | null;
  /** The site's today: the default arrival (past days stay allowed, to record stays taken before). */
  today: string;
  onClose: () => void;
  /** Shown when given and a room and an arrival are chosen: the timeline's other use of an empty day. */
  onBlockInstead?: (target: { roomId: string; start: string }) => void;
}

/**
 * A stay the owner took by phone or e-mail (docs/decisions/0032): room, dates, party, the guest's e-mail and name, a
 * note, and whether the room's stay rules are set aside. Paid on site and confirmed at once; the server's refusals
 * (dates taken, rules, capacity) show under their field and as a toast.
 */
export function NewBookingDialog({ target, today, onClose, onBlockInstead }: NewBookingDialogProps) {
  const { t } = useAdminTranslation();
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('newBooking.title')}</DialogTitle>
          <DialogDescription>{t('newBooking.description')}</DialogDescription>
        </DialogHeader>
        {target ? (
          <NewBookingForm key={`${target.roomId ?? ''}-${target.start ?? ''}`} target={target} today={today} onDone={onClose} onBlockInstead={onBlockInstead} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

const roomsByProperty = (properties: readonly Property[], rooms: readonly Room[]) =>
  properties.map((property) => ({ property, rooms: rooms.filter((room) => room.property_id === property.id) })).filter((group) => group.rooms.length > 0);

function NewBookingForm({
  target,
  today,
  onDone,
  onBlockInstead,
}: {
  target: NewBookingTarget;
  today: string;
  onDone: () => void;
  onBlockInstead?: NewBookingDialogProps['onBlockInstead'];
}) {
  const { t } = useAdminTranslation();
  const rooms = useRooms();
  const properties = useProperties();
  const create = useCreateOwnerBooking();
  const { config } = usePublicConfig();
  const start = target.start ?? today;
  const [draft, setDraft] = useState({
    room_id: target.roomId ?? '',
    start_date: start,
    end_date: start ? addDays(start, 7) : '',
    ...DEFAULT_PARTY,
    guest_email: '',
    guest_name: '',
    guest_language: config.default_language,
    note: '',
    ignore_rules: false,
  });
  const set = <K extends keyof typeof draft>(field: K, value: (typeof draft)[K]) => setDraft((current) => ({ ...current, [field]: value }));
  const groups = useMemo(() => roomsByProperty(properties.data ?? [], rooms.data ?? []), [properties.data, rooms.data]);
  const room = rooms.data?.find((candidate) => candidate.id === draft.room_id) ?? null;
  const schema = useMemo(() => newBookingForm(room?.max_guests ?? null), [room?.max_guests]);

  const form = useZodForm({
    schema,
    messages: newBookingMessages,
    t,
    values: () => draft,
    onValid: (body) =>
      create.mutate(body, {
        onSuccess: (booking) => {
          toast.success(t('newBooking.created', { name: booking.user_name }));
          onDone();
        },
        onError: (error) => {
          const text = errorMessage(t, error, 'newBooking.failed');
          // Nights taken: the arrival is what to change; a broken rule and the capacity name their own field.
          form.showServerError(error, text, { room_unavailable: 'start_date', room_not_found: 'room_id' });
          toast.error(text);
        },
      }),
  });
  const { errors } = form;
  const busy = create.isPending;
  const party = (field: 'adults' | 'children', min: number) => (
    <FormField label={t(`newBooking.${field}`)} error={errors[field]} hint={field === 'adults' && room ? t('newBooking.capacity', { count: room.max_guests }) : undefined}>
      {(control) => (
        <CountStepper
          control={control}
          name={field}
          value={draft[field]}
          min={min}
          max={MAX_GUESTS}
          onChange={(value) => set(field, value)}
          fewerLabel={t(`newBooking.fewer.${field}`)}
          moreLabel={t(`newBooking.more.${field}`)}
          disabled={busy}
        />
      )}
    </FormField>
  );

  return (
    <form noValidate onSubmit={form.onSubmit} className="grid gap-4 sm:grid-cols-2" aria-busy={busy}>
      <FormField label={t('newBooking.room')} error={errors.room_id} className="sm:col-span-2">
        {(control) => (
          <NativeSelect {...control} name="room_id" value={draft.room_id} onChange={(event) => set('room_id', event.target.value)} required>
            <option value="">{t('newBooking.chooseRoom')}</option>
            {groups.map(({ property, rooms: own }) => (
              <optgroup key={property.id} label={property.name}>
                {own.map((option) => (
                  <option key={option.id} value={option.id}>
                    {t('newBooking.roomOption', { number: option.room_number, property: property.name })}
                  </option>
                ))}
              </optgroup>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField label={t('newBooking.start')} name="start_date" type="date" value={draft.start_date} onChange={(event) => set('start_date', event.target.value)} required error={errors.start_date} />
      <FormField
        label={t('newBooking.end')}
        name="end_date"
        type="date"
        min={draft.start_date ? addDays(draft.start_date, 1) : undefined}
        value={draft.end_date}
        onChange={(event) => set('end_date', event.target.value)}
        required
        error={errors.end_date}
      />
      {party('adults', 1)}
      {party('children', 0)}
      <FormField
        label={t('newBooking.guestEmail')}
        name="guest_email"
        type="email"
        autoComplete="off"
        maxLength={254}
        value={draft.guest_email}
        onChange={(event) => set('guest_email', event.target.value)}
        required
        hint={t('newBooking.guestEmailHint')}
        error={errors.guest_email}
      />
      <FormField
        label={t('newBooking.guestName')}
        name="guest_name"
        autoComplete="off"
        maxLength={100}
        value={draft.guest_name}
        onChange={(event) => set('guest_name', event.target.value)}
        required
        error={errors.guest_name}
      />
      <FormField label={t('newBooking.guestLanguage')} hint={t('newBooking.guestLanguageHint')} error={errors.guest_language}>
        {(control) => (
          <NativeSelect {...control} name="guest_language" value={draft.guest_language} onChange={(event) => set('guest_language', event.target.value as Language)}>
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {t(`languages.${language}`)}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField label={t('newBooking.note')} error={errors.note} className="sm:col-span-2">
        {(control) => (
          <Textarea {...control} name="note" rows={2} maxLength={ADMIN_BOOKING_NOTE_MAX_LENGTH} value={draft.note} onChange={(event) => set('note', event.target.value)} />
        )}
      </FormField>
      <label className="flex items-start gap-2 text-sm sm:col-span-2">
        <input type="checkbox" className="mt-0.5" name="ignore_rules" checked={draft.ignore_rules} onChange={(event) => set('ignore_rules', event.target.checked)} disabled={busy} />
        {t('newBooking.ignoreRules')}
      </label>
      <DialogFooter className="sm:col-span-2">
        {onBlockInstead && draft.room_id && draft.start_date ? (
          <Button type="button" variant="outline" onClick={() => onBlockInstead({ roomId: draft.room_id, start: draft.start_date })}>
            {t('newBooking.blockInstead')}
          </Button>
        ) : null}
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner className="text-white [&_svg]:size-4" label={t('newBooking.sending')} /> : null}
          {t('newBooking.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
