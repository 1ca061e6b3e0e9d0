import { describe, expect, it } from 'vitest';
import { validateForm } from '@/lib/use-zod-form';
import { propertyForm, propertyMessages, roomForm, roomMessages } from './catalogue-forms';

const validateProperty = (draft: typeof property) => validateForm(propertyForm, draft, propertyMessages);
const validateRoom = (draft: typeof room) => validateForm(roomForm, draft, roomMessages);

const property = {
  name: ' Maison ',
  location: 'Bruxelles',
  description: 'Lumineuse',
  room_count: '3',
  latitude: '',
  longitude: '',
  photos: ['/uploads/a.webp'],
};
const PROPERTY_ID = 'aaaaaaaa-0000-4000-8000-000000000001';
const room = { property_id: PROPERTY_ID, room_number: ' 101 ', price_per_week: '350.5', max_guests: '2', amenities: ['Wi-Fi'], photos: [] };

describe('property form (docs/behaviour.md §5)', () => {
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
        cancellation_policy: null,
        payment_terms: null,
      },
    });
  });

  it("sends the site's payment terms as null, or the property's own, checked only when chosen (issue 28)", () => {
    const own = { deposit_percent: '30', balance_due_days: '14', balance_grace_days: '2', overdue_action: 'cancel' };
    expect(validateProperty({ ...property, ...own, deposit_percent: '150' } as typeof property)).toMatchObject({ ok: true, value: { payment_terms: null } });
    expect(validateProperty({ ...property, ...own, payment_terms_mode: 'own' } as typeof property)).toMatchObject({
      ok: true,
      value: { payment_terms: { deposit_percent: 30, balance_due_days: 14, balance_grace_days: 2, overdue_action: 'cancel' } },
    });
    expect(
      validateProperty({ ...property, ...own, payment_terms_mode: 'own', deposit_percent: '100', balance_due_days: '0', balance_grace_days: '31' } as typeof property),
    ).toMatchObject({
      ok: false,
      errors: { deposit_percent: 'validation.depositPercent', balance_due_days: 'validation.balanceDueDays', balance_grace_days: 'validation.balanceGraceDays' },
    });
  });

  it('requires name, location, description and a whole room count of at least 1', () => {
    expect(validateProperty({ ...property, name: ' ', location: '', description: '', room_count: '' })).toEqual({
      ok: false,
      errors: {
        name: 'validation.required',
        location: 'validation.required',
        description: 'validation.required',
        room_count: 'validation.required',
      },
    });
    for (const room_count of ['0', '-1', '1.5', 'abc', '1001']) {
      expect(validateProperty({ ...property, room_count })).toMatchObject({
        ok: false,
        errors: { room_count: 'validation.integerMin1' },
      });
    }
  });

  it('accepts coordinates with a dot or a comma, in range, and only as a pair', () => {
    expect(validateProperty({ ...property, latitude: '50,85', longitude: '4.35' })).toMatchObject({
      ok: true,
      value: { latitude: 50.85, longitude: 4.35 },
    });
    expect(validateProperty({ ...property, latitude: '91', longitude: '0' })).toMatchObject({
      errors: { latitude: 'validation.latitude' },
    });
    expect(validateProperty({ ...property, latitude: '0', longitude: '-181' })).toMatchObject({
      errors: { longitude: 'validation.longitude' },
    });
    expect(validateProperty({ ...property, latitude: '50.8', longitude: '' })).toMatchObject({
      errors: { longitude: 'validation.coordinatesPair' },
    });
    expect(validateProperty({ ...property, latitude: 'north', longitude: '4' })).toMatchObject({
      errors: { latitude: 'validation.latitude' },
    });
  });
});

describe('room form (docs/behaviour.md §5)', () => {
  it('sends the price as a number and the trimmed room number', () => {
    expect(validateRoom(room)).toEqual({
      ok: true,
      value: { property_id: PROPERTY_ID, room_number: '101', price_per_week: 350.5, max_guests: 2, amenities: ['Wi-Fi'], photos: [] },
    });
    expect(validateRoom({ ...room, price_per_week: '0' })).toMatchObject({ ok: true, value: { price_per_week: 0 } });
    expect(validateRoom({ ...room, price_per_week: '12,99' })).toMatchObject({ ok: true, value: { price_per_week: 12.99 } });
  });

  it('requires property, number and price; the price is ≥ 0 with at most 2 decimals', () => {
    expect(validateRoom({ ...room, property_id: '', room_number: '', price_per_week: '', max_guests: '' })).toEqual({
      ok: false,
      errors: { property_id: 'validation.required', room_number: 'validation.required', price_per_week: 'validation.required', max_guests: 'validation.required' },
    });
    for (const price_per_week of ['-1', '1.999', 'abc']) {
      expect(validateRoom({ ...room, price_per_week })).toMatchObject({ errors: { price_per_week: 'validation.priceFormat' } });
    }
  });
});

describe("a property's own cancellation terms (docs/behaviour.md §10)", () => {
  it("gives a property its own terms only when chosen, else the site's (null)", () => {
    expect(validateProperty({ ...property, cancellation_mode: 'own', free_until_days: '7', late_refund_percent: '30' } as typeof property)).toMatchObject({
      ok: true,
      value: { cancellation_policy: { free_until_days: 7, late_refund_percent: 30 } },
    });
    expect(validateProperty({ ...property, cancellation_mode: 'site', free_until_days: 'x', late_refund_percent: '' } as typeof property)).toMatchObject({
      ok: true,
      value: { cancellation_policy: null },
    });
    // Checked even while another field is refused.
    expect(
      validateProperty({ ...property, name: '', cancellation_mode: 'own', free_until_days: '400', late_refund_percent: '50' } as typeof property),
    ).toEqual({ ok: false, errors: { name: 'validation.required', free_until_days: 'validation.freeUntilDays' } });
  });
});
