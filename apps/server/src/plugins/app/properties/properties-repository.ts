import { and, asc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { type Fee, type Tax, DEFAULT_LANGUAGE, arrivalInstructionsAnswer, storedArrivalInstructions, feeCentsOf, feeOf, taxCentsOf, taxOf, type Property, type PropertyInput, type StoredTranslations } from '@roomweek/contract';
import type { Database, Executor } from '../../../db/client.ts';
import { properties, rooms } from '../../../db/schema.ts';
import { notFound } from '../../../lib/errors.ts';
import { upcomingStaysIn } from '../bookings/bookings-repository.ts';
import { propertyRating } from '../reviews/reviews-repository.ts';
import { allTranslations, localisedTexts, type ContentView } from '../content/translations.ts';

type PropertyRow = typeof properties.$inferSelect;
/** The visible reviews' average and count, read with the public reads (docs/decisions/0035). */
type Rating = { ratingAverage: number | null; reviewCount: number };
const withRating = { ...getTableColumns(properties), ...propertyRating(properties.id) };
export type PropertyValues = Omit<PropertyInput, 'photos' | 'translations' | 'fees' | 'taxes'> & {
  photos: string[];
  translations?: StoredTranslations;
  fees?: Fee[];
  taxes?: Tax[];
};

/** Anyone's view in French: what a caller that asks for nothing gets. */
const FRENCH: ContentView = { language: DEFAULT_LANGUAGE, admin: false };

/** A property as `view` shows it: its texts in the view's language, falling back to French field by field (§15). */
export function toProperty(row: PropertyRow & Partial<Rating>, view: ContentView = FRENCH): Property {
  const base = { name: row.name, description: row.description, location: row.location };
  const { texts, languages } = localisedTexts(base, row.translations, view.language);
  return {
    id: row.id,
    ...texts,
    text_languages: languages,
    photos: row.photos,
    room_count: row.roomCount,
    latitude: row.latitude,
    longitude: row.longitude,
    cancellation_policy: row.cancellationPolicy,
    payment_terms: row.paymentTerms,
    fees: row.fees.map(feeOf),
    taxes: row.taxes.map(taxOf),
    vat_percent: row.vatHundredths / 100,
    ...(row.reviewCount !== undefined && { rating_average: row.ratingAverage ?? null, review_count: row.reviewCount }),
    ...(view.admin && { translations: allTranslations(base, row.translations) }),
    // Never in a public answer: only its confirmed guests read them, from the day they are due (decision 0038).
    ...(view.admin && { arrival_instructions: arrivalInstructionsAnswer(row.arrivalInstructions) }),
    ...(view.admin && { registration_country: row.registrationCountry }),
  };
}

const columns = (input: PropertyValues) => ({
  name: input.name,
  description: input.description,
  location: input.location,
  roomCount: input.room_count,
  photos: input.photos,
  latitude: input.latitude ?? null,
  longitude: input.longitude ?? null,
  // Left out: unchanged by an update (the site's policy for a new property); null: the site's.
  ...(input.cancellation_policy !== undefined && { cancellationPolicy: input.cancellation_policy }),
  // Left out: unchanged by an update (the site's terms for a new property); null: the site's (decision 0044).
  ...(input.payment_terms !== undefined && { paymentTerms: input.payment_terms }),
  // Left out: unchanged by an update (none for a new property).
  ...(input.translations !== undefined && { translations: input.translations }),
  // Fees, taxes, VAT (docs/behaviour.md §18): left out, unchanged (none for a new property); stored in cents.
  ...(input.fees !== undefined && { fees: input.fees.map(feeCentsOf) }),
  ...(input.taxes !== undefined && { taxes: input.taxes.map(taxCentsOf) }),
  ...(input.vat_percent !== undefined && { vatHundredths: Math.round(input.vat_percent * 100) }),
  // Left out: unchanged (none for a new property).
  ...(input.arrival_instructions !== undefined && { arrivalInstructions: storedArrivalInstructions(input.arrival_instructions) }),
  // Left out: unchanged (`other` for a new property).
  ...(input.registration_country !== undefined && { registrationCountry: input.registration_country }),
});

/** The public reads, prepared once: their SQL is built once, and PostgreSQL plans them once per connection. */
const prepareReads = (db: Database) => ({
  list: db.select(withRating).from(properties).where(isNull(properties.archivedAt)).orderBy(asc(properties.createdAt), asc(properties.name)).prepare('properties_list'),
  get: db
    .select(withRating)
    .from(properties)
    .where(and(eq(properties.id, sql.placeholder('id')), isNull(properties.archivedAt)))
    .prepare('properties_get'),
  // What GET /properties and GET /rooms list (neither archived, nor a room of an archived property), ids only.
  publicIds: db
    .select({ propertyId: properties.id, roomId: rooms.id })
    .from(properties)
    .leftJoin(rooms, and(eq(rooms.propertyId, properties.id), isNull(rooms.archivedAt)))
    .where(isNull(properties.archivedAt))
    .orderBy(asc(properties.createdAt), asc(properties.name), asc(properties.id), asc(rooms.roomNumber), asc(rooms.id))
    .prepare('properties_public_ids'),
});

export class PropertiesRepository {
  private readonly reads: ReturnType<typeof prepareReads>;

  constructor(private readonly db: Database) {
    this.reads = prepareReads(db);
  }

  async list(view?: ContentView): Promise<Property[]> {
    const rows = await this.reads.list.execute();
    return rows.map((row) => toProperty(row, view));
  }

  async get(id: string, view?: ContentView): Promise<Property> {
    const [row] = await this.reads.get.execute({ id });
    if (!row) throw notFound('property_not_found', 'Property not found');
    return toProperty(row, view);
  }

  /** Every public property with its public rooms' ids (the sitemap), in the catalogue's order, in one statement. */
  async publicIds(): Promise<{ id: string; roomIds: string[] }[]> {
    const rows = await this.reads.publicIds.execute();
    const byProperty = new Map<string, string[]>();
    for (const { propertyId, roomId } of rows) {
      let roomIds = byProperty.get(propertyId);
      if (!roomIds) byProperty.set(propertyId, (roomIds = []));
      if (roomId) roomIds.push(roomId);
    }
    return [...byProperty].map(([id, roomIds]) => ({ id, roomIds }));
  }

  async create(input: PropertyValues, view?: ContentView, executor: Executor = this.db): Promise<Property> {
    const [row] = await executor.insert(properties).values(columns(input)).returning();
    return toProperty(row!, view);
  }

  async update(id: string, input: PropertyValues, view?: ContentView, executor: Executor = this.db): Promise<Property> {
    const [row] = await executor
      .update(properties)
      .set(columns(input))
      .where(and(eq(properties.id, id), isNull(properties.archivedAt)))
      .returning();
    if (!row) throw notFound('property_not_found', 'Property not found');
    return toProperty(row, view);
  }

  /** Locks the property for the rest of the transaction; false when there is no such live property. */
  async lockLive(tx: Executor, id: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: properties.id })
      .from(properties)
      .where(and(eq(properties.id, id), isNull(properties.archivedAt)))
      .for('update');
    return row !== undefined;
  }

  /** How many stays in the property's rooms occupy nights not over by `today` (an expired hold blocks nothing). */
  async upcomingStays(tx: Executor, id: string, today: string): Promise<number> {
    return upcomingStaysIn(tx, tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.propertyId, id)), today);
  }

  /** Archives the property and its live rooms; past bookings keep their room and property. */
  async markArchived(tx: Executor, id: string): Promise<void> {
    await tx.update(rooms).set({ archivedAt: sql`now()` }).where(and(eq(rooms.propertyId, id), isNull(rooms.archivedAt)));
    await tx.update(properties).set({ archivedAt: sql`now()` }).where(eq(properties.id, id));
  }
}
