import { z } from 'zod';
import { API_PREFIX, type ContractRoute } from '@roomweek/contract';

/** mulberry32: a small seeded PRNG, so a failing run can be replayed with its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One generated call: what `app.inject` takes, plus a label that says how it was made. */
export interface HostileRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  label: string;
}

/**
 * Values that pass fields' validation (real ids, dates, names…): each field takes those its own schema accepts, so a
 * call can pass every check but one and reach the rules and the SQL behind them.
 */
export interface Plausible {
  values: unknown[];
}

const deep = (depth: number, leaf: unknown): unknown => (depth === 0 ? leaf : { a: deep(depth - 1, leaf) });

/** Values no field expects: wrong types, extremes, unicode and control characters, very long and nested data. */
const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  -0.001,
  1.005,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 63),
  1e308,
  -1e308,
  '',
  ' ',
  '\u0000',
  'nul\u0000inside',
  '\u0001\u0007\u001b[31m\u007f',
  '\uD800',
  '\u202Egnp.exe',
  'zero\u200Bwidth\uFEFF',
  'Ṁöñ𝕥 Blanc 🏔️👨‍👩‍👧 حمام 東京',
  "' OR 1=1 --",
  '"; drop table bookings; --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '${7*7}{{7*7}}%s%n',
  'a'.repeat(100_000),
  '😀'.repeat(25_000),
  '\u0000'.repeat(1000),
  '0000-00-00',
  '2025-02-30',
  '9999-12-31',
  '-000001-01-01',
  '2026-13-45T25:61:00Z',
  'x'.repeat(300) + '@example.com',
  'NaN',
  '-Infinity',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  [],
  [null],
  Array.from({ length: 5000 }, (_, i) => i),
  {},
  { $gt: '' },
  deep(64, 'x'),
  [[[[[[[['x']]]]]]]],
];

/** Fields a client should never be able to set. */
const EXTRA_FIELDS: Record<string, unknown> = {
  role: 'admin',
  is_admin: true,
  id: '00000000-0000-0000-0000-000000000001',
  user_id: '00000000-0000-0000-0000-000000000001',
  status: 'confirmed',
  total_price: 0,
  price_per_week_cents: -1,
  archived_at: null,
  constructor: { prototype: { polluted: true } },
};

/** Query strings that parse oddly: arrays, brackets, malformed escapes, huge or duplicate values. */
const RAW_QUERIES = [
  'a[b][c]=1&a[b][c]=2',
  'property_id=1&property_id=2',
  '%ZZ=%E0%A4%A',
  'limit=1e309&offset=-1&status=',
  'q=%00%01%02',
  `q=${'x'.repeat(20_000)}`,
  'start=2026-01-01&end=2025-01-01',
  '__proto__[role]=admin&constructor[prototype][x]=1',
  '=&&=&',
];

/** Path parameters: valid-looking and not, encoded and raw. */
const RAW_PARAMS = [
  'not-a-uuid',
  '0',
  '-1',
  '1e309',
  'null',
  '%00',
  '%ZZ',
  '..%2F..%2Fetc%2Fpasswd',
  encodeURIComponent('Ṁöñ𝕥 🏔️'),
  'a'.repeat(5000),
  '00000000-0000-0000-0000-000000000000',
  'DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF',
  '%20',
];

/** Bodies sent as JSON text: broken, prototype-poisoning, or nested very deep. */
const RAW_JSON_TEXTS = [
  '{"a":',
  "{'a': 1}",
  'NaN',
  '\u0000',
  '{"a":1}{"b":2}',
  '{"__proto__":{"role":"admin"},"a":1}',
  '{"constructor":{"prototype":{"role":"admin"}}}',
  '['.repeat(5000) + ']'.repeat(5000),
];

/** Headers a caller may add: forged provider signatures, a spoofed client address, a method override. */
const HOSTILE_HEADERS: Record<string, string>[] = [
  { 'stripe-signature': `t=abc,v1=${'f'.repeat(64)},v0=` },
  {
    'paypal-transmission-id': "' OR 1=1 --",
    'paypal-transmission-time': 'yesterday',
    'paypal-transmission-sig': 'AAAA',
    'paypal-cert-url': 'http://evil.example/cert.pem',
    'paypal-auth-algo': 'none',
  },
  { 'x-forwarded-for': '127.0.0.1, 10.0.0.1', 'x-real-ip': '::1' },
  { 'x-http-method-override': 'DELETE' },
];

/** Lone surrogates made into U+FFFD, where a URL or a header needs well-formed text. */
const wellFormed = (text: string) => text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** The fields a zod object schema declares, each with its own schema (a wrapped object is unwrapped); none otherwise. */
function fieldsOf(schema: z.ZodType | undefined): [string, z.ZodType][] {
  let current: unknown = schema;
  for (let i = 0; i < 5 && current; i++) {
    if (current instanceof z.ZodObject) return Object.entries(current.shape as Record<string, z.ZodType>);
    const def = (current as { def?: { innerType?: unknown; in?: unknown; schema?: unknown } }).def;
    current = def?.innerType ?? def?.in ?? def?.schema;
  }
  return [];
}

/** A field and the plausible values its own schema accepts: a body made of these passes validation. */
interface Field {
  name: string;
  valid: unknown[];
}

/** Makes the hostile calls of a route, from its contract entry only: a route added to the table is covered as it is. */
export class HostileGenerator {
  private readonly fields = new Map<z.ZodType, Field[]>();

  constructor(
    private readonly random: () => number,
    private readonly plausible: Plausible,
  ) {}

  private pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)]!;
  }

  private chance(p: number): boolean {
    return this.random() < p;
  }

  private text(value: unknown): string {
    return wellFormed(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  }

  private fieldsOf(schema: z.ZodType | undefined): Field[] {
    if (!schema) return [];
    let fields = this.fields.get(schema);
    if (!fields) {
      fields = fieldsOf(schema).map(([name, field]) => ({ name, valid: this.plausible.values.filter((value) => field.safeParse(value).success) }));
      this.fields.set(schema, fields);
    }
    return fields;
  }

  /** A value the field accepts when there is one, else any plausible one. */
  private validValue(field: Field): unknown {
    return field.valid.length ? this.pick(field.valid) : this.pick(this.plausible.values);
  }

  /**
   * Values for `fields`: all valid but one hostile (the most telling case: it passes every check but one), or one
   * missing, or each one at random, or all valid plus fields nobody may set.
   */
  private values(fields: Field[]): { values: Record<string, unknown>; how: string } {
    const values: Record<string, unknown> = Object.fromEntries(fields.map((field) => [field.name, this.validValue(field)]));
    const target = fields.length ? this.pick(fields).name : 'extra';
    const roll = this.random();
    if (roll < 0.55) {
      const value = this.pick(HOSTILE_VALUES);
      values[target] = value;
      return { values, how: `${target}=${this.text(value).slice(0, 24)}` };
    }
    if (roll < 0.7) {
      delete values[target];
      return { values, how: `no ${target}` };
    }
    if (roll < 0.85) {
      for (const field of fields) {
        if (this.chance(0.2)) delete values[field.name];
        else if (this.chance(0.5)) values[field.name] = this.pick(HOSTILE_VALUES);
      }
      return { values, how: `fields at random: ${Object.keys(values).join(',') || '(none)'}` };
    }
    return { values: { ...values, ...EXTRA_FIELDS }, how: 'extra fields' };
  }

  private pathParam(field: Field | undefined): { text: string; how: string } {
    if (field?.valid.length && this.chance(0.5)) return { text: encodeURIComponent(String(this.pick(field.valid))), how: 'valid param' };
    if (this.chance(0.2)) return { text: encodeURIComponent(this.text(this.pick(HOSTILE_VALUES))).slice(0, 3000), how: 'hostile value' };
    const raw = this.pick(RAW_PARAMS);
    return { text: raw, how: `param ${raw.slice(0, 24)}` };
  }

  private query(route: ContractRoute): { text: string; how: string } | null {
    const fields = this.fieldsOf(route.querystring);
    if (!fields.length && !this.chance(0.2)) return null;
    if (this.chance(0.3)) {
      const raw = this.pick(RAW_QUERIES);
      return { text: raw, how: `query ${raw.slice(0, 30)}` };
    }
    const { values, how } = this.values(fields);
    const text = Object.entries(values)
      .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(this.text(value).slice(0, 20_000))}`)
      .join('&');
    return { text, how: `query ${how}` };
  }

  private body(route: ContractRoute): { payload?: string | Buffer; contentType?: string; how: string } {
    const roll = this.random();
    if (roll < 0.6) {
      const { values, how } = this.values(this.fieldsOf(route.body));
      return { payload: JSON.stringify(values), contentType: 'application/json', how };
    }
    if (roll < 0.68) {
      const root = this.pick(HOSTILE_VALUES);
      return { payload: JSON.stringify(root) ?? 'null', contentType: 'application/json', how: `root ${this.text(root).slice(0, 24)}` };
    }
    if (roll < 0.76) {
      const text = this.pick(RAW_JSON_TEXTS);
      return { payload: text, contentType: 'application/json', how: `raw json ${text.slice(0, 24)}` };
    }
    if (roll < 0.8) return { payload: '', contentType: 'application/json', how: 'empty json body' };
    if (roll < 0.86) {
      const boundary = '----hostile';
      const part = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xffnot really\r\n`;
      const payload = this.chance(0.5) ? `${part}--${boundary}--\r\n` : part; // the second one is cut short
      return { payload, contentType: `multipart/form-data; boundary=${boundary}`, how: 'multipart' };
    }
    if (roll < 0.9) return { payload: 'multipart without a boundary', contentType: 'multipart/form-data', how: 'multipart, no boundary' };
    if (roll < 0.93) return { payload: 'a=1&role=admin', contentType: 'application/x-www-form-urlencoded', how: 'form-urlencoded' };
    if (roll < 0.97) {
      const { values } = this.values(this.fieldsOf(route.body));
      const contentType = this.pick(['text/plain', 'application/xml', 'application/json; charset=utf-16', 'application/jsonx']);
      return { payload: JSON.stringify(values), contentType, how: `as ${contentType}` };
    }
    return { payload: Buffer.alloc(1024 * 1024 + 10, 0x61), contentType: 'application/json', how: 'over the body limit' };
  }

  /** One hostile call of `route`; the caller adds the role's token. */
  request(route: ContractRoute): HostileRequest {
    const hows: string[] = [];
    const params = this.fieldsOf(route.params);
    const url = `${API_PREFIX}${route.path}`.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
      const param = this.pathParam(params.find((field) => field.name === name));
      hows.push(param.how);
      return param.text;
    });
    const query = this.query(route);
    if (query) hows.push(query.how);
    const headers: Record<string, string> = {};
    let payload: string | Buffer | undefined;
    if (route.method === 'POST' || route.method === 'PUT' || this.chance(0.1)) {
      const body = this.body(route);
      payload = body.payload;
      if (body.contentType) headers['content-type'] = body.contentType;
      hows.push(body.how);
    }
    if (this.chance(0.15)) Object.assign(headers, this.pick(HOSTILE_HEADERS));
    if (this.chance(0.15)) headers['accept-language'] = this.pick(['xx', '*;q=abc', 'fr-FR;q=0.8,'.repeat(500), 'en\u0000']);
    return { method: route.method, url: query ? `${url}?${query.text}` : url, headers, payload, label: hows.join(' · ') || 'no parameter, no body' };
  }

  /** Authorization headers of a caller who is nobody: none, or a broken or forged token. */
  anonymousAuthorization(): string | undefined {
    return this.pick([
      undefined,
      'Bearer',
      'Bearer not.a.token',
      'Basic YWRtaW46YWRtaW4xMjM=',
      // alg "none", role admin, no signature
      'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIwMDAwMDAwMC0wMDAwLTAwMDAtMDAwMC0wMDAwMDAwMDAwMDEiLCJyb2xlIjoiYWRtaW4ifQ.',
      `Bearer ${'x'.repeat(10_000)}`,
    ]);
  }
}
