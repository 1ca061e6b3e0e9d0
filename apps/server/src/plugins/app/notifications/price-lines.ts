import { fillText, type Language } from '@roomweek/contract';
import fr from '@roomweek/i18n/fr/pricing.json' with { type: 'json' };
import es from '@roomweek/i18n/es/pricing.json' with { type: 'json' };
import pt from '@roomweek/i18n/pt/pricing.json' with { type: 'json' };
import en from '@roomweek/i18n/en/pricing.json' with { type: 'json' };

/** The price's lines in a booking's messages (docs/behaviour.md §18): the rent, each fee and tax, the VAT included. */
type PricingTexts = typeof fr;
const TEXTS: Record<Language, PricingTexts> = { fr, es, pt, en };

/** A fee's or tax's line as a message keeps it: its name already in the recipient's language. */
export interface MessageCharge {
  name: string;
  quantity: number;
  unit_cents: number;
  amount_cents: number;
}

/** What a booking message shows of its price, copied with the event; absent in messages queued before issue 27. */
export interface MessagePrice {
  rent_cents?: number;
  charges?: MessageCharge[];
  vat_cents?: number;
}

/**
 * The lines to show before the total, as [label, amount]: nothing for a booking without fees or taxes (its total is
 * its rent, as before).
 */
export function priceFacts(language: Language, price: MessagePrice, euros: (cents: number) => string): [string, string][] {
  if (!price.charges?.length || price.rent_cents === undefined) return [];
  const t = TEXTS[language];
  const facts: [string, string][] = [[t.rent, euros(price.rent_cents)]];
  for (const charge of price.charges) {
    facts.push([`${charge.name} (${fillText(t.line, { quantity: charge.quantity, unit: euros(charge.unit_cents) })})`, euros(charge.amount_cents)]);
  }
  if (price.vat_cents) facts.push([t.vat, euros(price.vat_cents)]);
  return facts;
}
