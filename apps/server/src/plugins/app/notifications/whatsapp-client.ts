import type { FastifyBaseLogger } from 'fastify';
import { DeliveryError } from './delivery-error.ts';

export type WhatsappDelivery = 'cloud_api' | 'log';

export interface WhatsappSender {
  readonly delivery: WhatsappDelivery;
  /** `to` is the number's digits only. Resolves once the provider accepted the message; throws a DeliveryError otherwise. */
  send(to: string, body: string): Promise<{ providerMessageId?: string }>;
}

/** Errors raised before any byte reached the provider: the message was certainly not sent. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** WhatsApp Cloud API: `POST {apiUrl}/{phoneNumberId}/messages` with a bearer token, one text message. */
export class CloudApiWhatsapp implements WhatsappSender {
  readonly delivery = 'cloud_api' as const;

  constructor(
    private readonly options: { apiUrl: string; token: string; phoneNumberId: string; timeoutMs?: number },
  ) {}

  async send(to: string, body: string) {
    const url = `${this.options.apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(this.options.phoneNumberId)}/messages`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.options.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to,
          type: 'text',
          text: { preview_url: false, body },
        }),
        // Longer than undici's 10 s connect timeout, so an unreachable provider reports as such, not as a timeout.
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 20_000),
      });
    } catch (error) {
      const code = causeCode(error);
      const sent = !(code && NOT_CONNECTED.has(code));
      throw new DeliveryError(`WhatsApp: ${code ?? (error as Error).name}: ${(error as Error).message}`, { ambiguous: sent, cause: error });
    }
    const text = await response.text().catch(() => '');
    if (response.ok) {
      // Accepted; an unreadable body does not change that.
      let id: string | undefined;
      try {
        id = (JSON.parse(text) as { messages?: { id?: string }[] }).messages?.[0]?.id;
      } catch {
        id = undefined;
      }
      return { providerMessageId: id };
    }
    let detail = text.slice(0, 300);
    try {
      const parsed = JSON.parse(text) as { error?: { message?: string; code?: number } };
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
