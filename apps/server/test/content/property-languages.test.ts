import { beforeAll, describe, expect, it } from 'vitest';
import type { Property, RoomDetail } from '@roomweek/contract';
import { createProperty, registerUser, useAdminApp } from '../helper.ts';
import { createRoomWithAmenities, createTranslatedProperty, read, TEXTS } from './content-support.ts';

/** docs/behaviour.md §15: a property's texts in the language asked, French where it has none, field by field. */
describe('property texts in four languages', () => {
  const t = useAdminApp();
  let property: Property;
  let roomId: string;

  beforeAll(async () => {
    property = await createTranslatedProperty(t.app, t.admin);
    roomId = (await createRoomWithAmenities(t.app, t.admin, property.id)).id;
  });

  const propertyIn = async (query: string, acceptLanguage?: string) => {
    const response = await read(t.app, `/api/properties/${property.id}${query}`, { acceptLanguage });
    expect(response.statusCode).toBe(200);
    return { response, property: response.json<Property>() };
  };

  it('answers each language: French as written, Spanish translated, with Content-Language and Vary', async () => {
    const french = await propertyIn('?lang=fr');
    expect(french.property).toMatchObject({ ...TEXTS.fr, text_languages: { name: 'fr', description: 'fr', location: 'fr' } });
    expect(french.response.headers['content-language']).toBe('fr');

    const spanish = await propertyIn('?lang=es');
    expect(spanish.property).toMatchObject({ ...TEXTS.es, text_languages: { name: 'es', description: 'es', location: 'es' } });
    expect(spanish.response.headers['content-language']).toBe('es');
    expect(String(spanish.response.headers.vary)).toMatch(/accept-language/i);
    // Anyone's read never carries the texts of every language.
    expect(spanish.property).not.toHaveProperty('translations');
  });

  it('falls back to French field by field: Portuguese has only its name, English nothing', async () => {
    const portuguese = (await propertyIn('?lang=pt')).property;
    expect(portuguese).toMatchObject({
      name: TEXTS.pt.name,
      description: TEXTS.fr.description,
      location: TEXTS.fr.location,
      text_languages: { name: 'pt', description: 'fr', location: 'fr' },
    });
    const english = await propertyIn('?lang=en');
    expect(english.property).toMatchObject({ ...TEXTS.fr, text_languages: { name: 'fr', description: 'fr', location: 'fr' } });
    // The answer is in English; its texts say they are French.
    expect(english.response.headers['content-language']).toBe('en');
  });

  it('takes Accept-Language when there is no ?lang=, and ?lang= over Accept-Language', async () => {
    expect((await propertyIn('', 'es-ES,es;q=0.9,fr;q=0.5')).property.name).toBe(TEXTS.es.name);
    expect((await propertyIn('', 'de-DE, pt;q=0.8')).property.name).toBe(TEXTS.pt.name);
    const both = await propertyIn('?lang=es', 'pt');
    expect(both.property.name).toBe(TEXTS.es.name);
    expect(both.response.headers['content-language']).toBe('es');
    expect((await propertyIn('?lang=ES')).property.name).toBe(TEXTS.es.name);
  });

  it('ignores invalid language codes (no 400): Accept-Language, else French', async () => {
    for (const lang of ['xx', 'de', 'e', 'es-ES', '', '../../etc', 'x'.repeat(2000), 'es%00', '%F0%9F%98%80', 'es&lang=pt']) {
      const response = await read(t.app, `/api/properties/${property.id}?lang=${lang}`, { acceptLanguage: 'pt' });
      expect(response.statusCode, lang.slice(0, 20)).toBe(200);
      expect(response.json<Property>().name, lang.slice(0, 20)).toBe(TEXTS.pt.name);
    }
    const twice = await read(t.app, `/api/properties/${property.id}?lang=es&lang=en`);
    expect(twice.statusCode).toBe(200);
    expect(twice.headers['content-language']).toBe('fr');
    for (const header of ['zz', '*', 'q=0.5', ';;;', 'es;q=abc', 'x'.repeat(5000)]) {
      const response = await read(t.app, `/api/properties/${property.id}`, { acceptLanguage: header });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-language']).toBe(header === 'es;q=abc' ? 'es' : 'fr');
    }
  });

  it('answers French to a client that asks for no language', async () => {
    const response = await read(t.app, `/api/properties/${property.id}`);
    expect(response.json<Property>()).toMatchObject(TEXTS.fr);
    expect(response.headers['content-language']).toBe('fr');
  });

  it('lists every property in the language asked', async () => {
    const untranslated = await createProperty(t.app, t.admin, { name: 'Chalet Sans Traduction' });
    const list = (await read(t.app, '/api/properties?lang=es')).json<Property[]>();
    expect(list.find((one) => one.id === property.id)).toMatchObject({ name: TEXTS.es.name, text_languages: { name: 'es' } });
    expect(list.find((one) => one.id === untranslated.id)).toMatchObject({ name: 'Chalet Sans Traduction', text_languages: { name: 'fr' } });
  });

  it("gives a room's property name in the language asked, or French", async () => {
    const spanish = (await read(t.app, `/api/rooms/${roomId}?lang=es`)).json<RoomDetail>();
    expect(spanish).toMatchObject({ property_name: TEXTS.es.name, text_languages: { property_name: 'es' } });
    const english = (await read(t.app, `/api/rooms/${roomId}`, { acceptLanguage: 'en' })).json<RoomDetail>();
    expect(english).toMatchObject({ property_name: TEXTS.fr.name, text_languages: { property_name: 'fr' } });
  });

  it("answers a signed-in client the public view, and an admin's token every language as written", async () => {
    const client = await registerUser(t.app);
    const asClient = (await read(t.app, `/api/properties/${property.id}?lang=es`, { token: client.token })).json<Property>();
    expect(asClient).not.toHaveProperty('translations');
    expect(asClient.name).toBe(TEXTS.es.name);

    const asAdmin = (await read(t.app, `/api/properties?lang=en`, { token: t.admin })).json<Property[]>();
    const mine = asAdmin.find((one) => one.id === property.id);
    expect(mine).toMatchObject({ name: TEXTS.fr.name, text_languages: { name: 'fr' } });
    expect(mine?.translations).toEqual({ fr: TEXTS.fr, es: TEXTS.es, pt: TEXTS.pt });

    // A stale or forged token reads the page as anyone would.
    const stale = await read(t.app, `/api/properties/${property.id}`, { token: 'not.a.token' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).not.toHaveProperty('translations');
  });
});
