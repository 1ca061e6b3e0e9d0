import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiRegister, baseURL, launchBrowser, navigate, newVisitor, screenshot, settle } from '../support/browser';
import { addDays, todayIn } from '../support/stay';

/**
 * docs/behaviour.md §14 in Chromium: the owner blocks a week on the timeline, and the guest's calendar shows those days
 * disabled. Also the timeline's screenshot (docs/screenshots/admin-calendar-fr-1280.png).
 */
const SITE_TIME_ZONE = 'Europe/Brussels';
const ADMIN = { email: 'admin@example.com', password: 'admin123' };

interface Room {
  id: string;
  property_id: string;
  room_number: string;
}
interface Booking {
  id: string;
  room_id: string;
}
interface Block {
  id: string;
  room_id: string;
  start_date: string;
  end_date: string;
  note: string | null;
}

let browser: Browser;
let adminToken = '';
let room: Room;
let propertyName = '';
const today = todayIn(SITE_TIME_ZONE);
const blockStart = addDays(today, 8);
const blockEnd = addDays(blockStart, 7);

beforeAll(async () => {
  browser = await launchBrowser();
  ({ token: adminToken } = await api<{ token: string }>('/auth/login', { method: 'POST', body: JSON.stringify(ADMIN) }));
  const properties = await api<{ id: string; name: string }[]>('/properties');
  const property = properties.at(-1)!;
  propertyName = property.name;
  room = await api<Room>('/rooms', {
    method: 'POST',
    token: adminToken,
    // Sorted after the demo rooms, so the other journeys still pick theirs.
    body: JSON.stringify({ property_id: property.id, room_number: `Z-cal-${Date.now() % 100_000}`, price_per_week: 420 }),
  });
  // Something to see around the week the admin blocks: a stay paid on site, and a card payment's hold.
  const guest = await apiRegister();
  const other = await apiRegister();
  const book = (token: string, start: number, end: number, method: string) =>
    api('/bookings', {
      method: 'POST',
      token,
      body: JSON.stringify({ room_id: room.id, start_date: addDays(today, start), end_date: addDays(today, end), payment_method: method }),
    });
  await book(guest.token, 1, 8, 'on_site');
  await book(other.token, 17, 24, 'stripe');
});

afterAll(async () => {
  // Leave the shared site as the other journeys expect it: the room's bookings cancelled, blocks freed, the room archived.
  if (room) {
    const all = await api<Booking[]>('/bookings/all', { token: adminToken }).catch(() => [] as Booking[]);
    for (const booking of all.filter((b) => b.room_id === room.id)) {
      await api(`/bookings/${booking.id}/cancel`, { method: 'PUT', token: adminToken, body: JSON.stringify({}) }).catch(() => {});
    }
    const blocks = await api<Block[]>(`/admin/rooms/${room.id}/blocks`, { token: adminToken }).catch(() => [] as Block[]);
    for (const block of blocks) await fetchDelete(`/admin/rooms/${room.id}/blocks/${block.id}`);
    await fetchDelete(`/rooms/${room.id}`);
  }
  await browser?.close();
});

/** DELETE answers 204 without a body, which `api` would try to read. */
async function fetchDelete(pathname: string) {
  await fetch(`${baseURL()}/api${pathname}`, { method: 'DELETE', headers: { Authorization: `Bearer ${adminToken}` } }).catch(() => undefined);
}

describe("the owner's calendar", () => {
  it('blocks a week on the timeline; the guest sees those days disabled', async () => {
    const admin = await newVisitor(browser, { token: adminToken });
    const { page } = admin;
    await navigate(page, '/admin');
    await page.getByRole('link', { name: /Calendrier/ }).click();
    await page.waitForURL('**/admin/calendar');
    await page.getByTestId('timeline').waitFor();
    await settle(page);

    // The demo houses have many rooms: keep this room's house only.
    await page.getByRole('group', { name: 'Filtrer par propriété' }).getByRole('button', { name: propertyName }).click();
    const row = page.getByTestId('timeline-room').filter({ hasText: `Chambre ${room.room_number}` });
    await row.locator('[data-kind="confirmed"]').waitFor();
    await row.locator('[data-kind="pending"]').waitFor();

    // A click on a free day offers a new booking there (issue 26); blocking the nights is one click further.
    await row.locator(`[data-date="${blockStart}"]`).click();
    await page.getByRole('button', { name: 'Bloquer ces nuits plutôt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bloquer des nuits' });
    await expect(dialog.getByLabel('Du').inputValue()).resolves.toBe(blockStart);
    await expect(dialog.getByLabel('Jusqu’au (premier jour libre)').inputValue()).resolves.toBe(blockEnd);
    await dialog.getByLabel('Note (jamais montrée aux clients)').fill('Peinture');
    await dialog.getByRole('button', { name: 'Bloquer' }).click();
    await page.getByText('Nuits bloquées').first().waitFor();
    await row.locator('[data-kind="block"]').waitFor();

    const blocks = await api<Block[]>(`/admin/rooms/${room.id}/blocks`, { token: adminToken });
    expect(blocks.map((b) => [b.start_date, b.end_date, b.note])).toEqual([[blockStart, blockEnd, 'Peinture']]);

    // The screenshot of the timeline, with the block, the stay and the hold (docs/screenshots).
    await page.mouse.move(0, 0);
    await page.waitForTimeout(4500); // the toast goes
    await screenshot(page, 'admin-calendar-fr-1280');
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    // The guest's calendar: every blocked night disabled, the departure day (the first free one) not.
    const { token } = await apiRegister();
    const guest = await newVisitor(browser, { token });
    await navigate(guest.page, `/room/${room.id}`);
    const day = (date: string) => guest.page.locator(`[data-day="${date}"]:not([data-outside]) button`);
    await day(blockStart).waitFor();
    for (let night = 0; night < 7; night++) await expect(day(addDays(blockStart, night)).isDisabled()).resolves.toBe(true);
    await expect(day(blockEnd).isDisabled()).resolves.toBe(false);
    const seen = await api<{ blocks: { start_date: string; end_date: string }[] }>(`/rooms/${room.id}/availability`);
    expect(seen.blocks).toEqual([{ start_date: blockStart, end_date: blockEnd }]);
    expect(JSON.stringify(seen)).not.toContain('Peinture');
    expect(guest.errors).toEqual([]);
    await guest.context.close();
  });
});
