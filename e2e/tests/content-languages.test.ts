import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiRegister, baseURL, launchBrowser, navigate, newVisitor } from '../support/browser';

/**
 * Issue 15 (docs/behaviour.md §15): a property's texts and a room's amenities in the visitor's language. The demo's
 * Casa Alfama has a Spanish, Portuguese and English description and place, but no name of its own in them.
 */
let browser: Browser;
let propertyId = '';
let roomId = '';

beforeAll(async () => {
  browser = await launchBrowser();
  const properties = await api<{ id: string; name: string }[]>('/properties');
  propertyId = properties.find((property) => property.name === 'Casa Alfama')?.id ?? '';
  const rooms = await api<{ id: string; room_number: string }[]>(`/rooms?property_id=${propertyId}`);
  roomId = rooms.find((room) => room.room_number === 'A1')?.id ?? '';
});
afterAll(async () => {
  await browser?.close();
});

describe('content in four languages', () => {
  it('switching to Spanish on the property page shows the Spanish description and amenities', async () => {
    // Signed in: the catalogue is still read as anyone reads it.
    const { token } = await apiRegister();
    const { page, errors, context } = await newVisitor(browser, { token });
    const reads: { url: string; authorization: string | undefined }[] = [];
    page.on('request', (request) => {
      // The content reads: the catalogue, a property, a room (not a room's availability or quote).
      if (/\/api\/(properties|rooms)(\/[0-9a-f-]+)?(\?|$)/.test(request.url())) {
        reads.push({ url: request.url(), authorization: request.headers().authorization });
      }
    });
    await navigate(page, `/property/${propertyId}`);
    await page.getByRole('heading', { level: 1, name: 'Casa Alfama' }).waitFor();
    await page.getByText('Maison traditionnelle aux azulejos', { exact: false }).waitFor();
    const card = page.getByRole('article', { name: 'Chambre A1' });
    await card.getByText('Terrasse', { exact: true }).waitFor();
    await card.getByText('Ventilateur', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Español' }).click();
    await page.getByText('Casa tradicional de azulejos en el barrio de Alfama', { exact: false }).waitFor();
    await page.getByText('Lisboa, Portugal', { exact: true }).waitFor();
    const spanishCard = page.getByRole('article', { name: 'Habitación A1' });
    await spanishCard.getByText('Terraza', { exact: true }).waitFor();
    await spanishCard.getByText('Ventilador', { exact: true }).waitFor();
    await expect(page.getByText('Maison traditionnelle aux azulejos', { exact: false }).count()).resolves.toBe(0);
    // The name has no Spanish text: shown in French, and marked so for screen readers.
    await expect(page.getByRole('heading', { level: 1, name: 'Casa Alfama' }).getAttribute('lang')).resolves.toBe('fr');
    await expect(page.getByText('Casa tradicional de azulejos', { exact: false }).getAttribute('lang')).resolves.toBeNull();

    // The room page follows, and the choice is remembered.
    await spanishCard.getByRole('link', { name: 'Reservar la habitación A1' }).click();
    await page.getByRole('heading', { level: 1, name: 'Habitación A1' }).waitFor();
    await page.getByText('Terraza', { exact: true }).waitFor();
    await page.reload();
    await page.getByText('Ventilador', { exact: true }).waitFor();

    // Every content read asked for its language, and none carried the session.
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((read) => read.authorization === undefined)).toBe(true);
    expect(reads.some((read) => read.url.includes('lang=es'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers the API in the language asked, with Content-Language and Vary, the same answer to the same language', async () => {
    for (const [lang, location] of [
      ['es', 'Lisboa, Portugal'],
      ['en', 'Lisbon, Portugal'],
      ['fr', 'Lisbonne, Portugal'],
      ['xx', 'Lisbonne, Portugal'],
    ] as const) {
      for (let time = 0; time < 2; time++) {
        const response = await fetch(`${baseURL()}/api/properties/${propertyId}?lang=${lang}`, { headers: { 'Accept-Encoding': 'br' } });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-language')).toBe(lang === 'xx' ? 'fr' : lang);
        expect(response.headers.get('vary')).toMatch(/Accept-Language/i);
        expect(((await response.json()) as { location: string }).location).toBe(location);
      }
    }
    const room = await fetch(`${baseURL()}/api/rooms/${roomId}`, { headers: { 'Accept-Language': 'pt-PT,pt;q=0.9' } });
    expect(((await room.json()) as { amenities: string[] }).amenities).toEqual(['Wi-Fi', 'Terraço', 'Ventoinha']);
  });
});
