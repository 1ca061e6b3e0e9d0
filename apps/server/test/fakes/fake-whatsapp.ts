import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeHttpServer } from './fake-http.ts';

/** A message the fake Cloud API accepted. */
export interface AcceptedWhatsapp {
  id: string;
  phoneNumberId: string;
  authorization: string | undefined;
  body: {
    messaging_product: string;
    to: string;
    type: string;
    text: { body: string; preview_url?: boolean };
  };
}

/** ok: accepts; down: answers 503 like an outage; hang: takes the request and never answers. */
export type WhatsappMode = 'ok' | 'down' | 'hang';

/**
 * A local stand-in for the WhatsApp Cloud API: `POST /{phone-number-id}/messages` with a bearer token, answering as
 * Graph API does. `stop()` / `start()` take it off the network and back on the same port.
 */
export class FakeWhatsapp extends FakeHttpServer {
  readonly accepted: AcceptedWhatsapp[] = [];
  /** Every request that reached it, accepted or not. */
  requests = 0;
  mode: WhatsappMode = 'ok';
  private readonly hanging = new Set<ServerResponse>();

  static async start(): Promise<FakeWhatsapp> {
    const fake = new FakeWhatsapp();
    await fake.start();
    return fake;
  }

  override get url(): string {
    return `${super.url}/v21.0`;
  }

  async start(): Promise<void> {
    await this.listen();
  }

  async stop(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.hanging.clear();
    await this.closeServer();
  }

  protected async handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    this.requests++;
    const match = /^\/v21\.0\/([^/]+)\/messages$/.exec(request.url ?? '');
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (this.mode === 'hang') {
      this.hanging.add(response);
      return;
    }
    if (this.mode === 'down') return reply(503, { error: { message: 'Service temporarily unavailable', type: 'OAuthException', code: 2 } });
    if (request.method !== 'POST' || !match) return reply(404, { error: { message: 'Unknown path', code: 100 } });
    if (!request.headers.authorization?.startsWith('Bearer ')) return reply(401, { error: { message: 'Invalid OAuth access token', code: 190 } });
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as AcceptedWhatsapp['body'];
    if (body.messaging_product !== 'whatsapp' || body.type !== 'text' || !/^\d{8,15}$/.test(body.to)) {
      return reply(400, { error: { message: 'Invalid parameter', code: 100 } });
    }
    const id = `wamid.fake${this.accepted.length + 1}`;
    this.accepted.push({ id, phoneNumberId: match[1]!, authorization: request.headers.authorization, body });
    reply(200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id }] });
  }
}
