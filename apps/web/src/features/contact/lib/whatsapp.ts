/** Shown while no number is configured (docs/behaviour.md §2: "a placeholder by default"). */
export const PLACEHOLDER_WHATSAPP_NUMBER = '+32 400 00 00 00';

/** The chat link of a number: wa.me wants the digits only, without +, spaces or dashes. */
export function whatsappLink(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}`;
}
