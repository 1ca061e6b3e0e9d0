import { fillText, type Language } from '@roomweek/contract';
import fr from '@roomweek/i18n/fr/emails.json' with { type: 'json' };
import es from '@roomweek/i18n/es/emails.json' with { type: 'json' };
import pt from '@roomweek/i18n/pt/emails.json' with { type: 'json' };
import en from '@roomweek/i18n/en/emails.json' with { type: 'json' };
import reviewsFr from '@roomweek/i18n/fr/reviews.json' with { type: 'json' };
import reviewsEs from '@roomweek/i18n/es/reviews.json' with { type: 'json' };
import reviewsPt from '@roomweek/i18n/pt/reviews.json' with { type: 'json' };
import reviewsEn from '@roomweek/i18n/en/reviews.json' with { type: 'json' };
import { asLanguage } from '../notifications/templates.ts';

const TEXTS: Record<Language, typeof fr> = { fr, es, pt, en };
const REVIEW_TEXTS: Record<Language, Pick<typeof reviewsFr, 'email'>> = { fr: reviewsFr, es: reviewsEs, pt: reviewsPt, en: reviewsEn };

/**
 * What a message's payload keeps once its personal content is erased: just what its subject names (decision 0021).
 * The subject is all the export shows of a message, so an erased message still says what it was about.
 */
export const SUBJECT_FIELDS = ['booking_id', 'property_name', 'room_number'] as const;

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '?');

/**
 * The subject an e-mail of this kind had (or will have), in its language, from what its payload still holds. A message
 * nobody reads as an e-mail (the owner's WhatsApp alerts) is named by its kind.
 */
export function messageSubject(kind: string, language: string, payload: Record<string, unknown>): string {
  const t = TEXTS[asLanguage(language)];
  const stay = { property: text(payload.property_name), room: text(payload.room_number) };
  switch (kind) {
    case 'password_reset':
      return t.passwordReset.subject;
    case 'email_changed':
      return t.emailChanged.subject;
    case 'booking_confirmation':
      return fillText(t.bookingConfirmation.subject, stay);
    case 'booking_cancelled':
      return fillText(t.bookingCancelled.subject, stay);
    case 'email_verification':
      return t.emailVerification.subject;
    case 'account_invitation':
      return t.accountInvitation.subject;
    case 'staff_invitation':
      return t.staffInvitation.subject;
    case 'booking_requested':
      return fillText(t.bookingRequested.subject, stay);
    case 'review_invitation':
      return fillText(REVIEW_TEXTS[asLanguage(language)].email.invitation.subject, stay);
    case 'review_hidden':
      return fillText(REVIEW_TEXTS[asLanguage(language)].email.hidden.subject, stay);
    default:
      return kind;
  }
}
