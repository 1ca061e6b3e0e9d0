import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding } from '../../src/plugins/external/json-compression.ts';
import { useTestApp } from '../helper.ts';

describe('JSON compression', () => {
  const t = useTestApp();

  it('picks brotli, else gzip, among what the client accepts', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip, br;q=0')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });

  it('compresses a JSON answer the client accepts compressed, and leaves it plain otherwise', async () => {
    const plain = await t.app.inject({ url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gzip = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('sends small answers as they are', async () => {
    const response = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
