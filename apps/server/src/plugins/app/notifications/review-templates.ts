import { fillText, type Language } from '@roomweek/contract';
import fr from '@roomweek/i18n/fr/reviews.json' with { type: 'json' };
import es from '@roomweek/i18n/es/reviews.json' with { type: 'json' };
import pt from '@roomweek/i18n/pt/reviews.json' with { type: 'json' };
import en from '@roomweek/i18n/en/reviews.json' with { type: 'json' };
import { composeEmail, formatStayDate, TEXTS, type RenderedEmail } from './templates.ts';

/** The review messages' texts (packages/i18n/locales/*\/reviews.json); French is the source of every language's keys. */
type ReviewTexts = Pick<typeof fr, 'email' | 'whatsapp'>;
const REVIEW_TEXTS: Record<Language, ReviewTexts> = { fr, es, pt, en };

/** What the invitation to review a stay shows (docs/decisions/0035). */
export interface ReviewInvitationPayload {
  booking_id: string;
  name: string;
  property_name: string;
  room_number: string;
  start_date: string;
  end_date: string;
  /** The last day a review can be written. */
  write_until: string;
  site_url: string;
}

/** The notice to a review's author that the owner hid it, with the reason given. */
export interface ReviewHiddenPayload {
  name: string;
  property_name: string;
  reason: string | null;
  site_url: string;
}

/** The owner's WhatsApp alert about a low rating. */
export interface ReviewAlertPayload {
  rating: number;
  guest_name: string;
  property_name: string;
  room_number: string;
  stay_month: string;
  comment: string | null;
}

export function renderReviewInvitation(language: Language, payload: ReviewInvitationPayload): RenderedEmail {
  const t = TEXTS[language];
  const c = REVIEW_TEXTS[language].email.invitation;
  const names = { property: payload.property_name, room: payload.room_number };
  return composeEmail(t, {
    subject: fillText(c.subject, names),
    greeting: fillText(t.greeting, { name: payload.name }),
    paragraphs: [
      fillText(c.intro, { ...names, start: formatStayDate(payload.start_date, language), end: formatStayDate(payload.end_date, language) }),
      c.ask,
      fillText(c.window, { date: formatStayDate(payload.write_until, language) }),
    ],
    action: { label: c.action, url: `${payload.site_url}/my-bookings?review=${payload.booking_id}` },
    footer: c.footer,
  });
}

export function renderReviewHidden(language: Language, payload: ReviewHiddenPayload): RenderedEmail {
  const t = TEXTS[language];
  const c = REVIEW_TEXTS[language].email.hidden;
  return composeEmail(t, {
    subject: fillText(c.subject, { property: payload.property_name }),
    greeting: fillText(t.greeting, { name: payload.name }),
    paragraphs: [fillText(c.intro, { property: payload.property_name }), ...(payload.reason ? [fillText(c.reason, { reason: payload.reason })] : []), c.kept],
    action: { label: c.action, url: `${payload.site_url}/contact` },
    footer: c.footer,
  });
}

/** Plain text for WhatsApp: the comment is the guest's words, sent as text. */
export function renderAdminReviewAlert(language: Language, payload: ReviewAlertPayload): string {
  const w = REVIEW_TEXTS[language].whatsapp;
  return [
    `*${fillText(w.title, { rating: payload.rating })}*`,
    `${w.guest}: ${payload.guest_name}`,
    `${w.room}: ${payload.room_number} — ${payload.property_name}`,
    `${w.stay}: ${payload.stay_month}`,
    `${w.comment}: ${payload.comment ?? w.noComment}`,
    w.action,
  ].join('\n');
}
