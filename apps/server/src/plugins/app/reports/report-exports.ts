import { Readable } from 'node:stream';
import { daysBetween } from '@roomweek/contract';
import { csvText } from '../../../lib/csv.ts';
import type { BookingExportRow, ExportsRepository, MoneyExportRow, TaxExportRow } from './exports-repository.ts';

/** Cents as the accountant's spreadsheet reads them: a point, two decimals, a minus sign when negative. */
const amount = (cents: number) => (cents / 100).toFixed(2);

export const BOOKINGS_HEADER = [
  'booking', 'created_at', 'status', 'cancel_reason', 'source', 'guest', 'email', 'property', 'room', 'arrival', 'departure', 'nights',
  'adults', 'children', 'payment_method', 'rent', 'fees', 'taxes', 'total', 'paid', 'refunded', 'balance', 'balance_status',
];

export const PAYMENTS_HEADER = ['date', 'time', 'kind', 'booking', 'provider', 'reference', 'amount', 'status'];

export const TAXES_HEADER = ['property', 'month', 'tax', 'name', 'stays', 'units', 'amount'];

const bookingLine = (b: BookingExportRow) => [
  b.id, b.created_at, b.status, b.cancel_reason ?? '', b.source, csvText(b.user_name), csvText(b.user_email), csvText(b.property_name), csvText(b.room_number),
  b.start_date, b.end_date, String(daysBetween(b.start_date, b.end_date)), String(b.adults), String(b.children), b.payment_method,
  amount(b.total_cents - b.fees_cents - b.taxes_cents), amount(b.fees_cents), amount(b.taxes_cents), amount(b.total_cents),
  amount(b.paid_cents), amount(b.refunded_cents), amount(b.balance_cents), b.balance_status,
];

const moneyLine = (m: MoneyExportRow) => [m.day, m.at, m.kind, m.booking_id, m.method, csvText(m.reference ?? ''), amount(m.amount_cents), m.status];

const taxLine = (t: TaxExportRow) => [csvText(t.property_name), t.month, csvText(t.code), csvText(t.name), String(t.stays), String(t.quantity), amount(t.amount_cents)];

/** A CSV export as a stream: the byte-order mark and header, then one page of rows at a time (lines end in CRLF). */
function csvStream<Row>(header: readonly string[], pages: AsyncGenerator<Row[]>, line: (row: Row) => string[]): Readable {
  async function* chunks() {
    yield `\uFEFF${header.join(',')}\r\n`;
    for await (const page of pages) yield page.map((row) => `${line(row).join(',')}\r\n`).join('');
  }
  return Readable.from(chunks());
}

/** Reads pages until one comes back short, each after the last row of the one before. */
async function* pages<Row, Key>(read: (after: Key | null) => Promise<Row[]>, keyOf: (row: Row) => Key, size: number): AsyncGenerator<Row[]> {
  let after: Key | null = null;
  for (;;) {
    const page = await read(after);
    if (page.length) yield page;
    if (page.length < size) return;
    after = keyOf(page.at(-1)!);
  }
}

/**
 * The accountant's and the city's files (docs/behaviour.md §24, decision 0045): UTF-8 with a byte-order mark, commas,
 * RFC 4180 quoting, formulas neutralised (lib/csv.ts), streamed page by page so memory stays flat.
 */
export class ReportExports {
  constructor(
    private readonly repository: ExportsRepository,
    private readonly timeZone: string,
    private readonly batch: number,
  ) {}

  bookings(filter: { status?: string | undefined; q?: string | undefined }): Readable {
    const rows = pages((after: { createdAt: string; id: string } | null) => this.repository.bookings(filter, after), (b) => ({ createdAt: b.created_at, id: b.id }), this.batch);
    return csvStream(BOOKINGS_HEADER, rows, bookingLine);
  }

  payments(from: string, to: string): Readable {
    const rows = pages((after: { at: string; key: string } | null) => this.repository.money(from, to, this.timeZone, after), (m) => ({ at: m.at, key: m.key }), this.batch);
    return csvStream(PAYMENTS_HEADER, rows, moneyLine);
  }

  taxes(from: string, to: string): Readable {
    async function* once(read: Promise<TaxExportRow[]>) {
      yield await read;
    }
    return csvStream(TAXES_HEADER, once(this.repository.taxes(from, to)), taxLine);
  }
}
