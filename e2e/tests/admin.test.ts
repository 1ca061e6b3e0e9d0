import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Booking as BookingAnswer } from '@roomweek/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  apiRegister,
  launchBrowser,
  login,
  navigate,
  newVisitor,
  screenshot,
  SCREENSHOTS_DIR,
  settle,
  VIEWPORTS,
} from '../support/browser';
import { loadAllImages } from '../support/pages';
import { addDays, todayIn } from '../support/stay';

const ADMIN = { email: 'admin@example.com', password: 'admin123' };
const SITE_TIME_ZONE = 'Europe/Brussels';
const PROPERTY = 'Résidence Flagey';
const NEW_WHATSAPP = '+32 470 98 76 54';

interface Room {
  id: string;
  property_id: string;
  room_number: string;
}
interface Booking {
  id: string;
  status: string;
}

let browser: Browser;
let adminToken = '';
let originalWhatsapp = '';

beforeAll(async () => {
  browser = await launchBrowser();
  ({ token: adminToken } = await api<{ token: string }>('/auth/login', { method: 'POST', body: JSON.stringify(ADMIN) }));
  ({ whatsapp_number: originalWhatsapp } = await api<{ whatsapp_number: string }>('/admin/whatsapp-settings', {
    token: adminToken,
  }));
});

afterAll(async () => {
  // Leave the shared server as the other journeys expect it: the messaging number as it was.
  if (originalWhatsapp) {
    await api('/admin/whatsapp-settings', {
      method: 'PUT',
      token: adminToken,
      body: JSON.stringify({ whatsapp_number: originalWhatsapp }),
    }).catch(() => {});
  }
  await browser?.close();
});

/** A real PNG photo, drawn by the browser, to upload as a file. */
async function photo(page: Page, label: string, hue: number) {
  const base64 = await page.evaluate(
    ([text, angle]) => {
      const canvas = document.createElement('canvas');
      canvas.width = 800;
      canvas.height = 600;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no canvas');
      const gradient = context.createLinearGradient(0, 0, 800, 600);
      gradient.addColorStop(0, `hsl(${angle}, 70%, 75%)`);
      gradient.addColorStop(1, `hsl(${Number(angle) + 40}, 60%, 45%)`);
      context.fillStyle = gradient;
      context.fillRect(0, 0, 800, 600);
      context.fillStyle = 'white';
      context.font = 'bold 64px sans-serif';
      context.textAlign = 'center';
      context.fillText(String(text), 400, 320);
      return canvas.toDataURL('image/png').split(',')[1] ?? '';
    },
    [label, hue] as const,
  );
  return { name: `${label.toLowerCase().replace(/\W+/g, '-')}.png`, mimeType: 'image/png', buffer: Buffer.from(base64, 'base64') };
}

const text = (page: Page, value: string | RegExp) => page.getByText(value).first();

/** An open dialog: the window only (the page behind is dimmed), tall enough to show the whole form. */
async function shootDialog(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 1100 });
  await page.evaluate(() => Promise.all(Array.from(document.images).map((image) => image.decode().catch(() => undefined))));
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `${name}.png`), animations: 'disabled' });
  await page.setViewportSize(VIEWPORTS.desktop);
}

/** A full-page screenshot once the page has stopped growing and every photo is decoded (else it may paint blank). */
async function shoot(page: Page, name: string) {
  await settle(page);
  await loadAllImages(page);
  await page.evaluate(async () => {
    await Promise.all(Array.from(document.images).map((image) => image.decode().catch(() => undefined)));
    let height = -1;
    while (height !== document.documentElement.scrollHeight) {
      height = document.documentElement.scrollHeight;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });
  await screenshot(page, name);
}

describe('the administrator', () => {
  it('keeps a client out of /admin', async () => {
    const { token } = await apiRegister();
    const { page, context, errors } = await newVisitor(browser, { token });
    await navigate(page, '/admin');
    await page.waitForURL((url) => url.pathname === '/');
    await navigate(page, '/admin/bookings');
    await page.waitForURL((url) => url.pathname === '/');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('creates a property and a room that guests book; sees, cancels, and changes the WhatsApp number', async () => {
    const today = todayIn(SITE_TIME_ZONE);
    const { page, context, errors } = await newVisitor(browser);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    try {

      // Logs in with the seeded account and opens the dashboard from the navigation bar.
      await login(page, ADMIN.email, ADMIN.password);
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('link', { name: 'Tableau de bord admin' }).click();
      await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
      await text(page, 'Changez les identifiants par défaut').waitFor();
      // The server says the password is still the default one (first start without ADMIN_PASSWORD).
      await page.getByText(/encore le mot de passe par défaut/).waitFor();

      // Properties: a new one, with coordinates and a photo uploaded as a file.
      await page.getByRole('link', { name: /^Logements/ }).click();
      await page.getByRole('heading', { level: 1, name: 'Logements' }).waitFor();
      await page.getByRole('button', { name: 'Ajouter un logement' }).first().click();
      const propertyDialog = page.getByRole('dialog', { name: 'Ajouter un logement' });
      await propertyDialog.getByLabel('Nom', { exact: true }).fill(PROPERTY);
      await propertyDialog.getByLabel('Adresse ou ville').fill('Ixelles, Belgique');
      await propertyDialog.getByLabel('Description').fill('Maison de maître près des étangs d’Ixelles, à deux pas de la place Flagey.');
      await propertyDialog.getByLabel('Nombre de chambres').fill('2');
      await propertyDialog.getByLabel('Latitude').fill('50,8275');
      await propertyDialog.getByLabel('Longitude').fill('4.3725');
      await propertyDialog.getByTestId('photo-input').setInputFiles(await photo(page, PROPERTY, 200));
      await propertyDialog.getByRole('img', { name: 'Photo 1' }).waitFor();
      await text(page, 'Photo téléversée').waitFor();
      expect(await propertyDialog.getByRole('img', { name: 'Photo 1' }).getAttribute('src')).toMatch(/^\/uploads\/.+\.webp$/);
      await shootDialog(page, 'admin-properties-dialog-fr-1280');
      await propertyDialog.getByRole('button', { name: 'Enregistrer' }).click();
      await text(page, 'Logement créé').waitFor();
      const propertyCard = page.getByRole('article', { name: PROPERTY });
      await propertyCard.waitFor();
      await propertyCard.getByText('2 chambres').waitFor();

      // Rooms: a new one in that property, amenities added by Enter and by the button, with a photo.
      await navigate(page, '/admin');
      await page.getByRole('link', { name: /^Chambres/ }).click();
      await page.getByRole('heading', { level: 1, name: 'Chambres' }).waitFor();
      await page.getByRole('button', { name: 'Ajouter une chambre' }).click();
      const roomDialog = page.getByRole('dialog', { name: 'Ajouter une chambre' });
      await roomDialog.getByLabel('Logement', { exact: true }).selectOption({ label: PROPERTY });
      await roomDialog.getByLabel('Numéro de chambre').fill('1');
      await roomDialog.getByLabel('Prix par semaine (€)').fill('315.50');
      // A text field offering the vocabulary of amenities (a combobox); its words are kept as keys.
      const amenity = roomDialog.getByRole('combobox', { name: 'Équipements' });
      await amenity.fill('Wi-Fi');
      await amenity.press('Enter');
      await amenity.fill('   ');
      await amenity.press('Enter');
      await amenity.fill('Bureau');
      await roomDialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
      for (const name of ['Lit double', 'Vue sur les étangs']) {
        await amenity.fill(name);
        await amenity.press('Enter');
      }
      await expect(roomDialog.getByRole('list', { name: 'Équipements' }).getByRole('listitem').allInnerTexts()).resolves.toEqual([
        'Wi-Fi',
        'Bureau',
        'Lit double',
        'Vue sur les étangs',
      ]);
      await roomDialog.getByTestId('photo-input').setInputFiles(await photo(page, 'Chambre 1', 20));
      await roomDialog.getByRole('img', { name: 'Photo 1' }).waitFor();
      await shootDialog(page, 'admin-rooms-dialog-fr-1280');
      await roomDialog.getByRole('button', { name: 'Enregistrer' }).click();
      await text(page, 'Chambre créée').waitFor();
      const roomCard = page.getByRole('article', { name: 'Chambre 1' }).filter({ hasText: PROPERTY });
      await roomCard.waitFor();
      await roomCard.getByText('+1', { exact: true }).waitFor();

      const rooms = await api<Room[]>('/rooms');
      const properties = await api<{ id: string; name: string }[]>('/properties');
      const propertyId = properties.find((property) => property.name === PROPERTY)?.id ?? '';
      const room = rooms.find((candidate) => candidate.property_id === propertyId && candidate.room_number === '1');
      expect(room).toBeDefined();
      const roomId = room?.id ?? '';

      // The public site shows the property and the room, with the uploaded photos.
      const visitor = await newVisitor(browser);
      await navigate(visitor.page, '/');
      await visitor.page.getByRole('link', { name: `Voir les chambres de ${PROPERTY}` }).click();
      await visitor.page.getByRole('heading', { level: 1, name: PROPERTY }).waitFor();
      const publicRoom = visitor.page.getByRole('article').filter({ hasText: 'Chambre 1' });
      await publicRoom.waitFor();
      await expect(publicRoom.locator('img').first().getAttribute('src')).resolves.toMatch(/^\/uploads\//);
      await visitor.context.close();

      // A guest books it on site, from today for a week (so the room is occupied today).
      const guest = await apiRegister();
      const guestVisit = await newVisitor(browser, { token: guest.token });
      // The dates come in the link (the calendar's clicks are the booking journey's business).
      await navigate(guestVisit.page, `/room/${roomId}?start=${today}&end=${addDays(today, 7)}`);
      await guestVisit.page.getByRole('region', { name: 'Résumé du séjour' }).getByText('7 jours').waitFor();
      await guestVisit.page.getByRole('button', { name: 'Réserver et payer sur place' }).click();
      await text(guestVisit.page, 'Réservation créée avec succès').waitFor();
      expect(guestVisit.errors).toEqual([]);
      await guestVisit.context.close();

      // Another room and another guest arriving in three days, so the lists have more than one line.
      const second = await api<Room>('/rooms', {
        method: 'POST',
        token: adminToken,
        body: JSON.stringify({ property_id: propertyId, room_number: '2', price_per_week: 289, amenities: ['Wi-Fi', 'Balcon'], photos: [] }),
      });
      const otherGuest = await apiRegister({ name: 'Peeters', firstName: 'Jan', email: `jan.peeters.${Date.now()}@example.com`, password: 'secret123' });
      const laterBooking = await api<Booking>('/bookings', {
        method: 'POST',
        token: otherGuest.token,
        body: JSON.stringify({ room_id: second.id, start_date: addDays(today, 3), end_date: addDays(today, 10), payment_method: 'on_site' }),
      });

      // Bookings: the guest's booking is found by e-mail (any case), confirmed, paid on site.
      await navigate(page, '/admin/bookings');
      await page.getByRole('heading', { level: 1, name: 'Réservations' }).waitFor();
      await page.getByRole('searchbox', { name: 'Rechercher' }).fill(guest.user.email.toUpperCase());
      const bookingCard = page.getByTestId('admin-booking').filter({ hasText: `${guest.user.firstName} ${guest.user.name}` });
      await bookingCard.waitFor();
      await expect.poll(() => page.getByTestId('admin-booking').count()).toBe(1);
      await bookingCard.getByText('Confirmée', { exact: true }).waitFor();
      await bookingCard.getByText('Paiement sur place', { exact: true }).waitFor();
      await page.getByRole('searchbox', { name: 'Rechercher' }).fill('');
      await shoot(page, 'admin-bookings-fr-1280');

      // Availability: the room is occupied today; both arrivals are in the next 7 days, today's first.
      await navigate(page, '/admin/availability');
      await page.getByRole('button', { name: PROPERTY }).click();
      const availabilityRoom = page.getByTestId('availability-room').filter({ hasText: 'Chambre 1' });
      await availabilityRoom.getByText('Occupée', { exact: true }).waitFor();
      const checkIns = page.getByTestId('upcoming-check-in');
      await expect.poll(() => checkIns.count()).toBe(2);
      await expect(checkIns.first().innerText()).resolves.toContain(guest.user.email);
      await expect(checkIns.first().innerText()).resolves.toContain("Aujourd'hui");
      await page.getByRole('button', { name: 'Tous', exact: true }).click();
      await shoot(page, 'admin-availability-fr-1280');

      // The other screens, while there is something to show.
      for (const [name, path] of [
        ['dashboard', '/admin'],
        ['properties', '/admin/properties'],
        ['rooms', '/admin/rooms'],
        ['payment-settings', '/admin/payment-settings'],
        ['account', '/admin/account'],
      ] as const) {
        await navigate(page, path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        if (name === 'properties' || name === 'rooms') await page.getByRole('article').first().waitFor();
        await shoot(page, `admin-${name}-fr-1280`);
      }

      // Cancels the guest's booking after the prompt; the room is available again.
      await navigate(page, '/admin/bookings');
      await page.getByRole('searchbox', { name: 'Rechercher' }).fill(guest.user.email);
      await bookingCard.getByRole('button', { name: /^Annuler la réservation/ }).click();
      // A dialog, not an alert: it asks how much to refund and why.
      const prompt = page.getByRole('dialog', { name: 'Annuler cette réservation ?' });
      await prompt.getByRole('button', { name: 'Oui, annuler' }).click();
      await text(page, 'Réservation annulée').waitFor();
      await bookingCard.getByText('Annulée', { exact: true }).waitFor();
      await expect(bookingCard.getByRole('button', { name: /^Annuler la réservation/ }).count()).resolves.toBe(0);
      await navigate(page, '/admin/availability');
      await page.getByRole('button', { name: PROPERTY }).click();
      await availabilityRoom.getByText('Disponible', { exact: true }).waitFor();

      // WhatsApp number: changed here, shown on the contact page.
      await navigate(page, '/admin/whatsapp');
      const number = page.getByLabel('Numéro WhatsApp');
      await number.fill('0470 98 76 54');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await text(page, /^Saisissez un numéro international/).waitFor();
      await number.fill(NEW_WHATSAPP);
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await text(page, 'Paramètres WhatsApp mis à jour').waitFor();
      await shoot(page, 'admin-whatsapp-fr-1280');
      await page.getByRole('link', { name: 'Contact' }).click();
      await page.getByTestId('whatsapp-number').filter({ hasText: NEW_WHATSAPP }).waitFor();

      // Deleting the property is refused while a stay is to come, then archives it once that stay is cancelled.
      await navigate(page, '/admin/properties');
      await page.getByRole('button', { name: `Supprimer ${PROPERTY}` }).click();
      await page.getByRole('alertdialog', { name: 'Supprimer ce logement ?' }).getByRole('button', { name: 'Supprimer' }).click();
      await text(page, /Ce logement a des séjours en cours ou à venir/).waitFor();
      await api(`/bookings/${laterBooking.id}/cancel`, { method: 'PUT', token: adminToken });
      await page.getByRole('button', { name: `Supprimer ${PROPERTY}` }).click();
      await page.getByRole('alertdialog', { name: 'Supprimer ce logement ?' }).getByRole('button', { name: 'Supprimer' }).click();
      await text(page, `Logement « ${PROPERTY} » supprimé`).waitFor();
      await page.getByRole('article', { name: PROPERTY }).waitFor({ state: 'detached' });
      // Its bookings stay listed for the admin.
      const all = await api<Booking[]>('/bookings/all', { token: adminToken });
      expect(all.find((booking) => booking.id === laterBooking.id)?.status).toBe('cancelled');
    } catch (error) {
      // What the admin saw when it failed (e2e/test-results is not committed).
      await page.screenshot({ path: 'test-results/admin-failure.png', fullPage: true }).catch(() => {});
      throw error;
    }

    expect(errors).toEqual([]);
    // Every admin screen was opened: none downloaded the whole list of bookings (decision 0009).
    expect(asked).toContain('/api/admin/bookings/summary');
    expect(asked).toContain('/api/admin/availability');
    expect(asked).not.toContain('/api/bookings/all');
    await context.close();
  });

  it('lists and filters 5,000 bookings one page of 50 at a time, the server searching and counting', async () => {
    // The API is intercepted (the point is the screen, not the database; the server's side has its own tests): it
    // answers 5,000 bookings the way GET /admin/bookings and /admin/bookings/summary do.
    // Typed as the API's answer, so that a field the screen comes to need is a type error here, not a blank screen.
    const bookings = Array.from({ length: 5000 }, (_, i): BookingAnswer => ({
      id: `${i.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`,
      room_id: '00000000-0000-4000-8000-000000000001',
      user_name: `Guest ${i}`,
      user_email: `guest${i}@example.com`,
      start_date: '2030-01-07',
      end_date: '2030-01-14',
      adults: 1,
      children: 0,
      source: 'web',
      total_price: 100.5,
      price_lines: [],
      rent_total: 100.5,
      fees_total: 0,
      taxes_total: 0,
      vat_included: 0,
      status: i % 7 === 0 ? 'cancelled' : i % 3 === 0 ? 'pending' : 'confirmed',
      payment_method: (['on_site', 'stripe', 'paypal'] as const)[i % 3]!,
      cancel_reason: null,
      paid_amount: 0,
      refund_amount: 0,
      refund_status: 'none',
      failed_refund_amount: 0,
      cancellation_policy: { free_until_days: 14, late_refund_percent: 50 },
      free_cancellation_until: '2029-12-24',
      deposit_amount: 100.5,
      balance_amount: 0,
      balance_due_date: null,
      balance_status: 'none',
      balance_auto_charge: false,
      cancelled_by: i % 7 === 0 ? 'admin' : null,
      hold_expires_at: null,
      created_at: '2029-12-01T10:00:00.000Z',
      room_number: '101',
      property_id: '00000000-0000-4000-8000-000000000002',
      property_name: 'Maison Sablon',
      text_languages: { property_name: 'fr' },
      check_in_status: 'not_started',
      billing: null,
    }));
    const count = (status: string) => bookings.filter((booking) => booking.status === status).length;
    const searches: (string | null)[] = [];
    const { page, context, errors } = await newVisitor(browser, { token: adminToken });
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.route('**/api/admin/bookings/summary', (route) =>
      route.fulfill({
        json: {
          total: bookings.length,
          confirmed: count('confirmed'),
          pending: count('pending'),
          cancelled: count('cancelled'),
          revenue_cents: count('confirmed') * 10050,
          refunds_pending: 0,
          refunds_pending_cents: 0,
        },
      }),
    );
    await page.route(
      (url) => url.pathname === '/api/admin/bookings',
      (route) => {
        const query = new URL(route.request().url()).searchParams;
        const q = (query.get('q') ?? '').toLowerCase();
        const status = query.get('status');
        if (query.has('q')) searches.push(query.get('q'));
        const matching = bookings.filter(
          (booking) =>
            (!status || booking.status === status) &&
            (!q || booking.user_name.toLowerCase().includes(q) || booking.user_email.includes(q) || booking.id.includes(q)),
        );
        const offset = Number(query.get('offset') ?? 0);
        const limit = Number(query.get('limit') ?? matching.length);
        return route.fulfill({ json: matching.slice(offset, offset + limit), headers: { 'X-Total-Count': String(matching.length) } });
      },
    );
    await navigate(page, '/admin/bookings');
    await text(page, 'Page 1 sur 100').waitFor();
    await expect.poll(() => page.getByTestId('admin-booking').count()).toBe(50);
    await page.getByText(/^1–50 sur 5\s000 réservations$/).waitFor();

    // Typed key by key: the search goes to the server when typing pauses, not once per key.
    await page.getByRole('searchbox', { name: 'Rechercher' }).pressSequentially('GUEST 49', { delay: 40 });
    await text(page, /sur 111 réservations/).waitFor();
    expect(searches.at(-1)).toBe('GUEST 49');
    expect(searches.length).toBeLessThan('GUEST 49'.length);
    await page.getByRole('combobox', { name: 'Statut' }).selectOption('pending');
    await text(page, /sur 31 réservations/).waitFor();
    await page.getByRole('searchbox', { name: 'Rechercher' }).fill('');
    await text(page, /sur 1\s428 réservations/).waitFor();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await text(page, /^51–100 sur/).waitFor();
    // What keeps the page light is structural, so that is what is asserted: one page of cards in the document, and
    // never the whole list from the server, whatever its size (timings belong to `npm run bench`, not to tests).
    expect(await page.getByTestId('admin-booking').count()).toBe(50);
    expect(asked).not.toContain('/api/bookings/all');

    expect(errors).toEqual([]);
    await context.close();
  });
});
