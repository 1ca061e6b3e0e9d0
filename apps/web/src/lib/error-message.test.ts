import { ERROR_CODES, LANGUAGES } from '@roomweek/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorMessage } from './error-message';
import i18n from './i18n';

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
    const untranslated = ERROR_CODES.filter((code) => !i18n.exists(`errors.${code}`, { lng: language, fallbackLng: [] }));
    expect(untranslated).toEqual([]);
  });
});
