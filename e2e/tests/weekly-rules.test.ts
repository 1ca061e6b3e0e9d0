import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiRegister, launchBrowser, navigate, newVisitor, settle } from '../support/browser';
import { pickDay } from '../support/pages';
import { addDays, todayIn } from '../support/stay';

/**
 * docs/behaviour.md §11 in Chromium: a room let from Saturday to Saturday, two weeks at least, whose high season
 * starts one week into the stay; a guest books it on site and pays the quoted total.
 */
const SITE_TIME_ZONE = 'Europe/Brussels';
const ADMIN = { email: 'admin@example.com', password: 'admin123' };

interface Room {
  id: string;
  property_id: string;
  room_number: string;
}
interface Quote {
  total_price: number;
  rent_total: number;
  fees_total: number;
  taxes_total: number;
  violations: unknown[];
  lines: { kind: string; nights: number }[];
}
interface Booking {
  id: string;
  room_id: string;
  total_price: number;
  start_date: string;
  end_date: string;
}

/** The first Saturday at least `days` days from today (ISO weekday from the UTC calendar date). */
function saturdayFrom(today: string, days: number): string {
  const day = addDays(today, days);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 = Sunday … 6 = Saturday
  return addDays(day, (6 - weekday + 7) % 7);
}

const euros = (amount: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(amount).replace(/\s/g, '\\s');

let browser: Browser;
let adminToken = '';
let room: Room;
const today = todayIn(SITE_TIME_ZONE);
const arrival = saturdayFrom(today, 1);
const seasonStart = addDays(arrival, 7);
const departure = addDays(arrival, 14);

beforeAll(async () => {
  browser = await launchBrowser();
  ({ token: adminToken } = await api<{ token: string }>('/auth/login', { method: 'POST', body: JSON.stringify(ADMIN) }));
  const properties = await api<{ id: string }[]>('/properties');
  const property = properties.at(-1)!;
  room = await api<Room>('/rooms', {
    method: 'POST',
    token: adminToken,
    body: JSON.stringify({
      property_id: property.id,
      // Sorted after the demo rooms, so the other journeys still pick theirs.
      room_number: `Z-weekly-${Date.now()}`,
      price_per_week: 350,
      rules: { changeover_days: [6], min_nights: 14 },
      seasonal_prices: [{ start_date: seasonStart, end_date: addDays(seasonStart, 60), price_per_week: 700 }],
      long_stay_discounts: [{ min_weeks: 2, percent: 10 }],
    }),
  });
});

afterAll(async () => {
  // Leave the shared site as the other journeys expect it: the room's bookings cancelled, the room archived.
  if (room) {
    const all = await api<Booking[]>('/bookings/all', { token: adminToken }).catch(() => [] as Booking[]);
    for (const booking of all.filter((b) => b.room_id === room.id)) {
      await api(`/bookings/${booking.id}/cancel`, { method: 'PUT', token: adminToken, body: JSON.stringify({}) }).catch(() => {});
    }
    await api(`/rooms/${room.id}`, { method: 'DELETE', token: adminToken }).catch(() => {});
  }
  await browser?.close();
});

describe('a room let by the week', () => {
  it('lets a guest book a Saturday-to-Saturday stay that crosses into the season, at the quoted total', async () => {
    const { token } = await apiRegister();
    const { page, context, errors } = await newVisitor(browser, { token });
    const quote = await api<Quote>(`/rooms/${room.id}/quote?start_date=${arrival}&end_date=${departure}`);
    expect(quote.violations).toEqual([]);
    // The rent's lines (the property's tourist tax follows them).
    expect(quote.lines.filter((line) => line.kind !== 'tax' && line.kind !== 'fee').map((line) => [line.kind, line.nights])).toEqual([
      ['standard', 7],
      ['season', 7],
    ]);
    // 350 + 700, 10 % off from two weeks; the whole price adds the fees and taxes.
    expect(quote.rent_total).toBe(945);
    expect(quote.total_price).toBe(945 + quote.fees_total + quote.taxes_total);

    await navigate(page, `/room/${room.id}`);
    const rules = page.getByRole('region', { name: 'Règles de cette chambre' });
    await rules.getByText('Arrivées et départs le samedi').waitFor();
    await rules.getByText('Au moins 2 semaines').waitFor();

    // Only Saturdays can be an arrival.
    const enabled = (date: string) => page.locator(`[data-day="${date}"]:not([data-outside]) button:not([disabled])`);
    const disabled = (date: string) => page.locator(`[data-day="${date}"]:not([data-outside]) button[disabled]`);
    await enabled(arrival).waitFor();
    await disabled(addDays(arrival, 1)).waitFor();
    await disabled(addDays(arrival, 6)).waitFor();

    // Once the arrival is chosen, only Saturdays two weeks on or more can be the departure.
    await pickDay(page, arrival);
    await disabled(addDays(arrival, 7)).waitFor();
    await disabled(addDays(arrival, 13)).waitFor();
    await enabled(departure).waitFor();
    await pickDay(page, departure);

    const summary = page.getByRole('region', { name: 'Résumé du séjour' });
    await summary.getByText('14 jours').waitFor();
    await summary.getByText(new RegExp(`^7 nuits à ${euros(350)} / semaine`)).waitFor();
    await summary.getByText(new RegExp(`^Saison : 7 nuits à ${euros(700)} / semaine`)).waitFor();
    await summary.getByText(/^Remise long séjour \(10\s%\)$/).waitFor();
    await expect(summary.getByTestId('stay-total').innerText()).resolves.toMatch(new RegExp(`^${euros(quote.total_price)}$`));

    await page.getByRole('button', { name: 'Réserver et payer sur place' }).click();
    await page.getByText('Réservation créée avec succès').first().waitFor();
    await page.waitForURL('**/my-bookings');
    await settle(page);

    const mine = await api<Booking[]>('/bookings', { token });
    const booked = mine.find((booking) => booking.room_id === room.id);
    expect(booked).toMatchObject({ start_date: arrival, end_date: departure, total_price: quote.total_price });
    const card = page.getByRole('article').filter({ hasText: room.room_number });
    await card.getByText(new RegExp(euros(quote.total_price))).first().waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });
});
