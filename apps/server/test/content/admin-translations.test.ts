import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Property } from '@roomweek/contract';
import { properties } from '../../src/db/schema.ts';
import { bearer, createProperty, useAdminApp } from '../helper.ts';
import { read, TEXTS } from './content-support.ts';

/** docs/behaviour.md §15: the admin writes the French texts and the translations, and reads back every language as written. */
describe("an admin's translations, round trip", () => {
  const t = useAdminApp();
  const db = () => t.database.handle.db;


  const put = (id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/properties/${id}`, headers: bearer(t.admin), payload: { ...TEXTS.fr, room_count: 2, ...payload } });
  const adminRead = async (id: string) => (await read(t.app, `/api/properties/${id}`, { token: t.admin })).json<Property>();
  const stored = async (id: string) => (await db().select().from(properties).where(eq(properties.id, id)))[0]!.translations;

  it('creates with translations, trimmed, empty texts dropped, and answers them as written', async () => {
    const created = await createProperty(t.app, t.admin, {
      ...TEXTS.fr,
      translations: { es: { name: `  ${TEXTS.es.name}  `, description: TEXTS.es.description, location: '' }, pt: { name: '', description: null }, en: {} },
    });
    const spanish = { name: TEXTS.es.name, description: TEXTS.es.description };
    expect(created.translations).toEqual({ fr: TEXTS.fr, es: spanish });
    expect(await stored(created.id)).toEqual({ es: spanish });
    expect((await adminRead(created.id)).translations).toEqual({ fr: TEXTS.fr, es: spanish });
    // The Spanish location was left empty: Spanish readers get the French one.
    const inSpanish = (await read(t.app, `/api/properties/${created.id}?lang=es`)).json<Property>();
    expect(inSpanish).toMatchObject({ ...spanish, location: TEXTS.fr.location, text_languages: { name: 'es', description: 'es', location: 'fr' } });
  });

  it('keeps the translations when an update leaves them out, replaces them when it sends them', async () => {
    const created = await createProperty(t.app, t.admin, { ...TEXTS.fr, translations: { es: TEXTS.es } });
    const renamed = await put(created.id, { name: 'Maison Renommée' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<Property>().translations).toEqual({ fr: { ...TEXTS.fr, name: 'Maison Renommée' }, es: TEXTS.es });

    const replaced = await put(created.id, { translations: { en: { name: 'Dune House' } } });
    expect(replaced.json<Property>().translations).toEqual({ fr: TEXTS.fr, en: { name: 'Dune House' } });
    expect(await stored(created.id)).toEqual({ en: { name: 'Dune House' } });

    const cleared = await put(created.id, { translations: {} });
    expect(cleared.json<Property>().translations).toEqual({ fr: TEXTS.fr });
    expect((await read(t.app, `/api/properties/${created.id}?lang=en`)).json<Property>().name).toBe(TEXTS.fr.name);
  });

  it('takes back what an admin read answered: `fr` in translations is ignored, the French texts are the body’s own', async () => {
    const created = await createProperty(t.app, t.admin, { ...TEXTS.fr, translations: { es: TEXTS.es } });
    const current = await adminRead(created.id);
    const sentBack = await put(created.id, { name: 'Nouveau nom', translations: current.translations });
    expect(sentBack.statusCode).toBe(200);
    expect(sentBack.json<Property>().translations).toEqual({ fr: { ...TEXTS.fr, name: 'Nouveau nom' }, es: TEXTS.es });
    expect(await stored(created.id)).toEqual({ es: TEXTS.es });
  });

  it("answers the admin's writes in the admin's language", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/properties?lang=es',
      headers: bearer(t.admin),
      payload: { ...TEXTS.fr, room_count: 1, translations: { es: TEXTS.es } },
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-language']).toBe('es');
    expect(response.json<Property>()).toMatchObject({ name: TEXTS.es.name, text_languages: { name: 'es' } });
  });
});
