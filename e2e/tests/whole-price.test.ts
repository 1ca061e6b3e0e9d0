import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiRegister, launchBrowser, navigate, newVisitor, settle, VIEWPORTS } from '../support/browser';
import { findFreeStay } from '../support/pages';

/**
 * Issue 27 in Portuguese: the room page prices a week for 2 adults and 1 child with its rent, the cleaning fee and
 * Lisbon's tourist tax (children exempt), and my bookings shows the same lines once booked.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Spaces as one plain space (prices are written with a no-break space before the euro sign). */
const fold = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The texts of a price list's rows, as "term | value" (line breaks inside a term folded). */
async function rowsOf(list: Locator): Promise<string[]> {
  const rows = list.locator(':scope > div');
  const texts: string[] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const [term, value] = await Promise.all([rows.nth(i).locator('dt').innerText(), rows.nth(i).locator('dd').innerText()]);
    texts.push(`${fold(term)} | ${fold(value)}`);
  }
  return texts;
}

describe('the whole price in Portuguese', () => {
  it('shows rent, cleaning fee and tourist tax for 2 adults and 1 child, and the booking keeps them', async () => {
    const alfama = (await api<Array<{ id: string; name: string }>>('/properties')).find((property) => property.name === 'Casa Alfama');
    expect(alfama).toBeDefined();
    const room = (await api<Array<{ id: string; room_number: string; price_per_week: number }>>(`/rooms?property_id=${alfama!.id}`)).find(
      (candidate) => candidate.room_number === 'A2',
    );
    expect(room).toBeDefined();
    const { arrival, departure } = await findFreeStay(room!.id, 7, 20, true);

    const { token } = await apiRegister();
    const { page, errors, context } = await newVisitor(browser, { viewport: VIEWPORTS.phone, token, language: 'pt' });
    await navigate(page, `/room/${room!.id}?start_date=${arrival}&end_date=${departure}&guests=2`);
    await settle(page);
    await page.getByRole('group', { name: 'Crianças' }).getByRole('button', { name: 'Mais um: Crianças' }).click();
    await expect(page.getByRole('group', { name: 'Adultos' }).getByRole('status').innerText()).resolves.toBe('2');

    // A week of rent, cleaning once, the tax for 2 adults × 7 nights (the child exempt).
    const rent = room!.price_per_week;
    const euros = (amount: number) => `${amount.toFixed(2).replace('.', ',')} €`;
    const summary = page.getByRole('region', { name: 'Resumo da estadia' });
    await summary.getByText('Limpeza').waitFor();
    const lines = await rowsOf(summary.locator('dl'));
    expect(lines).toContain(`Limpeza 1 × ${euros(50)} | ${euros(50)}`);
    expect(lines).toContain(`Taxa turística 14 × ${euros(4)} | ${euros(56)}`);
    expect(fold(await summary.getByTestId('stay-total').innerText())).toBe(euros(rent + 50 + 56));

    // Booked on site: my bookings shows the same lines.
    await page.getByRole('button', { name: 'Reservar e pagar no local' }).click();
    await page.getByText('Reserva criada com sucesso').first().waitFor();
    await page.waitForURL('**/my-bookings');
    await settle(page);
    // The price lines' texts load with them (pricing.json): wait for the rows.
    const card = page.getByRole('article').filter({ has: page.getByTestId('price-lines') }).first();
    await card.getByTestId('price-lines').locator(':scope > div').nth(2).waitFor();
    const kept = await rowsOf(card.getByTestId('price-lines'));
    // (compared without spaces: the card sets the count beside the name by a margin, the summary below it)
    const squash = (rows: string[]) => rows.map((row) => row.replace(/\s+/g, ''));
    expect(squash(kept)).toEqual(squash([`Aluguer | ${euros(rent)}`, `Limpeza 1 × ${euros(50)} | ${euros(50)}`, `Taxa turística 14 × ${euros(4)} | ${euros(56)}`]));
    await expect(card.getByTestId('booking-party').innerText()).resolves.toBe('2 adultos, 1 criança');

    expect(errors).toEqual([]);
    await context.close();
  });
});
