import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A fake provider's HTTP server on 127.0.0.1: listening, its address, closing with every connection it holds. */
export abstract class FakeHttpServer {
  private server: Server | undefined;
  /** 0 until it listens the first time: then its port, kept for a restart (`listen` again after `closeServer`). */
  port = 0;

  protected abstract handle(request: IncomingMessage, response: ServerResponse): Promise<void>;

  protected async listen(): Promise<void> {
    const server = createServer((request, response) => void this.handle(request, response));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  protected async closeServer(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
