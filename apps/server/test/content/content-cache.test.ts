import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Property, Room } from '@roomweek/contract';
import { bearer, buildTestApp, createTestDatabase, loginAdmin, registerUser, type TestApp } from '../helper.ts';
import { createRoomWithAmenities, createTranslatedProperty, TEXTS } from './content-support.ts';

const BROTLI = 'gzip, deflate, br';

/** Decision 0011 and 0023: the public read cache keeps one answer per language answered, and never crosses them. */
describe('the public read cache and languages', () => {
  let t: TestApp;
  let admin: string;
  let property: Property;

  beforeAll(async () => {
    t = await buildTestApp({ env: { BENCH_COUNT_QUERIES: 'true' }, database: await createTestDatabase({ countQueries: true }) });
    admin = await loginAdmin(t.app);
    property = await createTranslatedProperty(t.app, admin);
    await createRoomWithAmenities(t.app, admin, property.id);
  });
  afterAll(async () => {
    await t.close();
    await t.database.drop();
  });

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ url, headers });
    return { response, queries: Number(response.headers['x-query-count']) };
  };

  it('never answers one language with another’s cached answer, whether asked by ?lang= or Accept-Language', async () => {
    const url = `/api/properties/${property.id}`;
    // Warm the cache in Spanish, by both ways of asking.
    expect((await get(`${url}?lang=es`)).response.json<Property>().name).toBe(TEXTS.es.name);
    expect((await get(url, { 'accept-language': 'es' })).response.json<Property>().name).toBe(TEXTS.es.name);

    // The same URL in other languages: each its own answer, never the Spanish one.
    const portuguese = await get(url, { 'accept-language': 'pt' });
    expect(portuguese.queries).toBeGreaterThan(0);
    expect(portuguese.response.json<Property>().name).toBe(TEXTS.pt.name);
    const plain = await get(url);
    expect(plain.response.json<Property>().name).toBe(TEXTS.fr.name);
    expect(plain.response.headers['content-language']).toBe('fr');

    // Repeated, each comes from memory, still in its own language, with its own Content-Language.
    for (const [headers, name, language] of [
      [{ 'accept-language': 'es' }, TEXTS.es.name, 'es'],
      [{ 'accept-language': 'pt' }, TEXTS.pt.name, 'pt'],
      [{}, TEXTS.fr.name, 'fr'],
      [{ 'accept-language': 'en' }, TEXTS.fr.name, 'en'],
      [{ 'accept-language': 'en' }, TEXTS.fr.name, 'en'],
    ] as const) {
      const again = await get(url, { ...headers, 'accept-encoding': BROTLI });
      const second = await get(url, { ...headers, 'accept-encoding': BROTLI });
      expect(second.queries, language).toBe(0);
      expect(second.response.rawPayload.equals(again.response.rawPayload), language).toBe(true);
      expect(second.response.headers['content-language']).toBe(language);
      expect(String(second.response.headers.vary)).toMatch(/accept-language/i);
      const identity = await get(url, headers);
      expect(identity.response.json<Property>().name, language).toBe(name);
    }
  });

  it('drops every language’s answer on a change', async () => {
    const url = `/api/rooms?property_id=${property.id}`;
    await get(`${url}&lang=en`);
    expect((await get(`${url}&lang=en`)).queries).toBe(0);
    const [room] = (await get(`${url}&lang=en`)).response.json<Room[]>();
    expect(room?.amenities).toContain('Terrace');
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/rooms/${room!.id}`,
      headers: bearer(admin),
      payload: { property_id: property.id, room_number: room!.room_number, price_per_week: 100, amenities: ['garden'] },
    });
    expect(update.statusCode).toBe(200);
    for (const [lang, label] of [['en', 'Garden'], ['es', 'Jardín'], ['fr', 'Jardin']]) {
      expect((await get(`${url}&lang=${lang}`)).response.json<Room[]>()[0]?.amenities).toEqual([label]);
    }
  });

  it("never keeps nor serves an admin's answer, and answers a client's token from the cache like anyone's", async () => {
    const url = `/api/properties/${property.id}?lang=es`;
    await get(url);
    expect((await get(url)).queries).toBe(0);
    const asAdmin = await get(url, bearer(admin));
    expect(asAdmin.queries).toBeGreaterThan(0);
    expect(asAdmin.response.json<Property>().translations).toBeDefined();
    const anyoneAfter = await get(url);
    expect(anyoneAfter.queries).toBe(0);
    expect(anyoneAfter.response.json()).not.toHaveProperty('translations');

    const client = await registerUser(t.app);
    const asClient = await get(url, bearer(client.token));
    expect(asClient.response.json()).not.toHaveProperty('translations');
    // A token is checked (one query or more), never served another's view.
    expect(asClient.response.json<Property>().name).toBe(TEXTS.es.name);
  });
});
