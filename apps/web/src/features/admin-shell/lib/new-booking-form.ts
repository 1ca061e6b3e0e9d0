import { AdminCreateBookingBody, partyFits } from '@roomweek/contract';
import { formRule, type FormMessages } from '@/lib/use-zod-form';
import { required } from './form-text';

/**
 * The owner's new booking (POST /admin/bookings, docs/decisions/0032), checked as the server checks it; and, when the
 * room is known, the party against its capacity (`maxGuests`), said under the adults as the server's too_many_guests.
 */
export const newBookingForm = (maxGuests: number | null) =>
  AdminCreateBookingBody.refine((body) => body.end_date > body.start_date, formRule('end_date', 'errors.invalid_dates')).refine(
    (body) => maxGuests === null || partyFits(body, maxGuests),
    formRule('adults', 'errors.too_many_guests'),
  );

export const newBookingMessages: FormMessages = {
  required,
  fields: {
    guest_email: 'validation.email',
    note: 'validation.noteLength',
    adults: 'validation.party',
    children: 'validation.party',
  },
};
