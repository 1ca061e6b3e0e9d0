import {
  findSeasonOverlap,
  paymentSchedule,
  priceAnswer,
  priceStay,
  toEuros,
  type Language,
  type Party,
  type QuoteResponse,
  type Room,
  type RoomDetail,
  type RoomValues,
} from '@roomweek/contract';
import type { Database } from '../../../db/client.ts';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import type { BookingsService } from '../bookings/bookings-service.ts';
import type { ContentView } from '../content/translations.ts';
import { assertPartyFits } from './capacity.ts';
import type { RoomsRepository } from './rooms-repository.ts';

export interface RoomsServiceOptions {
  db: Database;
  repository: RoomsRepository;
  /** The site's calendar rules for a stay's dates (the same as a booking's), and its today. */
  stays: Pick<BookingsService, 'normaliseStay' | 'today'>;
}

/** The rooms' public reads, the admin's writes (their seasons checked), archiving, and the quote of a stay (§11). */
export class RoomsService {
  constructor(private readonly options: RoomsServiceOptions) {}

  list(propertyId: string | undefined, view?: ContentView): Promise<Room[]> {
    return this.options.repository.list(propertyId, view);
  }

  get(id: string, view?: ContentView): Promise<RoomDetail> {
    return this.options.repository.get(id, view);
  }

  async create(input: RoomValues, view?: ContentView): Promise<Room> {
    assertSeasonsApart(input);
    return this.options.repository.create(input, view);
  }

  async update(id: string, input: RoomValues, view?: ContentView): Promise<Room> {
    assertSeasonsApart(input);
    return this.options.repository.update(id, input, view);
  }

  /**
   * What the stay would cost and which rules it breaks: the very function `POST /bookings` charges with. The party must
   * fit the room (400 too_many_guests); it changes the taxes and per-person fees; fees' and taxes' names in `language`.
   */
  async quote(roomId: string, startInput: string, endInput: string, party: Party, language: Language): Promise<QuoteResponse> {
    const { start, end } = this.options.stays.normaliseStay(startInput, endInput);
    const pricing = await this.options.repository.pricing(roomId);
    assertPartyFits(pricing, party);
    const price = priceStay(pricing, start, end, party);
    // What a card or PayPal booking made today pays now and later (decision 0044).
    const schedule = paymentSchedule(pricing.paymentTerms, { totalCents: price.totalCents, taxesCents: price.taxesCents, startDate: start }, this.options.stays.today());
    return {
      ...priceAnswer(price, language),
      deposit_amount: toEuros(schedule.depositCents),
      balance_amount: toEuros(schedule.balanceCents),
      balance_due_date: schedule.balanceDueDate,
    };
  }

  /** Archives the room (as PropertiesService.archive): refused while a stay in it is not over. */
  async archive(id: string): Promise<void> {
    const { repository } = this.options;
    const today = this.options.stays.today();
    await this.options.db.transaction(async (tx) => {
      if (!(await repository.lockLive(tx, id))) throw notFound('room_not_found', 'Room not found');
      const upcoming = await repository.upcomingStays(tx, id, today);
      if (upcoming > 0) throw conflict('room_has_bookings', `This room has ${upcoming} upcoming booking(s); cancel them first`);
      await repository.markArchived(tx, id);
    });
  }
}

/** 400 `seasons_overlap`: two seasonal periods may not share a night (a night has one price). */
function assertSeasonsApart(input: RoomValues): void {
  const overlap = findSeasonOverlap(input.seasonal_prices ?? []);
  if (overlap) {
    const [first, second] = overlap;
    throw badRequest(
      'seasons_overlap',
      `The seasons ${first.start_date} – ${first.end_date} and ${second.start_date} – ${second.end_date} share nights`,
      'seasonal_prices',
    );
  }
}
