import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Property, Room } from '@roomweek/contract';
import { bearer, createProperty, createRoom, registerUser, useAdminApp } from '../helper.ts';
import { expectRefused } from '../support.ts';
import { TEXTS } from './content-support.ts';

/** The bodies and queries issue 15 changed, under hostile input: refused with {detail, code}, nothing written, never a 500. */
describe('hostile inputs on translations, amenities and languages', () => {
  const t = useAdminApp();
  let client: string;
  let property: Property;
  let room: Room;
  const db = () => t.database.handle.db;

  beforeAll(async () => {
    client = (await registerUser(t.app)).token;
    property = await createProperty(t.app, t.admin, { ...TEXTS.fr, translations: { es: TEXTS.es } });
    room = await createRoom(t.app, t.admin, property.id, { amenities: ['wifi'] });
  });

  const putProperty = (id: string, headers: Record<string, string>, translations: unknown) => () =>
    t.app.inject({ method: 'PUT', url: `/api/properties/${id}`, headers, payload: { ...TEXTS.fr, room_count: 2, translations } });
  const postProperty = (headers: Record<string, string>, translations: unknown) => () =>
    t.app.inject({ method: 'POST', url: '/api/properties', headers, payload: { ...TEXTS.fr, room_count: 2, translations } });

  it('refuses translations from anonymous callers and clients, and for an unknown property', async () => {
    await expectRefused(db(), putProperty(property.id, {}, { en: { name: 'Hacked' } }), 401, 'unauthorized');
    await expectRefused(db(), putProperty(property.id, bearer(client), { en: { name: 'Hacked' } }), 403, 'forbidden');
    await expectRefused(db(), postProperty(bearer(client), { en: { name: 'Hacked' } }), 403, 'forbidden');
    await expectRefused(db(), putProperty(randomUUID(), bearer(t.admin), { en: { name: 'Lost' } }), 404, 'property_not_found');
  });

  it.each([
    ['a language the site does not have', { de: { name: 'Dünenhaus' } }],
    ['a field that is not a text of a property', { es: { name: 'Casa', photos: ['/x'] } }],
    ['a name that is not text', { es: { name: 42 } }],
    ['a language that is a list', { es: ['Casa'] }],
    ['a language that is text', { es: 'Casa' }],
    ['translations as a list', [{ es: { name: 'Casa' } }]],
    ['translations as text', 'es'],
    ['translations as a number', 7],
    ['a name far too long', { en: { name: 'x'.repeat(201) } }],
    ['a description far too long', { pt: { description: 'x'.repeat(5001) } }],
    ['a location far too long', { es: { location: 'x'.repeat(201) } }],
    ['a prototype key', JSON.parse('{"__proto__": {"name": "polluted"}}')],
    ['a constructor key', { constructor: { name: 'x' } }],
  ])('refuses %s (400 validation_error) and changes nothing', async (_case, translations) => {
    await expectRefused(db(), putProperty(property.id, bearer(t.admin), translations), 400, 'validation_error');
    await expectRefused(db(), postProperty(bearer(t.admin), translations), 400, 'validation_error');
  });

  it('keeps hostile text as text: markup and control characters are answered as written, never interpreted', async () => {
    const name = '<script>alert(1)</script> "Casa" \u202e';
    const response = await putProperty(property.id, bearer(t.admin), { es: { name } })();
    expect(response.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/properties/${property.id}?lang=es` })).json<Property>().name).toBe(name.trim());
  });

  it.each([
    ['an amenity far too long', ['x'.repeat(101)]],
    ['too many amenities', Array.from({ length: 51 }, (_, i) => `amenity ${i}`)],
    ['an amenity that is not text', [{ key: 'wifi' }]],
    ['amenities as text', 'wifi'],
  ])('refuses a room with %s (400 validation_error) and changes nothing', async (_case, amenities) => {
    const put = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/rooms/${room.id}`,
        headers: bearer(t.admin),
        payload: { property_id: property.id, room_number: room.room_number, price_per_week: 100, amenities },
      });
    await expectRefused(db(), put, 400, 'validation_error');
  });

  it('takes a key-looking free text as free text: a key of Object.prototype is no amenity key', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/rooms/${room.id}?lang=en`,
      headers: bearer(t.admin),
      payload: { property_id: property.id, room_number: room.room_number, price_per_week: 100, amenities: ['constructor', 'toString', '__proto__', 'wifi'] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Room>()).toMatchObject({ amenities: ['constructor', 'toString', '__proto__', 'Wi-Fi'], text_languages: { amenities: ['fr', 'fr', 'fr', 'en'] } });
  });

  it('answers every public read whatever ?lang= and Accept-Language carry, never a 500', async () => {
    const hostile = ['%00', '%ZZ', '[]', 'es,pt', 'es;q=1', '\u00e9s', 'x'.repeat(3000), 'constructor', '__proto__', 'toString'];
    for (const url of ['/api/properties', `/api/properties/${property.id}`, `/api/rooms?property_id=${property.id}`, `/api/rooms/${room.id}`, '/api/amenities']) {
      for (const value of hostile) {
        const response = await t.app.inject({ url: `${url}${url.includes('?') ? '&' : '?'}lang=${encodeURIComponent(value)}`, headers: { 'accept-language': value } });
        expect(response.statusCode, `${url} ${value.slice(0, 10)}`).toBe(200);
        // 'es,pt' and 'es;q=1' are fine Accept-Language headers; the rest reads as no language at all.
        expect(response.headers['content-language']).toBe(value.startsWith('es') ? 'es' : 'fr');
      }
      const nested = await t.app.inject({ url: `${url}${url.includes('?') ? '&' : '?'}lang[a]=es&lang[]=pt` });
      expect(nested.statusCode, url).toBe(200);
    }
  });
});
