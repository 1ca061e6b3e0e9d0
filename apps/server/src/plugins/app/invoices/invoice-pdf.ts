import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import fr from '@roomweek/i18n/fr/invoices.json' with { type: 'json' };
import es from '@roomweek/i18n/es/invoices.json' with { type: 'json' };
import pt from '@roomweek/i18n/pt/invoices.json' with { type: 'json' };
import en from '@roomweek/i18n/en/invoices.json' with { type: 'json' };
import type { InvoiceDocument, InvoiceLine, Language } from '@roomweek/contract';

/** The PDF's words (packages/i18n/locales/*\/invoices.json, `pdf`); French is the source of every language's keys. */
type PdfTexts = (typeof fr)['pdf'];
const TEXTS: Record<Language, PdfTexts> = { fr: fr.pdf, es: es.pdf, pt: pt.pdf, en: en.pdf };
const LOCALES: Record<Language, string> = { fr: 'fr-FR', es: 'es-ES', pt: 'pt-PT', en: 'en-GB' };

/** A4 in points, its margins, the amount column's right edge. */
const PAGE: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const RIGHT = PAGE[0] - MARGIN;
const AMOUNT_WIDTH = 110;

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));

/** Money and dates in the document's language; the narrow and plain no-break spaces Intl writes become spaces. */
export function invoiceFormats(language: Language) {
  const locale = LOCALES[language];
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
  return {
    money: (cents: number) => spaces(money.format(cents / 100)),
    date: (day: string) => spaces(date.format(new Date(`${day}T00:00:00Z`))),
  };
}

/** The words of one line, in the document's language. */
export function lineText(line: InvoiceLine, language: Language): string {
  const t = TEXTS[language];
  const f = invoiceFormats(language);
  switch (line.kind) {
    case 'rent':
      return fill(t.line_rent, { start: f.date(line.start_date), end: f.date(line.end_date), nights: line.nights, price: f.money(line.price_per_week_cents) });
    case 'discount':
      return t.line_discount;
    case 'fee':
    case 'tax':
      return fill(t.line_charge, { name: line.name, quantity: line.quantity, unit: f.money(line.unit_cents) });
    case 'refund':
      return fill(t.line_refund, { number: line.invoice_number });
    case 'cancellation':
      return fill(t.line_cancellation, { number: line.credit_note_number });
    case 'part':
      return fill(t[`line_part_${line.part}`], { total: f.money(line.booking_total_cents) });
  }
}

/** Writes top-down on A4 pages, adding one when the page is full. */
class Writer {
  page: PDFPage;
  y = PAGE[1] - MARGIN;
  private readonly known: Set<number>;

  constructor(
    private readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = pdf.addPage(PAGE);
    this.known = new Set(regular.getCharacterSet());
  }

  /** A character the standard font (WinAnsi) cannot write becomes its letter without accent, else "?". */
  clean(text: string): string {
    return Array.from(text.normalize('NFC'), (char) => {
      if (this.known.has(char.codePointAt(0)!)) return char;
      const base = char.normalize('NFD').replace(/\p{M}/gu, '');
      return base && Array.from(base).every((c) => this.known.has(c.codePointAt(0)!)) ? base : '?';
    }).join('');
  }

  /** The text cut into lines no wider than `width`, at spaces (a word longer than the width is cut). */
  wrap(text: string, width: number, font: PDFFont, size: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r?\n/).map((part) => this.clean(part))) {
      let line = '';
      for (const word of paragraph.split(' ')) {
        const candidate = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
        else {
          lines.push(line);
          line = word;
        }
        while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
          let cut = line.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut -= 1;
          lines.push(line.slice(0, cut));
          line = line.slice(cut);
        }
      }
      lines.push(line);
    }
    return lines;
  }

  ensure(height: number): void {
    if (this.y - height < MARGIN) {
      this.page = this.pdf.addPage(PAGE);
      this.y = PAGE[1] - MARGIN;
    }
  }

  /** Writes `text` at `x`, wrapped to `width`; moves down. */
  text(text: string, options: { x?: number; width?: number; size?: number; bold?: boolean; gap?: number } = {}): void {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.regular;
    const x = options.x ?? MARGIN;
    for (const line of this.wrap(text, options.width ?? RIGHT - x, font, size)) {
      this.ensure(size + 4);
      this.page.drawText(line, { x, y: this.y - size, size, font, color: rgb(0.1, 0.1, 0.1) });
      this.y -= size + 4;
    }
    this.y -= options.gap ?? 0;
  }

  /** A row: a wrapped label on the left, an amount right-aligned on the same first line. */
  row(label: string, amount: string, options: { size?: number; bold?: boolean } = {}): void {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.regular;
    const cleanAmount = this.clean(amount);
    const lines = this.wrap(label, RIGHT - MARGIN - AMOUNT_WIDTH, font, size);
    this.ensure((size + 4) * lines.length);
    const top = this.y - size;
    // The label first, then its amount: a reader's text comes out in that order.
    for (const line of lines) {
      this.page.drawText(line, { x: MARGIN, y: this.y - size, size, font });
      this.y -= size + 4;
    }
    this.page.drawText(cleanAmount, { x: RIGHT - font.widthOfTextAtSize(cleanAmount, size), y: top, size, font });
  }

  rule(): void {
    this.ensure(8);
    this.page.drawLine({ start: { x: MARGIN, y: this.y - 2 }, end: { x: RIGHT, y: this.y - 2 }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
    this.y -= 8;
  }
}

/**
 * An issued document as an A4 PDF of real text (docs/decisions/0037-invoices.md), from its stored data only: the same
 * document always gives the same bytes (its dates are its issue's).
 */
export async function renderInvoicePdf(document: InvoiceDocument, issuedAt: Date): Promise<Uint8Array> {
  const language = document.language;
  const t = TEXTS[language];
  const f = invoiceFormats(language);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${document.kind === 'invoice' ? t.invoice : t.credit_note} ${document.number}`);
  pdf.setAuthor(document.seller.legal_name || document.number);
  pdf.setLanguage(LOCALES[language]);
  pdf.setProducer('pdf-lib');
  pdf.setCreator('roomweek');
  pdf.setCreationDate(issuedAt);
  pdf.setModificationDate(issuedAt);
  const w = new Writer(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold));

  w.text(document.kind === 'invoice' ? t.invoice : t.credit_note, { size: 20, bold: true, gap: 4 });
  w.text(`${t.number}: ${document.number}`, { bold: true });
  w.text(`${t.issue_date}: ${f.date(document.issue_date)}`, { gap: 10 });

  const top = w.y;
  const half = (RIGHT - MARGIN) / 2 - 10;
  const { seller, buyer } = document;
  w.text(t.seller, { size: 8, width: half });
  if (seller.legal_name) w.text(seller.legal_name, { bold: true, width: half });
  if (seller.address) w.text(seller.address, { width: half });
  if (seller.country) w.text(seller.country, { width: half });
  if (seller.vat_number) w.text(fill(t.vat_number, { value: seller.vat_number }), { width: half });
  if (seller.registration_number) w.text(fill(t.registration, { value: seller.registration_number }), { width: half });
  if (seller.email) w.text(seller.email, { width: half });
  if (seller.phone) w.text(seller.phone, { width: half });
  const sellerBottom = w.y;
  w.y = top;
  const buyerX = MARGIN + half + 20;
  w.text(t.buyer, { x: buyerX, size: 8 });
  // Billing details the guest gave: the company first, then the person, the address and the VAT number.
  if (buyer.company) w.text(buyer.company, { x: buyerX, bold: true, width: half });
  if (buyer.name) w.text(buyer.name, { x: buyerX, bold: !buyer.company });
  if (buyer.address) w.text(buyer.address, { x: buyerX, width: half });
  if (buyer.vat_number) w.text(fill(t.vat_number, { value: buyer.vat_number }), { x: buyerX, width: half });
  w.text(buyer.email, { x: buyerX });
  w.y = Math.min(w.y, sellerBottom) - 12;

  const booking = document.booking;
  w.text(fill(t.booking, { id: booking.id.slice(0, 8).toUpperCase(), start: f.date(booking.start_date), end: f.date(booking.end_date) }));
  if (document.corrects) w.text(fill(document.kind === 'credit_note' ? t.corrects_invoice : t.cancels_credit_note, { number: document.corrects }));
  w.y -= 10;

  w.row(t.description, t.amount, { bold: true, size: 9 });
  w.rule();
  for (const line of document.lines) w.row(lineText(line, language), f.money(line.amount_cents));
  w.rule();
  w.row(t.total, f.money(document.total_cents), { bold: true, size: 12 });
  for (const vat of document.vat) {
    w.row(fill(t.vat, { rate: new Intl.NumberFormat(LOCALES[language]).format(vat.rate_percent), base: f.money(vat.base_cents) }), f.money(vat.vat_cents), { size: 9 });
  }
  if (document.taxes_cents !== 0) w.row(t.taxes, f.money(document.taxes_cents), { size: 9 });
  w.y -= 8;
  const method = document.method === 'stripe' ? t.card : t[document.method];
  const paid = document.kind === 'credit_note' ? t.refunded : document.corrects ? t.charged : t.paid;
  w.text(fill(paid, { method }), { gap: 12 });

  const notes = seller.notes[language] || seller.notes.fr;
  if (notes) w.text(notes, { size: 8 });

  const pages = pdf.getPages();
  pages.forEach((page, index) => {
    const label = fill(t.page, { page: index + 1, pages: pages.length });
    page.drawText(label, { x: RIGHT - w.regular.widthOfTextAtSize(label, 7), y: MARGIN / 2, size: 7, font: w.regular });
  });
  return pdf.save({ useObjectStreams: false });
}
