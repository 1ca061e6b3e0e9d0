import { findSeasonOverlap, quoteAnswer, quoteStay, type QuoteResponse, type Room, type RoomValues } from '@roomweek/contract';
import { badRequest } from '../../../lib/errors.ts';
import type { BookingsService } from '../bookings/bookings-service.ts';
import type { ContentView } from '../content/translations.ts';
import type { RoomsRepository } from './rooms-repository.ts';

export interface RoomsServiceOptions {
  repository: RoomsRepository;
  /** The site's calendar rules for a stay's dates (the same as a booking's). */
  stays: Pick<BookingsService, 'normaliseStay'>;
}

/** The admin's room writes (their seasons checked) and the public quote of a stay (docs/behaviour.md §11). */
export class RoomsService {
  constructor(private readonly options: RoomsServiceOptions) {}

  async create(input: RoomValues, view?: ContentView): Promise<Room> {
    assertSeasonsApart(input);
    return this.options.repository.create(input, view);
  }

  async update(id: string, input: RoomValues, view?: ContentView): Promise<Room> {
    assertSeasonsApart(input);
    return this.options.repository.update(id, input, view);
  }

  /** What the stay would cost and which rules it breaks: the very function `POST /bookings` charges with. */
  async quote(roomId: string, startInput: string, endInput: string): Promise<QuoteResponse> {
    const { start, end } = this.options.stays.normaliseStay(startInput, endInput);
    const pricing = await this.options.repository.pricing(roomId);
    return quoteAnswer(quoteStay(pricing, start, end));
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
