import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiRegister, launchBrowser, navigate, newUser, newVisitor, settle, VIEWPORTS } from '../support/browser';
import { findFreeStay } from '../support/pages';
import { addDays, todayIn } from '../support/stay';

const ADMIN = { email: 'admin@example.com', password: 'admin123' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Issue 32: a guest completes the online check-in on a phone; the owner's arrivals show it complete. */
describe('online check-in', () => {
  it('a guest fills it on a phone, part by part; the admin sees it complete', async () => {
    const { token: admin } = await api<{ token: string }>('/auth/login', { method: 'POST', body: JSON.stringify(ADMIN) });
    const guest = await apiRegister(newUser());
    // A stay arriving within the week (the admin's arrivals list), entered by the owner for the guest's account.
    const rooms = await api<{ id: string; max_guests: number }[]>('/rooms');
    const weekEnd = addDays(todayIn('Europe/Brussels'), 6);
    let booked: { id: string; start_date: string } | undefined;
    for (const room of rooms.filter((candidate) => candidate.max_guests >= 2)) {
      const stay = await findFreeStay(room.id, 7, 1, true);
      if (stay.arrival > weekEnd) continue;
      booked = await api<{ id: string; start_date: string }>('/admin/bookings', {
        method: 'POST',
        token: admin,
        body: JSON.stringify({
          room_id: room.id,
          start_date: stay.arrival,
          end_date: stay.departure,
          adults: 1,
          children: 1,
          guest_email: guest.user.email,
          guest_name: `${guest.user.firstName} ${guest.user.name}`,
          ignore_rules: true,
        }),
      });
      break;
    }
    expect(booked, 'a room free within the week').toBeDefined();

    const { page, errors, context } = await newVisitor(browser, { viewport: VIEWPORTS.phone, token: guest.token });
    await navigate(page, '/my-bookings');
    const card = page.getByRole('article').filter({ hasText: booked!.id.slice(0, 8) });
    await card.getByTestId('check-in-status').getByText('Enregistrement non commencé').waitFor();
    await card.getByRole('link', { name: 'S’enregistrer en ligne' }).click();
    await page.waitForURL(`**/my-bookings/${booked!.id}/check-in`);
    await page.getByRole('heading', { level: 1, name: 'Enregistrement en ligne' }).waitFor();
    const missing = page.getByTestId('check-in-missing');
    await missing.getByText('Il manque encore 17 informations').waitFor();

    // The arrival and the adult first, saved part-way.
    await page.getByLabel('Heure d’arrivée prévue', { exact: true }).fill('17:45');
    const adult = page.getByRole('group', { name: 'Adulte 1' });
    await adult.getByLabel('Prénom(s)', { exact: true }).fill('Léa');
    await adult.getByLabel('Nom(s)', { exact: true }).fill('Martin');
    await adult.getByLabel('Sexe', { exact: true }).selectOption('female');
    await adult.getByLabel('Date de naissance', { exact: true }).fill('1992-04-12');
    await adult.getByLabel('Nationalité', { exact: true }).selectOption('BE');
    await adult.getByLabel('Pièce d’identité', { exact: true }).selectOption('id_card');
    await adult.getByLabel('Numéro du document', { exact: true }).fill('592-1234567-89');
    await adult.getByLabel('Pays de délivrance', { exact: true }).selectOption('BE');
    await adult.getByLabel('Pays de résidence', { exact: true }).selectOption('BE');
    await adult.getByLabel('Rue et numéro', { exact: true }).fill('Rue de Fer 12');
    await adult.getByLabel('Ville', { exact: true }).fill('Namur');
    await missing.getByText('Il manque encore 6 informations').waitFor();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Enregistrement sauvegardé').first().waitFor();

    // Then the child, tied to the adult: complete.
    const child = page.getByRole('group', { name: 'Enfant 1' });
    await child.getByLabel('Prénom(s)', { exact: true }).fill('Zoé');
    await child.getByLabel('Nom(s)', { exact: true }).fill('Martin');
    await child.getByLabel('Sexe', { exact: true }).selectOption('female');
    await child.getByLabel('Date de naissance', { exact: true }).fill(addDays(todayIn('Europe/Brussels'), -6 * 365));
    await child.getByLabel('Nationalité', { exact: true }).selectOption('BE');
    await child.getByLabel('Adulte', { exact: true }).selectOption('0');
    await child.getByLabel('Lien', { exact: true }).selectOption('parent');
    await missing.getByText('Tout est rempli : votre enregistrement est complet.').waitFor();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Enregistrement complet, merci !').first().waitFor();
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);

    await page.getByRole('link', { name: 'Retour à mes réservations' }).click();
    await settle(page);
    await card.getByTestId('check-in-status').getByText('Enregistrement complet').waitFor();
    expect(errors).toEqual([]);
    await context.close();

    // The owner's arrivals mark it complete.
    const owner = await newVisitor(browser, { token: admin });
    await navigate(owner.page, '/admin/availability');
    const arrival = owner.page.getByTestId('upcoming-check-in').filter({ hasText: guest.user.email });
    await arrival.getByTestId('check-in-mark').getByText('Enregistrement complet').waitFor();

    // The arrival day's screen: the stay complete, each traveller by name; the day exported for the authorities.
    await navigate(owner.page, '/admin/check-ins');
    await owner.page.getByLabel('Jour d’arrivée', { exact: true }).fill(booked!.start_date);
    const stay = owner.page.getByRole('article', { name: `${guest.user.firstName} ${guest.user.name}` });
    await stay.getByTestId('check-in-mark').getByText('Enregistrement complet').waitFor();
    expect(await stay.getByTestId('check-in-traveller').allTextContents()).toEqual(['Léa Martin(Adulte, complet)', 'Zoé Martin(Enfant, complet)']);
    const [download] = await Promise.all([owner.page.waitForEvent('download'), owner.page.getByRole('button', { name: 'Export pour les autorités (CSV)' }).click()]);
    expect(download.suggestedFilename()).toBe(`check-ins-${booked!.start_date}-${booked!.start_date}.csv`);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain(`${booked!.id},${booked!.start_date}`);
    expect(csv).toMatch(/Léa,Martin,female,1992-04-12,BE,id_card,592-1234567-89,BE,BE,Rue de Fer 12,Namur/);
    expect(owner.errors).toEqual([]);
    await owner.context.close();
  });
});
