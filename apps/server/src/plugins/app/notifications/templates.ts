import { addDays, cancellationStageFrom, daysBetween, fillText, type CancelReason, type Language, type PaymentMethod } from '@roomweek/contract';
import fr from '@roomweek/i18n/fr/emails.json' with { type: 'json' };
import es from '@roomweek/i18n/es/emails.json' with { type: 'json' };
import pt from '@roomweek/i18n/pt/emails.json' with { type: 'json' };
import en from '@roomweek/i18n/en/emails.json' with { type: 'json' };
import checkInFr from '@roomweek/i18n/fr/checkin-emails.json' with { type: 'json' };
import checkInEs from '@roomweek/i18n/es/checkin-emails.json' with { type: 'json' };
import checkInPt from '@roomweek/i18n/pt/checkin-emails.json' with { type: 'json' };
import checkInEn from '@roomweek/i18n/en/checkin-emails.json' with { type: 'json' };
import { priceFacts, type MessagePrice } from './price-lines.ts';

/** French is the source: every other language must have the same keys (checked by the type below). */
export type EmailTexts = typeof fr;
export const TEXTS: Record<Language, EmailTexts> = { fr, es, pt, en };
/** The online check-in's e-mail texts (docs/decisions/0036), in their own file. */
export const CHECK_IN_TEXTS: Record<Language, typeof checkInFr> = { fr: checkInFr, es: checkInEs, pt: checkInPt, en: checkInEn };
export const checkInUrl = (booking: BookingPayload) => `${booking.site_url}/my-bookings/${booking.booking_id}/check-in`;
const LOCALES: Record<Language, string> = { fr: 'fr-FR', es: 'es-ES', pt: 'pt-PT', en: 'en-GB' };

/** What a booking message needs, copied into the outbox row when the event happens (its price lines: price-lines.ts). */
export interface BookingPayload extends MessagePrice {
  booking_id: string;
  guest_name: string;
  guest_email: string;
  property_name: string;
  property_location: string;
  room_number: string;
  start_date: string;
  end_date: string;
  total_cents: number;
  payment_method: PaymentMethod;
  /** The party (issue 26); absent in messages queued before it. */
  adults?: number;
  children?: number;
  cancel_reason?: CancelReason | null;
  /** Money received and refunded (or being refunded) when the event happened; absent in messages queued before 0010. */
  paid_cents?: number;
  refund_cents?: number;
  /** The booking's terms: free cancellation until this date, then `late_refund_percent` % back until arrival. */
  free_cancellation_until?: string;
  late_refund_percent?: number;
  /** The site's date (TZ_SITE) when the confirmation was written: the terms it states start from there. */
  confirmed_on?: string;
  /** The site's origin when the event happened, for the links in the message. */
  site_url: string;
  /** Confirmed by the owner's approval of an on-site request (docs/decisions/0029). */
  approved?: boolean;
  /** The owner's message with an approval or a refusal, if any. */
  owner_message?: string | null;
  /** The property's arrival instructions, when the message carries them (docs/decisions/0038). */
  arrival_instructions?: string;
  /** A cancellation's refund of money recorded by hand, which the owner gives back (decision 0044). */
  refund_by_hand_cents?: number;
}

export interface PasswordResetPayload {
  name: string;
}

/** The notice to an account's previous e-mail address. */
export interface EmailChangedPayload {
  name: string;
  /** The new address, masked (`jo•••@ex•••.com`). */
  new_email_hint: string;
  site_url: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export const asLanguage = (value: string): Language => (value in TEXTS ? (value as Language) : 'fr');

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A calendar date `YYYY-MM-DD` in words, read as a date (no time zone can shift it). */
export function formatStayDate(date: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

export const formatEuros = (cents: number, language: Language) =>
  new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** `50` → "50 %" / "50%", as each language writes it. */
const formatPercent = (percent: number, language: Language) =>
  new Intl.NumberFormat(LOCALES[language], { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);

function duration(t: EmailTexts, language: Language, days: number): string {
  const form = new Intl.PluralRules(LOCALES[language]).select(days) === 'one' ? t.days_one : t.days_other;
  return fillText(form, { count: days });
}

/** "2 adults, 1 child" (the children left out when none come). */
function party(t: EmailTexts, language: Language, booking: BookingPayload): string {
  const plural = new Intl.PluralRules(LOCALES[language]);
  const count = (one: string, other: string, n: number) => fillText(plural.select(n) === 'one' ? one : other, { count: n });
  const adults = count(t.adults_one, t.adults_other, booking.adults ?? 1);
  const children = booking.children ?? 0;
  return children > 0 ? `${adults}, ${count(t.children_one, t.children_other, children)}` : adults;
}

/** One e-mail, built as paragraphs, a table of facts and one button, rendered both as plain text and as HTML. */
export interface EmailParts {
  subject: string;
  greeting: string;
  paragraphs: string[];
  facts?: [string, string][];
  after?: string[];
  action?: { label: string; url: string; showUrl?: boolean };
  closing?: string[];
  footer: string;
}

export function composeEmail(t: EmailTexts, parts: EmailParts): RenderedEmail {
  const text = [
    parts.greeting,
    '',
    ...parts.paragraphs.flatMap((p) => [p, '']),
    ...(parts.facts?.length ? [...parts.facts.map(([label, value]) => `${label}: ${value}`), ''] : []),
    ...(parts.after ?? []).flatMap((p) => [p, '']),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`, ''] : []),
    ...(parts.closing ?? []).flatMap((p) => [p, '']),
    t.signoff,
    t.team,
    '',
    '--',
    parts.footer,
  ].join('\n');

  // A paragraph's line breaks (the owner's free texts) kept.
  const p = (value: string) => `<p style="margin:0 0 16px">${escapeHtml(value).replace(/\n/g, '<br>')}</p>`;
  const facts = parts.facts?.length
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px">${parts.facts
        .map(
          ([label, value]) =>
            `<tr><td style="padding:4px 16px 4px 0;color:#6b7280">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:600">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const action = parts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(parts.action.url)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(parts.action.label)}</a></p>` +
      (parts.action.showUrl
        ? `<p style="margin:0 0 16px;font-size:13px;color:#6b7280">${escapeHtml(t.linkFallback)}<br><a href="${escapeHtml(parts.action.url)}" style="color:#0f766e;word-break:break-all">${escapeHtml(parts.action.url)}</a></p>`
        : '')
    : '';
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(parts.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700">${escapeHtml(t.site)}</p>
${p(parts.greeting)}
${parts.paragraphs.map(p).join('\n')}
${facts}
${(parts.after ?? []).map(p).join('\n')}
${action}
${(parts.closing ?? []).map(p).join('\n')}
<p style="margin:0">${escapeHtml(t.signoff)}<br>${escapeHtml(t.team)}</p>
</div>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;color:#6b7280">${escapeHtml(parts.footer)}</p>
</body></html>`;
  return { subject: parts.subject, text, html };
}

export function bookingFacts(t: EmailTexts, language: Language, booking: BookingPayload, withMoney: boolean): [string, string][] {
  const facts: [string, string][] = [
    [t.field.reference, booking.booking_id.slice(0, 8)],
    [t.field.property, booking.property_location ? `${booking.property_name}, ${booking.property_location}` : booking.property_name],
    [t.field.room, booking.room_number],
    [t.field.arrival, formatStayDate(booking.start_date, language)],
    [t.field.departure, formatStayDate(booking.end_date, language)],
    [t.field.duration, duration(t, language, daysBetween(booking.start_date, booking.end_date))],
    [t.field.party, party(t, language, booking)],
  ];
  if (withMoney) {
    facts.push(...priceFacts(language, booking, (cents) => formatEuros(cents, language)));
    facts.push([t.field.total, formatEuros(booking.total_cents, language)]);
    facts.push([t.field.payment, t.paymentMethod[booking.payment_method]]);
  }
  return facts;
}

/** The e-mails that carry one link about the account: a reset, a proof of the address, an invitation to choose a password. */
type AccountLinkTexts = EmailTexts['passwordReset'];

function renderAccountLink(t: EmailTexts, texts: AccountLinkTexts, payload: PasswordResetPayload, link: string): RenderedEmail {
  return composeEmail(t, {
    subject: texts.subject,
    greeting: fillText(t.greeting, { name: payload.name }),
    paragraphs: [texts.intro],
    action: { label: texts.action, url: link, showUrl: true },
    closing: [texts.validity, texts.ignore],
    footer: texts.footer,
  });
}

export function renderPasswordReset(language: Language, payload: PasswordResetPayload, link: string): RenderedEmail {
  return renderAccountLink(TEXTS[language], TEXTS[language].passwordReset, payload, link);
}

export function renderEmailVerification(language: Language, payload: PasswordResetPayload, link: string): RenderedEmail {
  return renderAccountLink(TEXTS[language], TEXTS[language].emailVerification, payload, link);
}

/** An account the owner opened with a booking they entered: the link chooses its first password (docs/decisions/0032). */
export function renderAccountInvitation(language: Language, payload: PasswordResetPayload, link: string): RenderedEmail {
  return renderAccountLink(TEXTS[language], TEXTS[language].accountInvitation, payload, link);
}

/** An admin or staff member an admin invited: the link chooses their first password (docs/decisions/0039). */
export function renderStaffInvitation(language: Language, payload: PasswordResetPayload, link: string): RenderedEmail {
  return renderAccountLink(TEXTS[language], TEXTS[language].staffInvitation, payload, link);
}

/** The owner's message, quoted, when there is one. */
const ownerMessage = (t: EmailTexts, booking: BookingPayload) =>
  booking.owner_message ? [fillText(t.ownerMessage, { message: booking.owner_message })] : [];

/** An on-site request received, waiting for the owner's answer. */
export function renderBookingRequested(language: Language, booking: BookingPayload): RenderedEmail {
  const t = TEXTS[language];
  const c = t.bookingRequested;
  return composeEmail(t, {
    subject: fillText(c.subject, { property: booking.property_name, room: booking.room_number }),
    greeting: fillText(t.greeting, { name: booking.guest_name }),
    paragraphs: [c.intro],
    facts: bookingFacts(t, language, booking, true),
    after: [c.next],
    action: { label: t.bookingConfirmation.action, url: `${booking.site_url}/my-bookings` },
    footer: t.bookingConfirmation.footer,
  });
}

export function renderEmailChanged(language: Language, payload: EmailChangedPayload): RenderedEmail {
  const t = TEXTS[language];
  const c = t.emailChanged;
  return composeEmail(t, {
    subject: c.subject,
    greeting: fillText(t.greeting, { name: payload.name }),
    paragraphs: [fillText(c.intro, { email: payload.new_email_hint }), c.ok, c.notYou],
    action: { label: c.action, url: `${payload.site_url}/contact` },
    footer: c.footer,
  });
}

export function renderBookingConfirmation(language: Language, booking: BookingPayload): RenderedEmail {
  const t = TEXTS[language];
  const c = t.bookingConfirmation;
  return composeEmail(t, {
    subject: fillText(c.subject, { property: booking.property_name, room: booking.room_number }),
    greeting: fillText(t.greeting, { name: booking.guest_name }),
    paragraphs: booking.approved ? [c.intro_approved, ...ownerMessage(t, booking)] : [c.intro],
    facts: bookingFacts(t, language, booking, true),
    after: [
      booking.payment_method === 'on_site' ? c.payOnSite : c.paidOnline,
      ...cancellationTerms(t, language, booking),
      `${c.cancelTitle} — ${c.cancelHelp}`,
      fillText(CHECK_IN_TEXTS[language].confirmationLine, { url: checkInUrl(booking) }),
      // Booked within ARRIVAL_INSTRUCTIONS_DAYS of arrival: the instructions come with the confirmation (decision 0038).
      ...(booking.arrival_instructions ? [`${CHECK_IN_TEXTS[language].arrival.confirmationTitle}\n${booking.arrival_instructions}`] : []),
    ],
    action: { label: c.action, url: `${booking.site_url}/my-bookings` },
    footer: c.footer,
  });
}

/**
 * The booking's cancellation terms (docs/behaviour.md §10) as of the day it was confirmed: free until
 * `free_cancellation_until`, then `late_refund_percent` % until the day before arrival, nothing from arrival. Only the
 * tiers still ahead are stated. Nothing for a message queued before the terms existed.
 */
function cancellationTerms(t: EmailTexts, language: Language, booking: BookingPayload): string[] {
  const c = t.cancellationTerms;
  if (booking.payment_method === 'on_site') return [`${c.title} — ${c.onSite}`];
  const { free_cancellation_until: freeUntil, late_refund_percent: percent, start_date: start } = booking;
  if (freeUntil === undefined || percent === undefined) return [];
  // Arrival day counts as started: the last free day is the day before it at the latest.
  const dayBefore = addDays(start, -1);
  const lastFree = freeUntil < dayBefore ? freeUntil : dayBefore;
  const stage = cancellationStageFrom(lastFree, start, booking.confirmed_on ?? '');
  const late = fillText(stage === 'late' ? c.lateNow : c.lateAfter, { percent: formatPercent(percent, language) });
  let sentences: string[];
  if (stage === 'started') sentences = [c.noneNow];
  else if (stage === 'free') {
    const free = fillText(c.freeUntil, { date: formatStayDate(lastFree, language) });
    sentences = lastFree === dayBefore ? [free, c.noneFromArrival] : [free, percent > 0 ? late : c.noneAfter];
  } else sentences = [percent > 0 ? late : c.noneNow];
  return [`${c.title} — ${sentences.join(' ')}`];
}

/** What the cancellation gives back: the amount and when to expect it, or that nothing is refunded; nothing if nothing was paid. */
function refundParagraphs(t: EmailTexts, language: Language, booking: BookingPayload): string[] {
  const c = t.bookingCancelled;
  const paid = booking.paid_cents ?? 0;
  const refund = booking.refund_cents ?? 0;
  if (paid <= 0) return [];
  const amounts = { amount: formatEuros(refund, language), paid: formatEuros(paid, language) };
  if (refund <= 0) return [fillText(booking.cancel_reason === 'admin' ? c.noRefundAdmin : c.noRefund, amounts)];
  const amount = fillText(refund >= paid ? c.refundFull : c.refundPartial, amounts);
  return [`${amount} ${booking.payment_method === 'paypal' ? c.refundDelay_paypal : c.refundDelay_card}`];
}

export function renderBookingCancelled(language: Language, booking: BookingPayload): RenderedEmail {
  const t = TEXTS[language];
  const c = t.bookingCancelled;
  const intros: Record<CancelReason, string> = {
    admin: c.intro_admin,
    expired: c.intro_expired,
    payment_failed: c.intro_payment_failed,
    user: c.intro_user,
    declined: c.intro_declined,
  };
  const intro = intros[booking.cancel_reason ?? 'user'];
  return composeEmail(t, {
    subject: fillText(booking.cancel_reason === 'declined' ? c.subject_declined : c.subject, { property: booking.property_name, room: booking.room_number }),
    greeting: fillText(t.greeting, { name: booking.guest_name }),
    paragraphs: [intro, ...ownerMessage(t, booking), ...refundParagraphs(t, language, booking), c.summary],
    facts: bookingFacts(t, language, booking, false),
    after: [c.again],
    action: { label: c.action, url: `${booking.site_url}/` },
    footer: c.footer,
  });
}

/** The owner's WhatsApp alert: client, room, dates and total price (docs/behaviour.md §2), as plain text. */
export function renderAdminBookingAlert(language: Language, booking: BookingPayload): string {
  const t = TEXTS[language];
  const a = t.adminBookingAlert;
  return [`*${a.title}*`, ...alertStayLines(t, language, booking), `${a.reference}: ${booking.booking_id.slice(0, 8)}`].join('\n');
}

/** The owner's WhatsApp request to approve or decline an on-site booking (docs/decisions/0029). */
export function renderAdminApprovalRequest(language: Language, booking: BookingPayload): string {
  const t = TEXTS[language];
  const a = t.adminApprovalRequest;
  return [`*${a.title}*`, ...alertStayLines(t, language, booking), `${t.adminBookingAlert.reference}: ${booking.booking_id.slice(0, 8)}`, a.action].join('\n');
}

/** The owner's WhatsApp alert of a cancellation by the guest or an admin: who, which stay, what was paid and what goes back. */
export function renderAdminCancellationAlert(language: Language, booking: BookingPayload): string {
  const t = TEXTS[language];
  const a = t.adminCancellationAlert;
  const paid = booking.paid_cents ?? 0;
  const refund = booking.refund_cents ?? 0;
  const money =
    paid > 0
      ? [`${a.paid}: ${formatEuros(paid, language)}`, `${a.refund}: ${refund > 0 ? formatEuros(refund, language) : a.noRefund}`]
      : [`${a.refund}: ${a.nothingPaid}`];
  if (booking.refund_by_hand_cents) money.push(`${a.refundByHand}: ${formatEuros(booking.refund_by_hand_cents, language)}`);
  return [
    `*${a.title}*`,
    `${a.cancelledBy}: ${booking.cancel_reason === 'admin' ? a.byAdmin : a.byGuest}`,
    ...alertStayLines(t, language, booking),
    ...money,
    `${t.adminBookingAlert.reference}: ${booking.booking_id.slice(0, 8)}`,
  ].join('\n');
}

/** Client, room, dates, total price and payment, as both owner's alerts show them. */
function alertStayLines(t: EmailTexts, language: Language, booking: BookingPayload): string[] {
  const a = t.adminBookingAlert;
  const dates = fillText(a.datesValue, {
    start: formatStayDate(booking.start_date, language),
    end: formatStayDate(booking.end_date, language),
    duration: duration(t, language, daysBetween(booking.start_date, booking.end_date)),
  });
  return [
    `${a.client}: ${booking.guest_name} (${booking.guest_email})`,
    `${a.room}: ${booking.room_number} — ${booking.property_name}`,
    `${a.dates}: ${dates}`,
    `${t.field.party}: ${party(t, language, booking)}`,
    ...priceFacts(language, booking, (cents) => formatEuros(cents, language)).map(([label, amount]) => `${label}: ${amount}`),
    `${a.total}: ${formatEuros(booking.total_cents, language)}`,
    `${a.payment}: ${t.paymentMethod[booking.payment_method]}`,
  ];
}
