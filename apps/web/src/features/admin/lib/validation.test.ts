import { describe, expect, it } from 'vitest';
import {
  addAmenity,
  paymentSettingsUpdate,
  validatePasswordChange,
  validateProfile,
  validateProperty,
  validateRoom,
  validateWhatsappNumber,
} from './validation';

const property = {
  name: ' Maison ',
  location: 'Bruxelles',
  description: 'Lumineuse',
  room_count: '3',
  latitude: '',
  longitude: '',
  photos: ['/uploads/a.webp'],
};

describe('property form (SPEC §5)', () => {
  it('sends trimmed fields, the room count as a number and no coordinates when both are empty', () => {
    expect(validateProperty(property)).toEqual({
      ok: true,
      value: {
        name: 'Maison',
        location: 'Bruxelles',
        description: 'Lumineuse',
        room_count: 3,
        photos: ['/uploads/a.webp'],
        latitude: null,
        longitude: null,
      },
    });
  });

  it('requires name, location, description and a whole room count of at least 1', () => {
    expect(validateProperty({ ...property, name: ' ', location: '', description: '', room_count: '' })).toEqual({
      ok: false,
      errors: { name: 'required', location: 'required', description: 'required', room_count: 'required' },
    });
    for (const room_count of ['0', '-1', '1.5', 'abc', '1001']) {
      expect(validateProperty({ ...property, room_count })).toMatchObject({ ok: false, errors: { room_count: 'integerMin1' } });
    }
  });

  it('accepts coordinates with a dot or a comma, in range, and only as a pair', () => {
    expect(validateProperty({ ...property, latitude: '50,85', longitude: '4.35' })).toMatchObject({
      ok: true,
      value: { latitude: 50.85, longitude: 4.35 },
    });
    expect(validateProperty({ ...property, latitude: '91', longitude: '0' })).toMatchObject({ errors: { latitude: 'latitude' } });
    expect(validateProperty({ ...property, latitude: '0', longitude: '-181' })).toMatchObject({ errors: { longitude: 'longitude' } });
    expect(validateProperty({ ...property, latitude: '50.8', longitude: '' })).toMatchObject({ errors: { longitude: 'coordinatesPair' } });
    expect(validateProperty({ ...property, latitude: 'north', longitude: '4' })).toMatchObject({ errors: { latitude: 'latitude' } });
  });
});

describe('room form (SPEC §5)', () => {
  const room = { property_id: 'p1', room_number: ' 101 ', price_per_week: '350.5', amenities: ['Wi-Fi'], photos: [] };

  it('sends the price as a number and the trimmed room number', () => {
    expect(validateRoom(room)).toEqual({
      ok: true,
      value: { property_id: 'p1', room_number: '101', price_per_week: 350.5, amenities: ['Wi-Fi'], photos: [] },
    });
    expect(validateRoom({ ...room, price_per_week: '0' })).toMatchObject({ ok: true, value: { price_per_week: 0 } });
    expect(validateRoom({ ...room, price_per_week: '12,99' })).toMatchObject({ ok: true, value: { price_per_week: 12.99 } });
  });

  it('requires property, number and price; the price is ≥ 0 with at most 2 decimals', () => {
    expect(validateRoom({ ...room, property_id: '', room_number: '', price_per_week: '' })).toEqual({
      ok: false,
      errors: { property_id: 'required', room_number: 'required', price_per_week: 'required' },
    });
    for (const price_per_week of ['-1', '1.999', 'abc']) {
      expect(validateRoom({ ...room, price_per_week })).toMatchObject({ errors: { price_per_week: 'priceFormat' } });
    }
  });

  it('ignores blank and repeated amenities', () => {
    expect(addAmenity(['Wi-Fi'], '   ')).toEqual(['Wi-Fi']);
    expect(addAmenity(['Wi-Fi'], ' wi-fi ')).toEqual(['Wi-Fi']);
    expect(addAmenity(['Wi-Fi'], '  Bureau   double ')).toEqual(['Wi-Fi', 'Bureau double']);
  });
});

describe('account forms (SPEC §5)', () => {
  it('requires a name and a valid e-mail', () => {
    expect(validateProfile({ name: ' Ana ', email: ' ana@example.com ' })).toEqual({
      ok: true,
      value: { name: 'Ana', email: 'ana@example.com' },
    });
    expect(validateProfile({ name: '', email: 'ana@' })).toEqual({ ok: false, errors: { name: 'required', email: 'email' } });
  });

  it('needs the current password, a new one of 6+ characters and a matching confirmation', () => {
    expect(validatePasswordChange({ current_password: 'old', new_password: 'secret1', confirm_password: 'secret1' })).toEqual({
      ok: true,
      value: { current_password: 'old', new_password: 'secret1' },
    });
    expect(validatePasswordChange({ current_password: '', new_password: '12345', confirm_password: '12345' })).toEqual({
      ok: false,
      errors: { current_password: 'required', new_password: 'passwordLength' },
    });
    expect(validatePasswordChange({ current_password: 'old', new_password: 'secret1', confirm_password: 'secret2' })).toEqual({
      ok: false,
      errors: { confirm_password: 'passwordMismatch' },
    });
  });
});

describe('messaging number (SPEC §5)', () => {
  it('is required and must carry its country code', () => {
    expect(validateWhatsappNumber(' +32 470 12-34-56 ')).toEqual({ ok: true, value: '+32 470 12-34-56' });
    expect(validateWhatsappNumber('32470123456')).toEqual({ ok: true, value: '32470123456' });
    expect(validateWhatsappNumber('')).toEqual({ ok: false, errors: { whatsapp_number: 'required' } });
    for (const number of ['0470 12 34 56', '0032470123456', '+32 47', '+32 470 12 34 56 78 90 12', 'call me']) {
      expect(validateWhatsappNumber(number)).toEqual({ ok: false, errors: { whatsapp_number: 'whatsappNumber' } });
    }
  });
});

describe('payment settings update (SPEC §5)', () => {
  it('sends only the filled fields, and always the wallet mode', () => {
    expect(
      paymentSettingsUpdate({
        stripe_api_key: ' sk_test_123 ',
        stripe_webhook_secret: '',
        paypal_client_id: '   ',
        paypal_secret: '',
        paypal_mode: 'live',
      }),
    ).toEqual({ stripe_api_key: 'sk_test_123', paypal_mode: 'live' });
    expect(
      paymentSettingsUpdate({ stripe_api_key: '', stripe_webhook_secret: '', paypal_client_id: '', paypal_secret: '', paypal_mode: 'sandbox' }),
    ).toEqual({ paypal_mode: 'sandbox' });
  });
});
