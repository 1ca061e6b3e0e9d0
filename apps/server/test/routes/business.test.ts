import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessSettings, PublicConfig } from '@roomweek/contract';
import { bearer, buildTestApp, loginAdmin, registerUser, type TestApp } from '../helper.ts';
import { expectError } from '../support.ts';

const DETAILS = {
  legal_name: 'Casa Alfama Lda',
  address: 'Rua de São Miguel 12\n1100-544 Lisboa',
  country: 'pt',
  vat_number: 'PT 509 123 456',
  registration_number: 'AL 12345/2019',
  email: 'Owner@Casa-Alfama.example',
  phone: '+351 912 345 678',
  invoice_prefix: 'ca',
  invoice_notes: { fr: 'Merci de votre séjour.', es: '', pt: 'Obrigado pela sua estadia.', en: 'Thank you for staying.' },
};

/** GET/PUT /admin/business and the business in the public config (issue 29 §1). */
describe('the business details', () => {
  let t: TestApp;
  let admin: string;
  let client: string;
  const get = (token: string | null = admin) => t.app.inject({ url: '/api/admin/business', headers: token ? bearer(token) : {} });
  const put = (payload: unknown, token: string | null = admin) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/business', headers: token ? bearer(token) : {}, payload: payload as object });
  const publicConfig = async () => (await t.app.inject({ url: '/api/config' })).json<PublicConfig>();

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAdmin(t.app);
    client = (await registerUser(t.app)).token;
  });
  afterAll(() => t.close());

  it('starts empty with the RW prefix, and names no business in public', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      legal_name: '',
      address: '',
      country: '',
      vat_number: '',
      registration_number: '',
      email: '',
      phone: '',
      invoice_prefix: 'RW',
      invoice_notes: { fr: '', es: '', pt: '', en: '' },
    });
    expect((await publicConfig()).business).toBeNull();
  });

  it('is the admin\'s only: a visitor is asked to sign in, a guest refused, and nothing changes', async () => {
    expectError(await get(null), 401, 'unauthorized');
    expectError(await get(client), 403, 'forbidden');
    expectError(await put(DETAILS, null), 401, 'unauthorized');
    expectError(await put(DETAILS, client), 403, 'forbidden');
    expect((await get()).json<BusinessSettings>().legal_name).toBe('');
  });

  it('keeps what the admin saves (codes upper-cased, the e-mail lower-cased) and shows the public part to everyone at once', async () => {
    expect((await publicConfig()).business).toBeNull(); // cached now
    const response = await put(DETAILS);
    expect(response.statusCode).toBe(200);
    const saved = { ...DETAILS, country: 'PT', email: 'owner@casa-alfama.example', invoice_prefix: 'CA' };
    expect(response.json()).toEqual(saved);
    expect((await get()).json()).toEqual(saved);
    // The public config drops its cached answer on the change; it carries no invoice settings.
    expect((await publicConfig()).business).toEqual({
      legal_name: 'Casa Alfama Lda',
      address: 'Rua de São Miguel 12\n1100-544 Lisboa',
      country: 'PT',
      vat_number: 'PT 509 123 456',
      registration_number: 'AL 12345/2019',
      email: 'owner@casa-alfama.example',
      phone: '+351 912 345 678',
    });
  });

  it('replaces the whole record: a field left out takes its default', async () => {
    const response = await put({ legal_name: 'Sablon House SRL', country: 'BE' });
    expect(response.json<BusinessSettings>()).toMatchObject({ legal_name: 'Sablon House SRL', country: 'BE', address: '', invoice_prefix: 'RW', email: '' });
  });

  it.each([
    ['country', { country: 'XX' }],
    ['country', { country: 'UK' }],
    ['country', { country: 'Portugal' }],
    ['country', { country: 3 }],
    ['email', { email: 'not-an-address' }],
    ['phone', { phone: 'call me' }],
    ['invoice_prefix', { invoice_prefix: 'RW-2027' }],
    ['invoice_prefix', { invoice_prefix: '' }],
    ['invoice_prefix', { invoice_prefix: 'A'.repeat(11) }],
    ['vat_number', { vat_number: 'PT<script>' }],
    ['legal_name', { legal_name: 'x'.repeat(201) }],
    ['address', { address: 'x'.repeat(100_000) }],
    ['invoice_notes.fr', { invoice_notes: { fr: 'x'.repeat(1001) } }],
    ['invoice_notes', { invoice_notes: 'merci' }],
    ['legal_name', { legal_name: ['a'] }],
  ])('refuses a bad %s with 400 naming it, and keeps what was saved', async (field, change) => {
    const before = (await get()).json<BusinessSettings>();
    const response = await put({ ...DETAILS, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_error', field });
    expect((await get()).json()).toEqual(before);
  });
});
