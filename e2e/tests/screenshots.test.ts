import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { api, apiRegister, launchBrowser, navigate, newVisitor, screenshot, VIEWPORTS } from '../support/browser';
import { findFreeStay, loadAllImages, showCalendar } from '../support/pages';

let browser: Browser;
let token = '';
let propertyId = '';
let roomId = '';
let stay = { arrival: '', departure: '' };

beforeAll(async () => {
  browser = await launchBrowser();
  // A property with a map, one of its rooms, and a guest with a booking to show.
  const properties = await api<{ id: string; latitude: number | null }[]>('/properties');
  const property = properties.find((candidate) => candidate.latitude !== null) ?? properties[0];
  propertyId = property?.id ?? '';
  const rooms = await api<{ id: string }[]>(`/rooms?property_id=${propertyId}`);
  roomId = rooms[0]?.id ?? '';
  ({ token } = await apiRegister());
  const booked = await findFreeStay(roomId, 10, 20, true);
  await api('/bookings', {
    method: 'POST',
    token,
    body: JSON.stringify({ room_id: roomId, start_date: booked.arrival, end_date: booked.departure, payment_method: 'on_site' }),
  });
  stay = await findFreeStay(roomId, 7, 3);
});
afterAll(async () => {
  await browser?.close();
});

const languages = ['fr', 'en'] as const;
const sizes = [
  ['375', VIEWPORTS.phone],
  ['1280', VIEWPORTS.desktop],
] as const;

describe.each(languages)('screenshots in %s', (language) => {
  it.each(sizes)('at %s px: home, property, room and my bookings', async (width, viewport) => {
    const { page, context } = await newVisitor(browser, { viewport, language, token });
    const shots: [string, string][] = [
      ['home', '/'],
      ['property', `/property/${propertyId}`],
      ['room', `/room/${roomId}?start=${stay.arrival}&end=${stay.departure}`],
      ['my-bookings', '/my-bookings'],
    ];
    for (const [name, path] of shots) {
      await navigate(page, path);
      if (name === 'room') await showCalendar(page);
      if (name === 'my-bookings') await page.getByRole('article').first().waitFor();
      await loadAllImages(page);
      await screenshot(page, `${name}-${language}-${width}`);
    }
    await context.close();
  });
});
