/**
 * The review rules as constants, without zod (docs/decisions/0035-verified-reviews.md): the public pages read them
 * without loading the schemas (decision 0026).
 */
export const REVIEW_MIN_RATING = 1;
export const REVIEW_MAX_RATING = 5;
/** The longest comment, and the longest reply of the owner. */
export const REVIEW_COMMENT_MAX = 2000;
/** The longest reason the owner gives for hiding a review. */
export const REVIEW_REASON_MAX = 500;
/** A review can be changed by its author this many hours after it was written. */
export const REVIEW_EDIT_HOURS = 48;
/** A rating at or below this one sends the owner a WhatsApp alert. */
export const REVIEW_ALERT_RATING = 2;
export const REVIEWS_DEFAULT_LIMIT = 10;
export const REVIEWS_MAX_LIMIT = 50;

/** "Camille D." from a first name and a (last) name; the name alone when there is no first name ("Jane Doe" → "Jane D."). */
export function reviewAuthorName(firstName: string | null | undefined, name: string): string {
  const first = firstName?.trim();
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (first) {
    const last = words.at(-1);
    return last ? `${first} ${last[0]!.toUpperCase()}.` : first;
  }
  if (words.length <= 1) return words[0] ?? '';
  return `${words[0]} ${words.at(-1)![0]!.toUpperCase()}.`;
}
