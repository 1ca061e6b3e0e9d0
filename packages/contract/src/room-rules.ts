/**
 * The rooms' constants without zod, so the room page can use them without loading it
 * (docs/decisions/0026-zod-free-public-pages.md); rooms.ts re-exports them beside its schemas.
 */

/** How far ahead the calendar looks (docs/behaviour.md §9). */
export const AVAILABILITY_WINDOW_DAYS = 180;
