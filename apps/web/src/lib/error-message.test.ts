import { ERROR_CODES, LANGUAGES } from '@roomweek/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorMessage } from './error-message';
import i18n, { loadErrorTexts } from './i18n';

describe('errorMessage', () => {
  it('translates a known error code, whatever the server detail says', async () => {
    const error = new ApiError(409, { detail: 'Room is not available for these dates', code: 'room_unavailable' });
    await i18n.changeLanguage('fr');
    expect(errorMessage(i18n.t, error, 'toasts.bookingFailed')).toBe('Chambre non disponible pour ces dates');
    await i18n.changeLanguage('en');
    expect(errorMessage(i18n.t, error, 'toasts.bookingFailed')).toBe('Room not available for these dates');
    await i18n.changeLanguage('es');
    expect(errorMessage(i18n.t, error, 'toasts.bookingFailed')).toBe('Habitación no disponible para estas fechas');
  });

  it('shows the text of a code that is not in the app\'s chunk once the error texts are loaded, as the API client does', async () => {
    await i18n.changeLanguage('en');
    const error = new ApiError(409, { detail: 'The stay is too short', code: 'stay_too_short' });
    expect(i18n.exists('errors.stay_too_short', { lng: 'en', fallbackLng: [] })).toBe(false);
    await loadErrorTexts();
    expect(errorMessage(i18n.t, error, 'toasts.bookingFailed')).not.toBe('The stay is too short');
    expect(errorMessage(i18n.t, error, 'toasts.bookingFailed')).toBe(i18n.getFixedT('en', 'errors')('errors.stay_too_short'));
  });

  it('falls back to the server detail for an unknown code', () => {
    const error = new ApiError(400, { detail: 'Something specific happened', code: 'brand_new_code' });
    expect(errorMessage(i18n.t, error, 'toasts.bookingFailed')).toBe('Something specific happened');
  });

  it('falls back to the screen message when there is neither', () => {
    expect(errorMessage(i18n.t, new ApiError(502, {}), 'toasts.bookingFailed')).toBe('La réservation a échoué');
    expect(errorMessage(i18n.t, new TypeError('Failed to fetch'), 'toasts.cancelFailed')).toBe(
      "Échec de l'annulation de la réservation",
    );
  });

  it.each([...LANGUAGES])('has a %s translation for every API error code', async (language) => {
    await i18n.changeLanguage(language);
    await loadErrorTexts();
    const exists = (code: string, ns: string) => i18n.exists(`errors.${code}`, { lng: language, ns, fallbackLng: [] });
    const untranslated = ERROR_CODES.filter((code) => !exists(code, 'common') && !exists(code, 'errors'));
    expect(untranslated).toEqual([]);
  });
});
