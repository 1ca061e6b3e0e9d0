import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, type Amenity, type Room, type RoomDetail } from '@roomweek/contract';
import fr from '@roomweek/i18n/fr/amenities.json' with { type: 'json' };
import es from '@roomweek/i18n/es/amenities.json' with { type: 'json' };
import pt from '@roomweek/i18n/pt/amenities.json' with { type: 'json' };
import en from '@roomweek/i18n/en/amenities.json' with { type: 'json' };
import { bearer, createProperty, useAdminApp } from '../helper.ts';
import { createRoomWithAmenities, read } from './content-support.ts';

const VOCABULARY: Record<string, Record<string, string>> = { fr, es, pt, en };

describe('the amenities vocabulary (packages/i18n/locales/*/amenities.json)', () => {
  it('has the same keys in every language, each labelled, no label twice in a language', () => {
    const keys = Object.keys(fr);
    expect(keys.length).toBeGreaterThanOrEqual(30);
    for (const key of keys) expect(key).toMatch(/^[a-z][a-z_]*$/);
    for (const language of LANGUAGES) {
      const labels = VOCABULARY[language]!;
      expect(Object.keys(labels), language).toEqual(keys);
      for (const label of Object.values(labels)) expect(label.trim(), language).toBe(label);
      const lower = Object.values(labels).map((label) => label.toLocaleLowerCase(language));
      expect(new Set(lower).size, language).toBe(lower.length);
    }
  });
});

describe('GET /api/amenities and a room’s amenities in four languages', () => {
  const t = useAdminApp();
  let roomId: string;
  let propertyId: string;

  beforeAll(async () => {
    propertyId = (await createProperty(t.app, t.admin)).id;
    roomId = (await createRoomWithAmenities(t.app, t.admin, propertyId)).id;
  });

  it('answers the vocabulary as [{key, label}] in the language asked, by label, with Content-Language', async () => {
    for (const language of LANGUAGES) {
      const response = await read(t.app, `/api/amenities?lang=${language}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-language']).toBe(language);
      expect(String(response.headers.vary)).toMatch(/accept-language/i);
      const vocabulary = response.json<Amenity[]>();
      expect(vocabulary).toHaveLength(Object.keys(fr).length);
      for (const { key, label } of vocabulary) expect(label).toBe(VOCABULARY[language]![key]);
      const labels = vocabulary.map((amenity) => amenity.label);
      expect(labels).toEqual([...labels].sort(new Intl.Collator(language).compare));
    }
    const spanish = (await read(t.app, '/api/amenities', { acceptLanguage: 'es' })).json<Amenity[]>();
    expect(spanish).toContainEqual({ key: 'terrace', label: 'Terraza' });
    const unknown = await read(t.app, '/api/amenities?lang=klingon');
    expect(unknown.headers['content-language']).toBe('fr');
    expect(unknown.json<Amenity[]>()).toContainEqual({ key: 'terrace', label: 'Terrasse' });
  });

  it("shows a room's keys as labels in each language and free text as written (in French)", async () => {
    const expected: Record<string, string[]> = {
      fr: ['Wi-Fi', 'Vue sur les dunes', 'Terrasse'],
      es: ['Wi-Fi', 'Vue sur les dunes', 'Terraza'],
      pt: ['Wi-Fi', 'Vue sur les dunes', 'Terraço'],
      en: ['Wi-Fi', 'Vue sur les dunes', 'Terrace'],
    };
    for (const language of LANGUAGES) {
      const room = (await read(t.app, `/api/rooms/${roomId}?lang=${language}`)).json<RoomDetail>();
      expect(room.amenities, language).toEqual(expected[language]);
      expect(room.text_languages.amenities, language).toEqual([language, 'fr', language]);
      expect(room).not.toHaveProperty('amenity_keys');
      const listed = (await read(t.app, `/api/rooms?property_id=${propertyId}`, { acceptLanguage: language })).json<Room[]>();
      expect(listed[0]?.amenities, language).toEqual(expected[language]);
    }
  });

  it("gives an admin's reads and writes the amenities as stored; a typed word stays free text", async () => {
    const asAdmin = (await read(t.app, `/api/rooms/${roomId}?lang=en`, { token: t.admin })).json<RoomDetail>();
    expect(asAdmin).toMatchObject({ amenities: ['Wi-Fi', 'Vue sur les dunes', 'Terrace'], amenity_keys: ['wifi', 'Vue sur les dunes', 'terrace'] });
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/rooms/${roomId}?lang=es`,
      headers: bearer(t.admin),
      payload: { property_id: propertyId, room_number: asAdmin.room_number, price_per_week: 100, amenities: ['desk', ' fan ', 'Desk', 'desk'] },
    });
    expect(updated.statusCode).toBe(200);
    // Only a key is a key: 'Desk' typed as text is shown as written (the admin's form turns known words into keys).
    expect(updated.json<Room>()).toMatchObject({ amenities: ['Escritorio', 'Ventilador', 'Desk'], amenity_keys: ['desk', 'fan', 'Desk'] });
  });
});
