import { fillText, type Language } from '@roomweek/contract';
import { bookingFacts, CHECK_IN_TEXTS, checkInUrl, composeEmail, TEXTS, type BookingPayload, type RenderedEmail } from './templates.ts';

/** The guest's reminder to check in online before arriving (docs/decisions/0036). */
export function renderCheckInReminder(language: Language, booking: BookingPayload): RenderedEmail {
  const t = TEXTS[language];
  const r = CHECK_IN_TEXTS[language].reminder;
  return composeEmail(t, {
    subject: fillText(r.subject, { property: booking.property_name, room: booking.room_number }),
    greeting: fillText(t.greeting, { name: booking.guest_name }),
    paragraphs: [r.intro],
    facts: bookingFacts(t, language, booking, false),
    action: { label: r.action, url: checkInUrl(booking), showUrl: true },
    footer: r.footer,
  });
}

/** The guest's arrival instructions, ARRIVAL_INSTRUCTIONS_DAYS before arrival (docs/decisions/0038). */
export function renderArrivalInstructions(language: Language, booking: BookingPayload): RenderedEmail {
  const t = TEXTS[language];
  const a = CHECK_IN_TEXTS[language].arrival;
  return composeEmail(t, {
    subject: fillText(a.subject, { property: booking.property_name, room: booking.room_number }),
    greeting: fillText(t.greeting, { name: booking.guest_name }),
    paragraphs: [a.intro, booking.arrival_instructions ?? ''],
    facts: bookingFacts(t, language, booking, false),
    action: { label: a.action, url: `${booking.site_url}/my-bookings` },
    footer: a.footer,
  });
}
