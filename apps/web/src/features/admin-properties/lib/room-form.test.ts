import { NO_STAY_RULES } from '@roomweek/contract';
import { describe, expect, it } from 'vitest';
import { validateForm } from '@/lib/use-zod-form';
import { roomForm, roomMessages } from './catalogue-forms';

/** docs/behaviour.md §11: the room dialog's stay terms, typed as text, checked as the server checks them. */
const room = {
  property_id: '33333333-3333-4333-8333-333333333333',
  room_number: '101',
  price_per_week: '350',
  max_guests: ' 4 ',
  amenities: [],
  photos: [],
  rules: { changeover_days: [6], min_nights: ' 14 ', max_nights: '', whole_weeks: false },
  seasonal_prices: [{ start_date: '2031-07-05', end_date: '2031-08-30', price_per_week: '490,50' }],
  long_stay_discounts: [{ min_weeks: '4', percent: '10' }],
  apply_rules_to_property: true,
};
const validate = (overrides: Record<string, unknown>) => validateForm(roomForm, { ...room, ...overrides }, roomMessages);

describe('room form stay terms', () => {
  it('sends numbers, no maximum for an empty field, a season price with a comma, and the apply flag', () => {
    expect(validate({})).toEqual({
      ok: true,
      value: {
        property_id: room.property_id,
        room_number: '101',
        price_per_week: 350,
        max_guests: 4,
        amenities: [],
        photos: [],
        rules: { changeover_days: [6], min_nights: 14, max_nights: null, whole_weeks: false },
        seasonal_prices: [{ start_date: '2031-07-05', end_date: '2031-08-30', price_per_week: 490.5 }],
        long_stay_discounts: [{ min_weeks: 4, percent: 10 }],
        apply_rules_to_property: true,
      },
    });
    expect(validate({ rules: { changeover_days: [], min_nights: '1', max_nights: '', whole_weeks: false } })).toMatchObject({
      ok: true,
      value: { rules: NO_STAY_RULES },
    });
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a capacity of 0', { max_guests: '0' }, 'max_guests', 'validation.maxGuests'],
    ['a capacity over 30', { max_guests: '31' }, 'max_guests', 'validation.maxGuests'],
    ['a capacity in words', { max_guests: 'deux' }, 'max_guests', 'validation.maxGuests'],
    ['a capacity with decimals', { max_guests: '2.5' }, 'max_guests', 'validation.maxGuests'],
    ['no capacity', { max_guests: '' }, 'max_guests', 'validation.required'],
    ['a minimum that is not a number', { rules: { ...room.rules, min_nights: 'deux' } }, 'rules', 'validation.stayRules'],
    ['a maximum below the minimum', { rules: { ...room.rules, max_nights: '7' } }, 'rules', 'validation.stayRules'],
    ['rules no stay can keep', { rules: { changeover_days: [], min_nights: '8', max_nights: '13', whole_weeks: true } }, 'rules', 'validation.stayRules'],
    ['a season ending before it starts', { seasonal_prices: [{ start_date: '2031-07-05', end_date: '2031-07-01', price_per_week: '400' }] }, 'seasonal_prices', 'validation.seasons'],
    ['a season without dates', { seasonal_prices: [{ start_date: '', end_date: '', price_per_week: '400' }] }, 'seasonal_prices', 'validation.seasons'],
    ['a season price in words', { seasonal_prices: [{ ...room.seasonal_prices[0], price_per_week: 'cher' }] }, 'seasonal_prices', 'validation.seasons'],
    [
      'seasons that share a night',
      { seasonal_prices: [...room.seasonal_prices, { start_date: '2031-08-29', end_date: '2031-09-10', price_per_week: '400' }] },
      'seasonal_prices',
      'errors.seasons_overlap',
    ],
    ['a tier of 0 %', { long_stay_discounts: [{ min_weeks: '4', percent: '0' }] }, 'long_stay_discounts', 'validation.discounts'],
    ['two tiers for the same weeks', { long_stay_discounts: [{ min_weeks: '4', percent: '5' }, { min_weeks: '4', percent: '9' }] }, 'long_stay_discounts', 'validation.discounts'],
  ])('refuses %s, under its section', (_name, overrides, field, message) => {
    expect(validate(overrides)).toMatchObject({ ok: false, errors: { [field]: message } });
  });
});
