import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { InvoiceSummary } from '@roomweek/contract';
import { bearer } from '../helper.ts';

/** The business the tests issue under (accents in every field the PDF writes). */
export const BUSINESS = {
  legal_name: 'Maison Éloïse & Conceição Lda',
  address: 'Rua da Alegria 12\n1250-004 Lisboa',
  country: 'PT',
  vat_number: 'PT 123456789',
  registration_number: 'CRC Lisboa 5123',
  email: 'factures@example.com',
  phone: '+351 912 345 678',
  invoice_prefix: 'TST',
  invoice_notes: { fr: 'Merci de votre séjour.', es: 'Gracias por su estancia, señor.', pt: 'Obrigado pela sua estadia.', en: 'Thank you for staying.' },
};

export async function setBusiness(app: FastifyInstance, admin: string, body: Record<string, unknown> = BUSINESS): Promise<void> {
  const response = await app.inject({ method: 'PUT', url: '/api/admin/business', headers: bearer(admin), payload: body });
  if (response.statusCode !== 200) throw new Error(`business not saved: ${response.body}`);
}

export const listInvoices = (app: FastifyInstance, token: string | undefined, bookingId: string) =>
  app.inject({ url: `/api/bookings/${bookingId}/invoices`, headers: token ? bearer(token) : {} });

export async function invoicesOf(app: FastifyInstance, token: string, bookingId: string): Promise<InvoiceSummary[]> {
  const response = await listInvoices(app, token, bookingId);
  if (response.statusCode !== 200) throw new Error(`invoices not listed: ${response.statusCode} ${response.body}`);
  return response.json<InvoiceSummary[]>();
}

export const getPdf = (app: FastifyInstance, token: string | undefined, url: string) => app.inject({ url, headers: token ? bearer(token) : {} });

/** A PDF's bytes, fetched as its guest or an admin would. */
export async function pdfBytes(app: FastifyInstance, token: string, url: string): Promise<Buffer> {
  const response = await getPdf(app, token, url);
  if (response.statusCode !== 200) throw new Error(`pdf not served: ${response.statusCode} ${response.body}`);
  return response.rawPayload;
}

/** pdf.js's own metrics of the 14 standard fonts (the site's PDFs use Helvetica). */
const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The text of every page, one line per text run, as a PDF reader (pdf.js) extracts it; and the page sizes. */
export async function pdfText(bytes: Uint8Array): Promise<{ text: string; sizes: number[][] }> {
  const document = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, useSystemFonts: false, isEvalSupported: false }).promise;
  const runs: string[] = [];
  const sizes: number[][] = [];
  for (let n = 1; n <= document.numPages; n += 1) {
    const page = await document.getPage(n);
    sizes.push(page.view.slice(2).map((v) => Math.round(v)));
    const content = await page.getTextContent();
    for (const item of content.items) if ('str' in item && item.str.trim()) runs.push(item.str);
  }
  await document.destroy();
  return { text: runs.join('\n'), sizes };
}

/** The number `n` of a series in a year, as the site writes it. */
export const invoiceNumber = (year: string, n: number, prefix = 'TST') => `${prefix}-${year}-${String(n).padStart(5, '0')}`;
export const creditNoteNumber = (year: string, n: number, prefix = 'TST') => `${prefix}-${year}-C${String(n).padStart(5, '0')}`;
