import { describe, expect, it } from 'vitest';
import type { Language } from '@roomweek/contract';
import {
  renderAdminBookingAlert,
  renderAdminCancellationAlert,
  renderBookingCancelled,
  renderBookingConfirmation,
  type BookingPayload,
} from '../../src/plugins/app/notifications/templates.ts';
import { plainSpaces } from './outbox-support.ts';

/** A week from Monday 20 July 2026, 350 € paid by card, booked under 14 days / 50 %: free until 6 July. */
const PAID: BookingPayload = {
  booking_id: '3f0c9a6e-5d1b-4b8e-9a57-0c1f2f4a8d11',
  guest_name: 'Marie Dupont',
  guest_email: 'marie@example.com',
  property_name: 'Villa Rosa & Sol',
  property_location: 'Gent, Belgium',
  room_number: '12',
  start_date: '2026-07-20',
  end_date: '2026-07-27',
  total_cents: 35_000,
  payment_method: 'stripe',
  cancel_reason: null,
  paid_cents: 35_000,
  refund_cents: 0,
  free_cancellation_until: '2026-07-06',
  late_refund_percent: 50,
  site_url: 'http://localhost:3000',
};

const LOCALES: Record<Language, string> = { fr: 'fr-FR', es: 'es-ES', pt: 'pt-PT', en: 'en-GB' };
const longDate = (date: string, language: Language) =>
  new Intl.DateTimeFormat(LOCALES[language], { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

const confirmation = (language: Language, changes: Partial<BookingPayload> = {}) =>
  plainSpaces(renderBookingConfirmation(language, { ...PAID, ...changes }).text);
const cancellation = (language: Language, changes: Partial<BookingPayload> = {}) =>
  plainSpaces(renderBookingCancelled(language, { ...PAID, cancel_reason: 'user', ...changes }).text);
/** The paragraph of a plain-text e-mail that starts with `start`. */
const paragraph = (text: string, start: string) => text.split('\n\n').find((p) => p.startsWith(start));

describe('the cancellation terms in the confirmation e-mail', () => {
  it('states every tier still ahead, with the last free day and the late percentage', () => {
    const en = confirmation('en', { confirmed_on: '2026-06-01' });
    expect(paragraph(en, 'Cancellation terms')).toBe(
      `Cancellation terms — Free cancellation until ${longDate('2026-07-06', 'en')} inclusive: everything you paid is refunded. ` +
        'After that, 50% of what you paid is refunded until the day before arrival; nothing from the arrival day on.',
    );
    const fr = confirmation('fr', { confirmed_on: '2026-07-06', late_refund_percent: 30, payment_method: 'paypal' });
    expect(paragraph(fr, "Conditions d'annulation")).toBe(
      `Conditions d'annulation — Annulation gratuite jusqu'au ${longDate('2026-07-06', 'fr')} inclus : ce que vous avez payé vous est remboursé en totalité. ` +
        "Ensuite, 30 % de ce que vous avez payé vous est remboursé jusqu'à la veille de l'arrivée ; plus rien à partir du jour d'arrivée.",
    );
    // The terms come after the payment line and before how to cancel; the HTML part says the same, escaped.
    expect(en.indexOf('We have received your payment.')).toBeLessThan(en.indexOf('Cancellation terms'));
    expect(en.indexOf('Cancellation terms')).toBeLessThan(en.indexOf('How to cancel'));
    const html = plainSpaces(renderBookingConfirmation('fr', { ...PAID, confirmed_on: '2026-06-01' }).html);
    expect(html).toContain('Conditions d&#39;annulation — Annulation gratuite jusqu&#39;au');
  });

  it('leaves out the free tier once it is over when the booking is confirmed', () => {
    const fr = confirmation('fr', { confirmed_on: '2026-07-07' });
    expect(paragraph(fr, "Conditions d'annulation")).toBe(
      "Conditions d'annulation — Si vous annulez avant l'arrivée, 50 % de ce que vous avez payé vous est remboursé ; plus rien à partir du jour d'arrivée.",
    );
    expect(fr).not.toContain('Annulation gratuite');
    const es = confirmation('es', { confirmed_on: '2026-07-19', late_refund_percent: 0 });
    expect(paragraph(es, 'Condiciones de cancelación')).toBe('Condiciones de cancelación — Si cancelas, lo que has pagado no se reembolsa.');
    // Confirmed on the arrival day: nothing comes back whatever the percentage.
    expect(paragraph(confirmation('en', { confirmed_on: '2026-07-20' }), 'Cancellation terms')).toBe(
      'Cancellation terms — If you cancel, what you paid is not refunded.',
    );
  });

  it('says "no refund" after the free tier when the late percentage is 0', () => {
    const es = confirmation('es', { confirmed_on: '2026-06-01', late_refund_percent: 0 });
    expect(paragraph(es, 'Condiciones de cancelación')).toBe(
      `Condiciones de cancelación — Cancelación gratuita hasta el ${longDate('2026-07-06', 'es')} incluido: se te reembolsa todo lo que has pagado. ` +
        'Después, no hay reembolso.',
    );
  });

  it('with no late tier (0 days before arrival), is free until the day before arrival', () => {
    const pt = confirmation('pt', { confirmed_on: '2026-06-01', free_cancellation_until: '2026-07-20' });
    expect(paragraph(pt, 'Condições de cancelamento')).toBe(
      `Condições de cancelamento — Cancelamento gratuito até ${longDate('2026-07-19', 'pt')}, inclusive: tudo o que pagou é reembolsado. ` +
        'Não há reembolso a partir do dia de chegada.',
    );
  });

  it('without the day it was confirmed (no TZ_SITE given), states all the terms', () => {
    expect(paragraph(confirmation('en'), 'Cancellation terms')).toContain(`Free cancellation until ${longDate('2026-07-06', 'en')} inclusive`);
  });

  it('on site: nothing is paid, so cancelling is free; a message queued before the terms existed states none', () => {
    const onSite = confirmation('en', { payment_method: 'on_site', paid_cents: 0, confirmed_on: '2026-07-19' });
    expect(paragraph(onSite, 'Cancellation terms')).toBe('Cancellation terms — Nothing is paid in advance: cancelling costs you nothing.');
    const legacy = confirmation('fr', { free_cancellation_until: undefined, late_refund_percent: undefined, paid_cents: undefined });
    expect(legacy).not.toContain("Conditions d'annulation");
    expect(legacy).toContain('Comment annuler');
  });
});

describe('the refund in the cancellation e-mail', () => {
  it('states a partial card refund with both amounts and when to expect it', () => {
    const fr = cancellation('fr', { refund_cents: 17_500 });
    expect(fr).toContain(
      '175,00 € sur les 350,00 € que vous avez payés vous seront remboursés. ' +
        'Le remboursement est fait sur la carte utilisée pour le paiement : comptez 5 à 10 jours ouvrés pour le voir sur votre relevé.',
    );
    // Between the intro and the booking's facts.
    expect(fr.indexOf('Votre réservation a bien été annulée.')).toBeLessThan(fr.indexOf('175,00 €'));
    expect(fr.indexOf('175,00 €')).toBeLessThan(fr.indexOf('Réservation concernée'));
    const en = cancellation('en', { refund_cents: 1 });
    expect(en).toContain('€0.01 of the €350.00 you paid will be refunded. The refund goes back to the card you paid with');
  });

  it('states a full PayPal refund, and who cancelled when it was the host', () => {
    const en = cancellation('en', { payment_method: 'paypal', cancel_reason: 'admin', paid_cents: 70_000, refund_cents: 70_000 });
    expect(en).toContain('Your booking has been cancelled by the host.');
    expect(en).toContain(
      'The €700.00 you paid will be refunded in full. The refund goes back to your PayPal account, where it usually appears within a few days.',
    );
    expect(en).not.toContain('card');
    const pt = cancellation('pt', { payment_method: 'paypal', refund_cents: 35_000 });
    expect(pt).toContain('Os 350,00 € que pagou serão reembolsados na totalidade. O reembolso é feito na sua conta PayPal');
  });

  it('says nothing is refunded when the terms give nothing back, or the host refunded nothing', () => {
    const en = cancellation('en', { refund_cents: 0 });
    expect(en).toContain('Under the terms of your booking, the €350.00 you paid is not refunded.');
    expect(en).not.toMatch(/will be refunded|business days/);
    const es = cancellation('es', { cancel_reason: 'admin', refund_cents: 0 });
    expect(es).toContain('El alojamiento ha cancelado tu reserva.');
    expect(es).toContain('Los 350,00 € que pagaste no se reembolsan.');
    expect(es).not.toContain('Según las condiciones');
  });

  it('says nothing about money when nothing was paid', () => {
    for (const changes of [
      { payment_method: 'on_site', paid_cents: 0 },
      { cancel_reason: 'payment_failed', paid_cents: 0 },
      { paid_cents: undefined, refund_cents: undefined },
    ] as Partial<BookingPayload>[]) {
      const en = cancellation('en', changes);
      expect(en).not.toMatch(/refund|€/i);
      expect(paragraph(en, 'Your booking has been cancelled')).toBeDefined();
    }
  });
});

describe("the owner's WhatsApp alert of a cancellation", () => {
  it('names the cancellation, who cancelled, the stay, what was paid and the refund', () => {
    expect(plainSpaces(renderAdminCancellationAlert('fr', { ...PAID, cancel_reason: 'user', refund_cents: 17_500 }))).toBe(
      [
        '*Réservation annulée sur RoomWeek*',
        'Annulée par: le client',
        'Client: Marie Dupont (marie@example.com)',
        'Chambre: 12 — Villa Rosa & Sol',
        `Dates: du ${longDate('2026-07-20', 'fr')} au ${longDate('2026-07-27', 'fr')} (7 jours)`,
        'Voyageurs: 1 adulte',
        'Prix total: 350,00 €',
        'Paiement: Carte bancaire',
        'Payé: 350,00 €',
        'Remboursement: 175,00 €',
        'Réf.: 3f0c9a6e',
      ].join('\n'),
    );
    expect(plainSpaces(renderAdminCancellationAlert('en', { ...PAID, cancel_reason: 'admin', payment_method: 'on_site', paid_cents: 0 }))).toBe(
      [
        '*Booking cancelled on RoomWeek*',
        'Cancelled by: an admin',
        'Client: Marie Dupont (marie@example.com)',
        'Room: 12 — Villa Rosa & Sol',
        `Dates: from ${longDate('2026-07-20', 'en')} to ${longDate('2026-07-27', 'en')} (7 days)`,
        'Guests: 1 adult',
        'Total price: €350.00',
        'Payment: Pay on site',
        'Refund: none (nothing was paid)',
        'Ref.: 3f0c9a6e',
      ].join('\n'),
    );
  });

  it('says when nothing goes back of what was paid, in each language', () => {
    const es = plainSpaces(renderAdminCancellationAlert('es', { ...PAID, cancel_reason: 'user', payment_method: 'paypal', refund_cents: 0 }));
    expect(es).toContain('*Reserva cancelada en RoomWeek*\nCancelada por: el cliente\n');
    expect(es).toContain('Pagado: 350,00 €\nReembolso: ninguno\n');
    const pt = plainSpaces(renderAdminCancellationAlert('pt', { ...PAID, cancel_reason: 'admin', refund_cents: 35_000 }));
    expect(pt).toContain('Cancelada por: um administrador');
    expect(pt).toContain('Pago: 350,00 €\nReembolso: 350,00 €\n');
  });

  it('leaves the new-booking alert as it was, the party added (issue 26)', () => {
    const alert = plainSpaces(renderAdminBookingAlert('fr', PAID));
    expect(alert.split('\n')).toEqual([
      '*Nouvelle réservation sur RoomWeek*',
      'Client: Marie Dupont (marie@example.com)',
      'Chambre: 12 — Villa Rosa & Sol',
      `Dates: du ${longDate('2026-07-20', 'fr')} au ${longDate('2026-07-27', 'fr')} (7 jours)`,
      'Voyageurs: 1 adulte',
      'Prix total: 350,00 €',
      'Paiement: Carte bancaire',
      'Réf.: 3f0c9a6e',
    ]);
  });
});
