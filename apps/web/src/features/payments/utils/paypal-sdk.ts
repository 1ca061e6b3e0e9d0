/** The part of PayPal's JS SDK (window.paypal) the wallet buttons use. */
export interface PaypalButtonsOptions {
  style?: { layout?: 'vertical' | 'horizontal'; label?: 'paypal' | 'pay' | 'checkout'; shape?: 'rect' | 'pill'; height?: number };
  createOrder: () => Promise<string>;
  onApprove: (data: { orderID: string }) => Promise<void>;
  onCancel?: () => void;
  onError?: (error: unknown) => void;
}

export interface PaypalButtonsInstance {
  render: (container: HTMLElement) => Promise<void>;
  close: () => Promise<void>;
}

export interface PaypalNamespace {
  Buttons: (options: PaypalButtonsOptions) => PaypalButtonsInstance;
}

declare global {
  interface Window {
    paypal?: PaypalNamespace;
  }
}

export const PAYPAL_SDK_URL = 'https://www.paypal.com/sdk/js';

let loading: { clientId: string; promise: Promise<PaypalNamespace> } | null = null;

/**
 * Loads PayPal's JS SDK once (EUR, capture), only when the PayPal tab is shown: the client id comes from the
 * public config, never a secret. A failed load can be retried.
 */
export function loadPaypalSdk(clientId: string): Promise<PaypalNamespace> {
  if (loading?.clientId === clientId) return loading.promise;
  if (window.paypal && !loading) return Promise.resolve(window.paypal);
  const promise = new Promise<PaypalNamespace>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${PAYPAL_SDK_URL}?${new URLSearchParams({ 'client-id': clientId, currency: 'EUR', intent: 'capture', components: 'buttons' })}`;
    script.async = true;
    script.onload = () => (window.paypal ? resolve(window.paypal) : reject(new Error('PayPal SDK loaded without window.paypal')));
    script.onerror = () => {
      script.remove();
      loading = null;
      reject(new Error('PayPal SDK failed to load'));
    };
    document.head.append(script);
  });
  loading = { clientId, promise };
  return promise;
}
