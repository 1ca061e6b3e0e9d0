import type { Property } from '@roomweek/contract';
import type { Database } from '../../../db/client.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import type { BookingsService } from '../bookings/bookings-service.ts';
import { recountCheckIns } from '../check-in/check-in-status.ts';
import type { ContentView } from '../content/translations.ts';
import type { PropertiesRepository, PropertyValues } from './properties-repository.ts';

export interface PropertiesServiceOptions {
  db: Database;
  repository: PropertiesRepository;
  /** The site's today (a stay not over by it keeps its property). */
  stays: Pick<BookingsService, 'today'>;
}

/** The catalogue's properties: the public reads, the admin's writes, and when a property may be archived. */
export class PropertiesService {
  constructor(private readonly options: PropertiesServiceOptions) {}

  private get repository() {
    return this.options.repository;
  }

  list(view?: ContentView): Promise<Property[]> {
    return this.repository.list(view);
  }

  get(id: string, view?: ContentView): Promise<Property> {
    return this.repository.get(id, view);
  }

  /** Every public property with its public rooms' ids (the sitemap). */
  publicIds(): Promise<{ id: string; roomIds: string[] }[]> {
    return this.repository.publicIds();
  }

  /** In a transaction: the audit log's entry is written in the change's own (docs/decisions/0043). */
  create(input: PropertyValues, view?: ContentView): Promise<Property> {
    return this.options.db.transaction((tx) => this.repository.create(input, view, tx));
  }

  /**
   * A change of registration country changes which fields a check-in needs: the property's stored check-in statuses
   * are counted again in the same transaction (docs/decisions/0042).
   */
  update(id: string, input: PropertyValues, view?: ContentView): Promise<Property> {
    return this.options.db.transaction(async (tx) => {
      const property = await this.repository.update(id, input, view, tx);
      if (input.registration_country !== undefined) await recountCheckIns(tx, id);
      return property;
    });
  }

  /**
   * Deleting archives the property and its rooms (docs/decisions/0003-deleting-properties-and-rooms.md): refused while
   * a room still has a stay that is not over; past bookings keep their room and property.
   */
  async archive(id: string): Promise<void> {
    const today = this.options.stays.today();
    await this.options.db.transaction(async (tx) => {
      if (!(await this.repository.lockLive(tx, id))) throw notFound('property_not_found', 'Property not found');
      const upcoming = await this.repository.upcomingStays(tx, id, today);
      if (upcoming > 0) throw conflict('property_has_bookings', `This property has ${upcoming} upcoming booking(s); cancel them first`);
      await this.repository.markArchived(tx, id);
    });
  }
}
