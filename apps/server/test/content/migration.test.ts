import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Property, Room } from '@roomweek/contract';
import fr from '@roomweek/i18n/fr/amenities.json' with { type: 'json' };
import es from '@roomweek/i18n/es/amenities.json' with { type: 'json' };
import pt from '@roomweek/i18n/pt/amenities.json' with { type: 'json' };
import en from '@roomweek/i18n/en/amenities.json' with { type: 'json' };
import { queryRows } from '../../src/db/client.ts';
import { buildTestApp, type TestApp, type TestDatabase } from '../helper.ts';
import { applyMigration, databaseBefore, MIGRATIONS } from '../migration-support.ts';

const MINE = '0014_translatable_content.sql';

/** Every label of the vocabulary that the migration knows (it holds the vocabulary as it was then). */
async function vocabularyWords(): Promise<Array<{ key: string; word: string }>> {
  const migration = await readFile(`${MIGRATIONS}${MINE}`, 'utf8');
  const words: Array<{ key: string; word: string }> = [];
  for (const labels of [fr, es, pt, en] as Array<Record<string, string>>) {
    for (const [key, word] of Object.entries(labels)) {
      if (migration.includes(`('${key}', '${word.replace(/'/g, "''")}')`)) words.push({ key, word });
    }
  }
  return words;
}

/** docs/behaviour.md §15: an existing database keeps every text, now French, and its amenities become keys where they can. */
describe('migration 0014 from the previous schema, with data', () => {
  let database: TestDatabase;
  let t: TestApp;
  const ids = { property: '11111111-1111-4111-8111-111111111111', room: '22222222-2222-4222-8222-222222222222', every: '33333333-3333-4333-8333-333333333333', none: '44444444-4444-4444-8444-444444444444' };
  const OLD_AMENITIES = ['Wi-Fi', 'wifi', ' TERRASSE ', 'Air conditioning', 'Vue sur le fleuve', 'Rooftop', 'Lave-Linge', 'Cuisine partagée', 'Ventoinha', 'micro ondas', 'Vue sur les étangs'];
  let words: Array<{ key: string; word: string }>;

  beforeAll(async () => {
    database = await databaseBefore(MINE);
    words = await vocabularyWords();
    const db = database.handle.db;
    // The shape of the data before 0014: no translations, amenities as typed.
    await db.execute(sql`
      insert into properties (id, name, description, location, room_count, photos)
      values (${ids.property}, 'Maison Sablon', 'Maison de maître au cœur du Sablon.', 'Bruxelles, Belgique', 3, '["/demo/a.webp"]'::jsonb)`);
    await db.execute(sql`
      insert into rooms (id, property_id, room_number, price_per_week_cents, amenities)
      values (${ids.room}, ${ids.property}, '101', 28000, ${JSON.stringify(OLD_AMENITIES)}::jsonb),
             (${ids.every}, ${ids.property}, '102', 30000, ${JSON.stringify(words.map(({ word }) => word))}::jsonb),
             (${ids.none}, ${ids.property}, '103', 30000, '[]'::jsonb)`);
    await applyMigration(db, MINE);
    t = await buildTestApp({ database });
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it('keeps every text of a property as its French text, with no translation', async () => {
    const [row] = await queryRows<{ name: string; description: string; location: string; translations: unknown }>(
      database.handle.db,
      sql`select name, description, location, translations from properties where id = ${ids.property}`,
    );
    expect(row).toEqual({ name: 'Maison Sablon', description: 'Maison de maître au cœur du Sablon.', location: 'Bruxelles, Belgique', translations: {} });
    for (const lang of ['fr', 'es', 'en']) {
      const property = (await t.app.inject({ url: `/api/properties/${ids.property}?lang=${lang}` })).json<Property>();
      expect(property).toMatchObject({
        name: 'Maison Sablon',
        description: 'Maison de maître au cœur du Sablon.',
        location: 'Bruxelles, Belgique',
        photos: ['/demo/a.webp'],
        room_count: 3,
        text_languages: { name: 'fr', description: 'fr', location: 'fr' },
      });
    }
  });

  it('turns amenities that read as a vocabulary word in any language into keys; others stay as written, in order', async () => {
    const [row] = await queryRows<{ amenities: string[] }>(database.handle.db, sql`select amenities from rooms where id = ${ids.room}`);
    expect(row?.amenities).toEqual(['wifi', 'terrace', 'air_conditioning', 'river_view', 'Rooftop', 'washing_machine', 'shared_kitchen', 'fan', 'microwave', 'Vue sur les étangs']);
    const room = (await t.app.inject({ url: `/api/rooms/${ids.room}?lang=es` })).json<Room>();
    expect(room.amenities).toEqual(['Wi-Fi', 'Terraza', 'Aire acondicionado', 'Vistas al río', 'Rooftop', 'Lavadora', 'Cocina compartida', 'Ventilador', 'Microondas', 'Vue sur les étangs']);
  });

  it('knows every word of the vocabulary, in each of the four languages', async () => {
    expect(words.length).toBeGreaterThanOrEqual(4 * 30 - 20);
    const [row] = await queryRows<{ amenities: string[] }>(database.handle.db, sql`select amenities from rooms where id = ${ids.every}`);
    // Words of one key (Wi-Fi in four languages) become that key once, where it first came.
    const expected = [...new Set(words.map(({ key }) => key))];
    expect(row?.amenities).toEqual(expected);
    expect(new Set(row?.amenities)).toEqual(new Set(Object.keys(fr)));
  });

  it('leaves an empty list empty and the new column checked', async () => {
    const [row] = await queryRows<{ amenities: string[] }>(database.handle.db, sql`select amenities from rooms where id = ${ids.none}`);
    expect(row?.amenities).toEqual([]);
    await expect(database.handle.db.execute(sql`update properties set translations = '[]'::jsonb where id = ${ids.property}`)).rejects.toThrow();
  });
});
