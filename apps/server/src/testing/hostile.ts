/**
 * Hostile requests built from the OpenAPI document (SECURITY.md 30): for every
 * operation, each path parameter, query parameter and body field in turn gets
 * a hostile value while the others keep a plausible one, in every body
 * encoding the operation accepts; plus broken bodies (truncated multipart,
 * invalid JSON). `sample` picks a reproducible subset by seed.
 */
import type { InjectOptions } from 'fastify';

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  default?: unknown;
};

type Parameter = { in: 'path' | 'query' | 'header'; name: string; schema?: JsonSchema; required?: boolean };
export type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  /** Body schema per content type. */
  bodies: Record<string, JsonSchema>;
};

export type OpenApiDoc = {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
  >;
};

export function operationsOf(doc: OpenApiDoc): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      bodies: Object.fromEntries(
        Object.entries(op.requestBody?.content ?? {}).map(([type, c]) => [type, c.schema ?? {}]),
      ),
    })),
  );
}

/** The hostile values, by kind: every field meets each of them. */
export const HOSTILE: Record<string, unknown> = {
  object: { $gt: '' },
  array: ['a', 'b'],
  boolean: true,
  empty: '',
  null: null,
  long: 'x'.repeat(20_000),
  'long digits': '9'.repeat(400),
  nul: 'a\u0000b',
  'lone surrogate': 'a\ud800b',
  sql: "1' OR '1'='1'; DROP TABLE users; --",
  html: '<script>alert(1)</script><img src=x onerror=alert(1)>',
  negative: -1,
  fractional: 1.5,
  huge: 1e308,
  'huge negative': -1e308,
  'beyond int32': 2_147_483_648,
  'not a number': 'NaN',
  exponent: '1e999',
  bidi: '\u202eabc\u202c',
};

/** Values for a path parameter (they end up in the URL, so they are strings). */
export const HOSTILE_PATH = ['abc', '-1', '0', '1.5', '99999999999999999999', '1%00', '%F0%9F', "1'--", '1'];

const first = (s: JsonSchema): JsonSchema => s.allOf?.[0] ?? s.anyOf?.find((x) => x.type !== 'null') ?? s;
const typeOf = (s: JsonSchema) => {
  const t = first(s).type ?? s.type;
  return Array.isArray(t) ? t.find((x) => x !== 'null') : t;
};

/** A value the schema plausibly accepts, so that the other fields do not hide the hostile one. */
export function plausible(schema: JsonSchema, name = ''): unknown {
  const s = first(schema);
  if (s.enum?.length) return s.enum[0];
  if (schema.default !== undefined) return schema.default;
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1, (s.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    case 'array':
      return s.items ? [plausible(s.items)] : [];
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, plausible(v, k)]));
    default: {
      if (/email/.test(name) || s.format === 'email') return 'someone@example.com';
      if (/phone/.test(name)) return '500000099';
      if (/country_code/.test(name)) return '966';
      if (/date|_at$|from|to$/.test(name)) return '2030-01-01';
      if (/url|link/.test(name)) return 'https://example.com/';
      const patterns = [schema.pattern, ...(schema.allOf ?? []).map((x) => x.pattern)].join(' ');
      if (/\\d/.test(patterns)) return '5'.repeat(Math.max(s.minLength ?? 0, 9));
      return 'abcde'.padEnd(Math.min(Math.max(s.minLength ?? 5, 5), s.maxLength ?? 100), 'x');
    }
  }
}

export type HostileCase = { label: string; request: InjectOptions };

const BOUNDARY = 'hostileBoundary7MA4YWxk';

function multipart(fields: Record<string, unknown>): string {
  const parts = Object.entries(fields).map(
    ([k, v]) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${typeof v === 'string' ? v : JSON.stringify(v)}\r\n`,
  );
  const file = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n<svg xmlns="http://www.w3.org/2000/svg"/>\r\n`;
  return `${parts.join('')}${file}--${BOUNDARY}--\r\n`;
}

/** Form-urlencoded as a browser or a client library would send the value (nested keys for objects). */
function urlencoded(fields: Record<string, unknown>): string {
  const out = new URLSearchParams();
  const add = (key: string, v: unknown) => {
    if (Array.isArray(v)) v.forEach((x) => add(key, x));
    else if (v && typeof v === 'object') Object.entries(v).forEach(([k, x]) => add(`${key}[${k}]`, x));
    else out.append(key, v === null ? '' : String(v));
  };
  Object.entries(fields).forEach(([k, v]) => add(k, v));
  return out.toString();
}

function encode(type: string, fields: Record<string, unknown>): { payload: string; contentType: string } {
  if (type === 'multipart/form-data')
    return { payload: multipart(fields), contentType: `multipart/form-data; boundary=${BOUNDARY}` };
  if (type === 'application/x-www-form-urlencoded') return { payload: urlencoded(fields), contentType: type };
  return { payload: JSON.stringify(fields), contentType: 'application/json' };
}

/** Every hostile request for one operation (headers other than content-type are the caller's). */
export function hostileCases(op: Operation): HostileCase[] {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const baseUrl = op.path.replace(/\{([^}]+)\}/g, '1');
  const baseQuery = Object.fromEntries(
    queryParams.filter((p) => p.required).map((p) => [p.name, String(plausible(p.schema ?? {}, p.name))]),
  );
  const cases: HostileCase[] = [];
  const at = (label: string, request: Omit<InjectOptions, 'method'>) =>
    cases.push({ label: `${op.method} ${op.path} ${label}`, request: { method: op.method as 'GET', ...request } });

  for (const p of pathParams) {
    for (const v of HOSTILE_PATH) {
      at(`path ${p.name}=${v}`, {
        url: op.path.replace(`{${p.name}}`, v).replace(/\{[^}]+\}/g, '1'),
        query: baseQuery,
      });
    }
  }
  for (const p of queryParams) {
    for (const [kind, v] of Object.entries(HOSTILE)) {
      const value = typeof v === 'object' && v !== null ? urlencoded({ [p.name]: v }) : `${p.name}=${encodeQuery(v)}`;
      const rest = new URLSearchParams(Object.entries(baseQuery).filter(([k]) => k !== p.name));
      at(`query ${p.name} ${kind}`, { url: `${baseUrl}?${[value, rest.toString()].filter(Boolean).join('&')}` });
    }
  }
  for (const [type, schema] of Object.entries(op.bodies)) {
    const base = plausible(schema) as Record<string, unknown>;
    for (const field of Object.keys(schema.properties ?? {})) {
      for (const [kind, v] of Object.entries(HOSTILE)) {
        const { payload, contentType } = encode(type, { ...base, [field]: v });
        at(`${type} ${field} ${kind}`, {
          url: baseUrl,
          query: baseQuery,
          payload,
          headers: { 'content-type': contentType },
        });
      }
    }
    const { payload, contentType } = encode(type, { ...base, unknown_field: 'x', role_id: 1, user_id: 1, price: 1 });
    at(`${type} unknown fields`, { url: baseUrl, query: baseQuery, payload, headers: { 'content-type': contentType } });
  }
  // Broken bodies, to any operation: a truncated multipart, invalid JSON, a body of the wrong type.
  if (op.method !== 'GET' && op.method !== 'HEAD') {
    const full = multipart({ name: 'abcde' });
    for (const [label, payload, contentType] of [
      ['truncated multipart', full.slice(0, Math.floor(full.length / 2)), `multipart/form-data; boundary=${BOUNDARY}`],
      ['multipart without boundary', full, 'multipart/form-data'],
      ['invalid JSON', '{"a": ', 'application/json'],
      ['JSON array', '[1,2]', 'application/json'],
      ['unknown content type', 'x', 'application/x-pool'],
    ] as const) {
      at(label, { url: baseUrl, query: baseQuery, payload, headers: { 'content-type': contentType } });
    }
  }
  return cases;
}

/** A query value as a client would send it; a lone surrogate cannot be percent-encoded, so it goes raw. */
function encodeQuery(v: unknown): string {
  const text = v === null ? '' : String(v);
  return text.isWellFormed() ? encodeURIComponent(text) : text;
}

/** A small seeded generator (mulberry32): the same seed picks the same sample. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `size` cases drawn without repetition (all of them when `size` is not smaller). */
export function sample<T>(items: T[], size: number, seed: number): T[] {
  if (size >= items.length) return items;
  const random = seeded(seed);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, size);
}
