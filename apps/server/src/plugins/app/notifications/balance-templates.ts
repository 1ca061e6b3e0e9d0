import { fillText, type Language } from '@roomweek/contract';
import fr from '@roomweek/i18n/fr/balance-emails.json' with { type: 'json' };
import es from '@roomweek/i18n/es/balance-emails.json' with { type: 'json' };
import pt from '@roomweek/i18n/pt/balance-emails.json' with { type: 'json' };
import en from '@roomweek/i18n/en/balance-emails.json' with { type: 'json' };
import { bookingFacts, composeEmail, formatEuros, formatStayDate, TEXTS, type BookingPayload, type RenderedEmail } from './templates.ts';

/** The balance's messages (decision 0044); French is the source, every language has its keys. */
const BALANCE_TEXTS: Record<Language, typeof fr> = { fr, es, pt, en };

/** A booking's message that speaks of its balance: the amount, the due date, and whether a saved card pays it. */
export interface BalancePayload extends BookingPayload {
  balance_cents: number;
  balance_due_date: string;
  balance_auto_charge: boolean;
}

function balanceEmail(language: Language, booking: BalancePayload, which: 'soon' | 'due' | 'chargeFailed'): RenderedEmail {
  const t = TEXTS[language];
  const b = BALANCE_TEXTS[language];
  const values = {
    property: booking.property_name,
    room: booking.room_number,
    amount: formatEuros(booking.balance_cents, language),
    date: formatStayDate(booking.balance_due_date, language),
  };
  const autoCharge = which !== 'chargeFailed' && booking.balance_auto_charge ? [b.autoCharge] : [];
  return composeEmail(t, {
    subject: fillText(b[which].subject, values),
    greeting: fillText(t.greeting, { name: booking.guest_name }),
    paragraphs: [fillText(b[which].intro, values), ...autoCharge],
    facts: bookingFacts(t, language, booking, true),
    action: { label: b.action, url: `${booking.site_url}/my-bookings`, showUrl: true },
    footer: b.footer,
  });
}

/** The reminder when the balance is due within BALANCE_REMINDER_DAYS. */
export const renderBalanceReminder = (language: Language, booking: BookingPayload) => balanceEmail(language, booking as BalancePayload, 'soon');
/** The reminder on the due date. */
export const renderBalanceDue = (language: Language, booking: BookingPayload) => balanceEmail(language, booking as BalancePayload, 'due');
/** The saved card was declined (or the bank asked for the guest): pay by yourself. */
export const renderBalanceChargeFailed = (language: Language, booking: BookingPayload) => balanceEmail(language, booking as BalancePayload, 'chargeFailed');

/** The owner's WhatsApp alert: a balance unpaid past its grace days, and what the terms did. */
export function renderAdminBalanceOverdue(language: Language, booking: BookingPayload): string {
  const payload = booking as BalancePayload;
  const a = BALANCE_TEXTS[language].overdueAlert;
  const t = TEXTS[language].adminBookingAlert;
  return [
    `*${a.title}*`,
    `${t.client}: ${booking.guest_name} (${booking.guest_email})`,
    `${t.room}: ${booking.room_number} — ${booking.property_name}`,
    `${t.dates}: ${formatStayDate(booking.start_date, language)} → ${formatStayDate(booking.end_date, language)}`,
    `${a.amount}: ${formatEuros(payload.balance_cents, language)}`,
    `${a.due}: ${formatStayDate(payload.balance_due_date, language)}`,
    booking.cancel_reason ? a.cancelled : a.notify,
    `${t.reference}: ${booking.booking_id.slice(0, 8)}`,
  ].join('\n');
}
