import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiRegister, baseURL, launchBrowser, navigate, newVisitor, settle, VIEWPORTS } from '../support/browser';
import { addDays, todayIn } from '../support/stay';

/**
 * Issue 33: a guest whose stay ended (a stay the owner entered afterwards) writes a review from my bookings; the owner
 * replies; the room page shows the review with the reply.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ADMIN = { email: 'admin@example.com', password: 'admin123' };

describe('a verified review', () => {
  it('is written after the stay, answered by the owner, and shown on the room page', async () => {
    const { token, user } = await apiRegister();
    const { token: admin } = await api<{ token: string }>('/auth/login', { method: 'POST', body: JSON.stringify(ADMIN) });
    const [property] = await api<Array<{ id: string }>>('/properties');
    const rooms = await api<Array<{ id: string; room_number: string }>>(`/rooms?property_id=${property!.id}`);

    // A week that ended three days ago, in the first room free then (the owner records stays after the fact).
    const today = todayIn('Europe/Brussels');
    let roomId: string | undefined;
    for (const room of rooms) {
      try {
        await api('/admin/bookings', {
          method: 'POST',
          token: admin,
          body: JSON.stringify({ room_id: room.id, start_date: addDays(today, -10), end_date: addDays(today, -3), guest_email: user.email, guest_name: 'Reviewer' }),
        });
        roomId = room.id;
        break;
      } catch (error) {
        if (!String(error).includes('409')) throw error;
      }
    }
    expect(roomId).toBeDefined();

    const { page, errors, context } = await newVisitor(browser, { viewport: VIEWPORTS.phone, token });
    await navigate(page, '/my-bookings');
    await settle(page);
    await page.getByRole('button', { name: 'Donner mon avis' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Votre avis sur ce séjour' });
    await dialog.getByRole('radio', { name: '5 sur 5' }).click();
    // Markup and a script in the comment: text on every page, never markup.
    const comment = `Très calme, lumineux <b>et</b> propre </script><script>alert(1)</script> ${Date.now()}`;
    await dialog.getByLabel('Commentaire (facultatif)').fill(comment);
    await dialog.getByRole('button', { name: 'Publier' }).click();
    await page.getByText('Merci pour votre avis !').first().waitFor();

    // The owner answers it.
    const { reviews } = await api<{ reviews: Array<{ id: string; comment: string | null }> }>('/admin/reviews', { token: admin });
    const written = reviews.find((review) => review.comment === comment);
    expect(written).toBeDefined();
    await api(`/admin/reviews/${written!.id}/reply`, { method: 'PUT', token: admin, body: JSON.stringify({ reply: 'Merci, à bientôt !' }) });

    // The room page's HTML as the server sends it, before any script runs: the review there, escaped, in its language.
    const html = await (await fetch(`${baseURL()}/room/${roomId}`)).text();
    expect(html).not.toContain('<b>et</b>');
    expect(html).not.toContain('<script>alert(1)');
    const escaped = 'Très calme, lumineux &lt;b&gt;et&lt;/b&gt; propre &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;';
    const element = [...html.matchAll(/<p lang="(\w+)"[^>]*data-testid="review-comment">([^<]*)<\/p>/g)].find((match) => match[2]!.includes('lumineux'));
    expect(element?.[1]).toBe('fr');
    expect(element?.[2]).toMatch(new RegExp(`^${escaped.replace(/[()]/g, '\\$&')} \\d+$`));

    // The room page shows it, as text, with the reply.
    await navigate(page, `/room/${roomId}`);
    const section = page.getByTestId('reviews');
    const item = section.getByTestId('review').filter({ hasText: comment });
    await item.waitFor();
    await expect(item.getByTestId('review-comment').innerText()).resolves.toBe(comment);
    await expect(item.locator('b').count()).resolves.toBe(0);
    await expect(item.getByTestId('review-reply').innerText()).resolves.toContain('Merci, à bientôt !');

    expect(errors).toEqual([]);
    await context.close();
  });
});
