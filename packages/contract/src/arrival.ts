import { z } from 'zod';
import { addDays } from './dates.ts';
import { DEFAULT_LANGUAGE, type Language } from './common.ts';

/** The longest arrival instructions a language may have (docs/behaviour.md §21). */
export const ARRIVAL_INSTRUCTIONS_MAX = 4000;

/** A property's arrival instructions as stored: a language left out has none (migration 0025). */
export type StoredArrivalInstructions = Partial<Record<Language, string>>;

/** A property's arrival instructions in every language, as the admin wrote them ('' where none); admin reads only. */
export const ArrivalInstructions = z.object({ fr: z.string(), es: z.string(), pt: z.string(), en: z.string() });
export type ArrivalInstructions = z.infer<typeof ArrivalInstructions>;

const instructionText = z.string().max(ARRIVAL_INSTRUCTIONS_MAX).optional();
/** Free text with line breaks per language; a blank text means none in that language. */
export const ArrivalInstructionsInput = z.strictObject({ fr: instructionText, es: instructionText, pt: instructionText, en: instructionText });
export type ArrivalInstructionsInput = z.input<typeof ArrivalInstructionsInput>;

/** The languages that have text, trimmed, line breaks kept (Windows line ends made plain). */
export function storedArrivalInstructions(input: ArrivalInstructionsInput): StoredArrivalInstructions {
  const stored: StoredArrivalInstructions = {};
  for (const language of ['fr', 'es', 'pt', 'en'] as const) {
    const text = input[language]?.replace(/\r\n?/g, '\n').trim();
    if (text) stored[language] = text;
  }
  return stored;
}

export function arrivalInstructionsAnswer(stored: StoredArrivalInstructions): ArrivalInstructions {
  return { fr: stored.fr ?? '', es: stored.es ?? '', pt: stored.pt ?? '', en: stored.en ?? '' };
}

/** The instructions a guest reads in `language`: that language's, else French's; null when neither was written. */
export function arrivalInstructionsIn(stored: StoredArrivalInstructions, language: Language): string | null {
  return stored[language] || stored[DEFAULT_LANGUAGE] || null;
}

/**
 * The one rule of when a stay's guest gets the instructions: from ARRIVAL_INSTRUCTIONS_DAYS before its arrival on
 * (the e-mail that day, or with the confirmation when booked later; my bookings from that day on).
 */
export function arrivalInstructionsDue(startDate: string, today: string, days: number): boolean {
  return today >= addDays(startDate, -days);
}
