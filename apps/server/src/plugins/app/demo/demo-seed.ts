import { sql } from 'drizzle-orm';
import { NO_PRICE_TERMS, toCents, type PriceTerms, type StoredTranslations } from '@roomweek/contract';
import type { Executor } from '../../../db/client.ts';
import { properties, rooms } from '../../../db/schema.ts';
import type { PhotoStore } from '../uploads/photo-store.ts';
import { PALETTES, renderDemoPhotos } from './demo-photos.ts';

interface DemoProperty {
  key: string;
  /** The French texts (required), then the translations (docs/behaviour.md §15). */
  name: string;
  location: string;
  description: string;
  translations: StoredTranslations;
  latitude: number;
  longitude: number;
  /** Vocabulary keys (amenities.json in packages/i18n), shown in each visitor's language. */
  rooms: Array<{ number: string; price: number; amenities: string[]; maxGuests?: number }>;
}

/** The city taxes and fees of the demo's three cities, as their rules stood when written (amounts in cents). */
const DEMO_TERMS: Record<string, PriceTerms> = {
  // Brussels: a city tax per room and night, 6 % VAT on lodging.
  brussels: {
    fees: [],
    taxes: [
      { code: 'city_tax', name: { fr: 'Taxe de séjour', es: 'Tasa turística', pt: 'Taxa turística', en: 'City tax' }, kind: 'per_night', amountCents: 400, percent: 0, maxNights: null, childrenExempt: true },
    ],
    vatPercent: 6,
  },
  // Lisbon: a cleaning fee; the municipal tourist tax per adult and night, at most 7 nights, children exempt.
  lisbon: {
    fees: [{ code: 'cleaning', name: { fr: 'Ménage', es: 'Limpieza', pt: 'Limpeza', en: 'Cleaning' }, amountCents: 5_000, per: 'stay' }],
    taxes: [
      { code: 'tourist_tax', name: { fr: 'Taxe de séjour', es: 'Tasa turística', pt: 'Taxa turística', en: 'Tourist tax' }, kind: 'per_adult_night', amountCents: 400, percent: 0, maxNights: 7, childrenExempt: true },
    ],
    vatPercent: 0,
  },
  // Barcelona: the tourist tax per person and night, at most 7 nights.
  barcelona: {
    fees: [],
    taxes: [
      { code: 'tourist_tax', name: { fr: 'Taxe de séjour', es: 'Impuesto turístico', pt: 'Taxa turística', en: 'Tourist tax' }, kind: 'per_guest_night', amountCents: 500, percent: 0, maxNights: 7, childrenExempt: false },
    ],
    vatPercent: 0,
  },
};

const DEMO: DemoProperty[] = [
  {
    key: 'brussels',
    name: 'Maison Sablon',
    location: 'Bruxelles, Belgique',
    description:
      'Maison de maître rénovée au cœur du Sablon, à deux pas de la Grand-Place. Cuisine partagée, jardin intérieur et salon lumineux. Idéale pour un séjour de travail ou des études.',
    translations: {
      es: {
        name: 'Casa Sablon',
        location: 'Bruselas, Bélgica',
        description:
          'Casa señorial renovada en el corazón del Sablon, a dos pasos de la Grand-Place. Cocina compartida, jardín interior y un salón luminoso. Ideal para una estancia de trabajo o de estudios.',
      },
      pt: {
        name: 'Casa Sablon',
        location: 'Bruxelas, Bélgica',
        description:
          'Casa senhorial renovada no coração do Sablon, a dois passos da Grand-Place. Cozinha partilhada, jardim interior e uma sala luminosa. Ideal para uma estadia de trabalho ou de estudos.',
      },
      en: {
        name: 'Sablon House',
        location: 'Brussels, Belgium',
        description:
          'A renovated town house in the heart of the Sablon, a short walk from the Grand-Place. Shared kitchen, inner garden and a bright living room. Ideal for a working stay or for studies.',
      },
    },
    latitude: 50.8402,
    longitude: 4.3555,
    rooms: [
      { number: '101', price: 280, amenities: ['wifi', 'desk', 'heating', 'bed_linen'] },
      { number: '102', price: 320, amenities: ['wifi', 'private_bathroom', 'desk', 'garden_view', 'bed_linen'] },
      { number: '201', price: 360, amenities: ['wifi', 'balcony', 'private_bathroom', 'double_bed'] },
    ],
  },
  {
    key: 'lisbon',
    name: 'Casa Alfama',
    location: 'Lisbonne, Portugal',
    description:
      'Maison traditionnelle aux azulejos dans le quartier d’Alfama, avec terrasse sur le Tage. Tram 28 au pied de la porte, cuisine équipée et laverie.',
    translations: {
      es: {
        location: 'Lisboa, Portugal',
        description:
          'Casa tradicional de azulejos en el barrio de Alfama, con terraza sobre el Tajo. El tranvía 28 para en la puerta; cocina equipada y lavandería.',
      },
      pt: {
        location: 'Lisboa, Portugal',
        description:
          'Casa tradicional de azulejos no bairro de Alfama, com terraço sobre o Tejo. O elétrico 28 passa à porta; cozinha equipada e lavandaria.',
      },
      en: {
        location: 'Lisbon, Portugal',
        description:
          'A traditional tiled house in the Alfama district, with a terrace over the Tagus. Tram 28 stops at the door; fitted kitchen and laundry room.',
      },
    },
    latitude: 38.7118,
    longitude: -9.1302,
    rooms: [
      { number: 'A1', price: 240, amenities: ['wifi', 'terrace', 'fan'] },
      // A family room: 2 adults and a child (the stay summary's example of fees and taxes, issue 27).
      { number: 'A2', price: 265, amenities: ['wifi', 'river_view', 'air_conditioning', 'desk'], maxGuests: 4 },
    ],
  },
  {
    key: 'barcelona',
    name: 'Residència Gràcia',
    location: 'Barcelone, Espagne',
    description:
      'Appartements modernisés dans le quartier vivant de Gràcia, près du Park Güell et du métro Fontana. Salle commune, rooftop et vélos à disposition.',
    translations: {
      es: {
        location: 'Barcelona, España',
        description:
          'Apartamentos renovados en el animado barrio de Gràcia, cerca del Park Güell y del metro Fontana. Sala común, azotea y bicicletas a disposición.',
      },
      pt: {
        location: 'Barcelona, Espanha',
        description:
          'Apartamentos renovados no animado bairro de Gràcia, perto do Park Güell e do metro Fontana. Sala comum, terraço na cobertura e bicicletas à disposição.',
      },
      en: {
        location: 'Barcelona, Spain',
        description:
          'Modernised flats in the lively Gràcia district, near Park Güell and Fontana metro station. Common room, roof terrace and bicycles to borrow.',
      },
    },
    latitude: 41.4036,
    longitude: 2.1565,
    rooms: [
      { number: '1A', price: 300, amenities: ['wifi', 'air_conditioning', 'roof_terrace'] },
      { number: '1B', price: 295.5, amenities: ['wifi', 'air_conditioning', 'desk', 'bicycle'] },
      { number: '2A', price: 410, amenities: ['wifi', 'air_conditioning', 'private_bathroom', 'balcony', 'double_bed'] },
      { number: '2B', price: 385, amenities: ['wifi', 'air_conditioning', 'kitchenette'] },
    ],
  },
];

/**
 * Fills an empty database with three demo properties and their rooms. Once any property exists it only gives the demo
 * photos still stored the sizes they lack (a site seeded before medium sizes existed) and answers false.
 */
export async function seedDemo(db: Executor, photoStore: PhotoStore): Promise<boolean> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(properties);
  if (count > 0) {
    await completeDemoPhotos(photoStore);
    return false;
  }
  for (const [index, demo] of DEMO.entries()) {
    const photos = await renderDemoPhotos(photoStore, demo.key, PALETTES[index % PALETTES.length]!, 3 + index, index % 2);
    const terms = DEMO_TERMS[demo.key] ?? NO_PRICE_TERMS;
    const [property] = await db
      .insert(properties)
      .values({
        name: demo.name,
        location: demo.location,
        description: demo.description,
        translations: demo.translations,
        roomCount: demo.rooms.length,
        latitude: demo.latitude,
        longitude: demo.longitude,
        photos: photos.propertyPhotos,
        fees: [...terms.fees],
        taxes: [...terms.taxes],
        vatHundredths: Math.round(terms.vatPercent * 100),
      })
      .returning({ id: properties.id });
    for (const [roomIndex, room] of demo.rooms.entries()) {
      await db.insert(rooms).values({
        propertyId: property!.id,
        roomNumber: room.number,
        pricePerWeekCents: toCents(room.price),
        ...(room.maxGuests ? { maxGuests: room.maxGuests } : {}),
        amenities: room.amenities,
        photos: [await photos.roomPhoto(roomIndex)],
      });
    }
  }
  return true;
}

async function completeDemoPhotos(photoStore: PhotoStore): Promise<void> {
  for (const [index, demo] of DEMO.entries()) {
    const photos = await renderDemoPhotos(photoStore, demo.key, PALETTES[index % PALETTES.length]!, 3 + index, index % 2, 'complete');
    for (const roomIndex of demo.rooms.keys()) await photos.roomPhoto(roomIndex);
  }
}
