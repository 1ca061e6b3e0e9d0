import { FakeStripe } from '../../apps/server/test/fakes/fake-stripe';
import { startSite, type Site } from './site-server';

export interface PaymentSite {
  baseURL: string;
  stripe: FakeStripe;
  api: <T>(pathname: string, init?: RequestInit & { token?: string }) => Promise<T>;
  stop: () => Promise<void>;
}

/**
 * A site of its own for payment journeys: the built app started as `npm start` would (fresh data dir, demo data),
 * with Stripe pointed at a local fake (STRIPE_SECRET_KEY + STRIPE_API_URL) whose hosted checkout page pays the
 * session and returns to the site's success URL, as Stripe Checkout does. The global setup has built the web app.
 */
export async function startPaymentSite(): Promise<PaymentSite> {
  const stripe = await FakeStripe.start();
  let site: Site;
  try {
    site = await startSite({ env: stripe.env() });
  } catch (error) {
    await stripe.close();
    throw error;
  }
  const { baseURL } = site;
  const stop = async () => {
    await site.stop();
    await stripe.close();
  };

  const api = async <T>(pathname: string, init: RequestInit & { token?: string } = {}): Promise<T> => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
    if (init.body) headers.set('Content-Type', 'application/json');
    const response = await fetch(`${baseURL}/api${pathname}`, { ...init, headers });
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${pathname}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return { baseURL, stripe, api, stop };
}
