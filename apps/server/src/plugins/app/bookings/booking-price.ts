import { storedPriceLines, type StayPrice } from '@roomweek/contract';

/**
 * What a new booking copies of its price (docs/behaviour.md §18, decision 0033): the total charged, its lines, the fees,
 * the taxes and the VAT included. Later changes of the room's or property's terms change no booking.
 */
export const bookingPriceColumns = (price: StayPrice) => ({
  totalCents: price.totalCents,
  priceLines: storedPriceLines(price),
  feesCents: price.feesCents,
  taxesCents: price.taxesCents,
  vatCents: price.vatCents,
});
