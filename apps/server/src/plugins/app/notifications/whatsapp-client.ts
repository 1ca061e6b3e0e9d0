import http from 'node:http';
import https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import { DeliveryError } from './delivery-error.ts';

export type WhatsappDelivery = 'cloud_api' | 'log';

export interface WhatsappSender {
  readonly delivery: WhatsappDelivery;
  /** `to` is the number's digits only. Resolves once the provider accepted the message; throws a DeliveryError otherwise. */
  send(to: string, body: string): Promise<{ providerMessageId?: string }>;
}

/**
 * One POST on a connection of its own (no keep-alive: a pooled socket the provider closed would fail a request in a
 * way that cannot be told from a lost answer). Tells apart a request that never fully left (certainly not sent)
 * from one that was written and got no answer (outcome unknown).
 */
function postJson(url: URL, headers: Record<string, string>, body: string, timeoutMs: number): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    let written = false;
    let answered = false;
    const request = client.request(url, {
      method: 'POST',
      agent: false,
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), connection: 'close' },
    });
    const deadline = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    request.on('finish', () => {
      written = true;
    });
    request.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      const done = () => {
        clearTimeout(deadline);
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
      };
      // The status is the provider's answer; a body cut short does not change it.
      response.on('end', done);
      response.on('error', done);
      response.on('aborted', done);
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(deadline);
      if (answered) return;
      reject(
        new DeliveryError(`WhatsApp: ${error.code ?? 'error'}: ${error.message}`, {
          ambiguous: written,
          cause: error,
        }),
      );
    });
    request.end(body);
  });
}

/** WhatsApp Cloud API: `POST {apiUrl}/{phoneNumberId}/messages` with a bearer token, one text message. */
export class CloudApiWhatsapp implements WhatsappSender {
  readonly delivery = 'cloud_api' as const;

  constructor(
    private readonly options: { apiUrl: string; token: string; phoneNumberId: string; timeoutMs?: number },
  ) {}

  async send(to: string, body: string) {
    const url = new URL(`${this.options.apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(this.options.phoneNumberId)}/messages`);
    const response = await postJson(
      url,
      { authorization: `Bearer ${this.options.token}` },
      JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'text', text: { preview_url: false, body } }),
      this.options.timeoutMs ?? 20_000,
    );
    if (response.status >= 200 && response.status < 300) {
      // Accepted; an unreadable body does not change that.
      let id: string | undefined;
      try {
        id = (JSON.parse(response.text) as { messages?: { id?: string }[] }).messages?.[0]?.id;
      } catch {
        id = undefined;
      }
      return { providerMessageId: id };
    }
    let detail = response.text.slice(0, 300);
    try {
      const parsed = JSON.parse(response.text) as { error?: { message?: string; code?: number } };
      if (parsed.error) detail = `${parsed.error.code ?? ''} ${parsed.error.message ?? ''}`.trim();
    } catch {
      // not JSON: keep the raw start
    }
    // The provider answered that it did not take the message. A bad request (invalid number, outside the 24-hour
    // window) will not pass by retrying; an expired token, a rate limit or an outage may.
    throw new DeliveryError(`WhatsApp: HTTP ${response.status} ${detail}`, {
      permanent: response.status === 400 || response.status === 404 || response.status === 422,
    });
  }
}

/** Without WHATSAPP_TOKEN / WHATSAPP_PHONE_NUMBER_ID the owner's alert goes to the log. */
export class LogWhatsapp implements WhatsappSender {
  readonly delivery = 'log' as const;

  constructor(private readonly log: FastifyBaseLogger) {}

  async send(to: string, body: string) {
    this.log.info({ to, body }, 'WhatsApp message logged instead of sent (no WHATSAPP_TOKEN / WHATSAPP_PHONE_NUMBER_ID)');
    return {};
  }
}
