import type { TFunction } from './i18n';
import { ApiError } from './api-client';

/**
 * The text to show for a failed call: the translation of the API's error `code` when we have one
 * (`errors.<code>`), else the server's `detail`, else the screen's fallback message.
 */
export function errorMessage(t: TFunction, error: unknown, fallbackKey: string): string {
  if (error instanceof ApiError) {
    const translated = t(`errors.${error.code}`, { defaultValue: '' });
    if (translated) return translated;
    if (error.detail) return error.detail;
  }
  return t(fallbackKey);
}
