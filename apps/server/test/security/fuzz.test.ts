import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import JSZip from 'jszip';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { CONVENIO_TEMPLATES, FLAGS, ROL, todayIso } from '@siniestros/domain';
import type { Access } from '../../src/plugins/auth';
import { asegurados, casos, terceros } from '../../src/db/tables/casos';
import { historial } from '../../src/db/tables/historial';
import { inspecciones } from '../../src/db/tables/inspeccion';
import { createTestApp, PASSWORD, USERNAMES, type Role, type TestApp } from '../helpers';
import { ensureCompania, insertCaso } from '../fixtures';
import { multipart, SAMPLE_FILES, type Part } from '../multipart';
import { absoluteTargetsOf, spelledPathArb } from './path-spellings';

/**
 * Property-based fuzz of the whole API (ASVS 5.1, 16.5): every route of `app.routeTable`, as
 * Admin, User and Inspector, with bodies generated from the route's own zod schema (through the
 * OpenAPI document it produces), with random mutations of a known-valid body per route, with each
 * field of those bodies in turn set to a value that breaks storage (U+0000, 'ß' at the length
 * limit, an int4 overflow...), with random params, query strings, malformed requests and other
 * spellings of each path (percent-encoded letters, case, '//', '/./', '%2e', absolute-form targets).
 * Whatever arrives, the answer is never a 5xx, never leaks a stack trace or SQL, an error is
 * always JSON `{message}`, and an unknown property is refused with 400. Before the walk: mass
 * assignment, LIKE wildcards and spreadsheet formulas are checked one by one.
 *
 * FUZZ_RUNS is the number of requests (default 1,500: 10-35 s per database here). The long run:
 *   FUZZ_RUNS=10000 npx vitest run --project server apps/server/test/security/fuzz.test.ts
 * FUZZ_SEED replays another seed (the default one is fixed, so a failure reproduces).
 */
const FUZZ_RUNS = Math.max(300, Number(process.env.FUZZ_RUNS) || 1500);
const SEED = Number(process.env.FUZZ_SEED) || 20_260_517;
/** About 25 ms per request on PGlite on a busy machine, plus room. */
const FUZZ_TIMEOUT_MS = 120_000 + FUZZ_RUNS * 60;

const FUZZ_ROLES = ['admin', 'user', 'inspector'] as const satisfies readonly Role[];
type FuzzRole = (typeof FUZZ_ROLES)[number];
const ROL_OF: Record<FuzzRole, number> = { admin: ROL.ADMIN, user: ROL.USER, inspector: ROL.INSPECTOR };

// ---------------------------------------------------------------------------------------------
// What a response must never contain.

/** Signs of internals in a body: stack frames, source paths, driver and SQL error texts, framework codes. */
const LEAKS: readonly RegExp[] = [
  /\n\s+at \S/,
  /\bat [\w$.<>]+ \(/,
  /node_modules/,
  /\.[cm]?[jt]s:\d+:\d+/,
  /\bError:/,
  /\bFST_[A-Z_]+/,
  /syntax error at or near/i,
  /violates (?:foreign key|unique|not-null|check) constraint/i,
  /duplicate key value/i,
  /relation "[^"]+"/i,
  /column "[^"]+"/i,
  /invalid input syntax/i,
  /out of range for type/i,
  /value too long for type/i,
  /invalid byte sequence/i,
  /Failed query/i,
  /\bdrizzle\b/i,
  /\bpglite\b/i,
  /\bSELECT\b[\s\S]{0,200}\bFROM\b/i,
  /\bINSERT INTO\b/i,
  /\bUPDATE\s+"?\w+"?\s+SET\b/i,
];

/**
 * English in a message meant for a clerk: zod's and Fastify's default texts and the plugins' own.
 * Quoted parts (echoed keys and options) are left out before matching.
 */
const ENGLISH =
  /\b(?:invalid|expected|received|unrecognized|required|too (?:small|big|large|many)|must (?:be|have|match|not)|should (?:be|have|not)|not (?:found|allowed|supported|valid)|bad request|unsupported|unexpected|malformed|boundary|exceeded|retry in|is missing|missing|rate limit|internal server|failed to|cannot|unable to)\b/i;

function englishIn(body: unknown): string | undefined {
  const texts: unknown[] = [(body as { message?: unknown } | undefined)?.message];
  const errors = (body as { errors?: unknown } | undefined)?.errors;
  if (Array.isArray(errors)) texts.push(...errors.map((error) => (error as { message?: unknown } | null)?.message));
  return texts
    .filter((text): text is string => typeof text === 'string')
    .map((text) => text.replace(/"[^"]*"|'[^']*'|:\s.*$/g, ''))
    .find((text) => ENGLISH.test(text));
}

/** Inputs that the API stores and shows back are not internals: only error bodies are held to the SQL patterns. */
const ALWAYS_LEAKS: readonly RegExp[] = LEAKS.slice(0, 4);

type Sent = { method: string; url: string; role: Role | null; payload?: unknown; contentType?: string };

function describeSent(sent: Sent): string {
  const isMultipart = sent.contentType?.startsWith('multipart/');
  const body =
    sent.payload === undefined
      ? ''
      : Buffer.isBuffer(sent.payload)
        ? isMultipart
          ? JSON.stringify(sent.payload.toString('utf8').slice(0, 600))
          : `<${sent.payload.length} bytes>`
        : String(sent.payload);
  return `${sent.method} ${sent.url} as ${sent.role ?? 'anonymous'} ${sent.contentType ?? ''} ${body.slice(0, 700)}`;
}

/** What is wrong with one answer (empty when nothing is). */
function problemsOf(response: LightMyRequestResponse, method: string): string[] {
  const problems: string[] = [];
  const status = response.statusCode;
  if (status >= 500) problems.push(`answered ${status}`);
  const type = String(response.headers['content-type'] ?? '');
  const isText = type.includes('json') || type.startsWith('text/');
  if (isText) {
    const patterns = status >= 400 ? LEAKS : ALWAYS_LEAKS;
    const leak = patterns.find((pattern) => pattern.test(response.body));
    if (leak) problems.push(`body leaks ${leak}: ${response.body.slice(0, 300)}`);
  }
  if (status >= 400 && method !== 'HEAD') {
    if (!type.includes('application/json')) problems.push(`error with content-type '${type}'`);
    else {
      let body: unknown;
      try {
        body = JSON.parse(response.body);
      } catch {
        problems.push('error body is not JSON');
      }
      const message = (body as { message?: unknown } | undefined)?.message;
      if (typeof message !== 'string' || message.trim() === '') problems.push(`error without {message}: ${response.body.slice(0, 200)}`);
      const english = englishIn(body);
      if (english !== undefined) problems.push(`message in English: ${english}`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Hostile values.

const SQL_ISH = [
  "' OR '1'='1",
  "' OR 1=1 --",
  '1; DROP TABLE casos; --',
  "'); DELETE FROM historial; --",
  "' UNION ALL SELECT username, password FROM usuarios --",
  '1 AND pg_sleep(5)',
  '$$; SELECT 1; $$',
  '\\',
  "\\'",
  '"',
  '`',
  ';',
  '--',
  '/*',
];

const NASTY_STRINGS = [
  '',
  ' ',
  '   \t\n ',
  '%',
  '_',
  '%%',
  '%_%',
  '\\%',
  '[a-z]%',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(50),
  '\ud800',
  'a\udfffb',
  '\ufeff',
  '\u202e\u202d',
  '\u200b',
  '😀'.repeat(40),
  'ß'.repeat(30),
  'ﬁ'.repeat(30),
  'İ'.repeat(30),
  'ñÑáéíóúü',
  'Z̸̢̛a̷l̶g̴o̷',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  'file:///etc/passwd',
  '${7*7}',
  '{{7*7}}',
  '%s%s%s%n',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '0x1F',
  '1e309',
  '1e-400',
  '9'.repeat(400),
  '-1',
  '1.005',
  ' 12 ',
  '12abc',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '9999-12-31',
  '2026-01-01T00:00:00Z',
  '99:99',
  '23:59:60',
  '=HYPERLINK("http://evil")',
  '+5491155550000',
  '@SUM(A1)',
  'S/D',
  'a@b.c;;;',
  'x'.repeat(5000),
  'ñ'.repeat(20_000),
  ...SQL_ISH,
];

const NASTY_NUMBERS = [
  0,
  -1,
  -0,
  1.5,
  0.1,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  32_767,
  32_768,
  2 ** 53,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_SAFE_INTEGER,
];

const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 200, maxLength: 2000 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...SQL_ISH), fc.string({ maxLength: 10 })).map(([a, b]) => `${b}${a}`) },
);

const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);

const deepNesting = fc.integer({ min: 20, max: 300 }).map((depth) => {
  let value: unknown = 'fondo';
  for (let level = 0; level < depth; level++) value = level % 2 ? [value] : { a: value };
  return value;
});

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: nastyString },
  { weight: 3, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], [1, 'a', null], { '': '' }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: deepNesting },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 4 }) },
);

/** Property names a schema does not have (prototype names included). */
const unknownKey = fc.oneof(
  fc.constantFrom(
    'zz_intruso',
    'isAdmin',
    'rol',
    'id_estado_nuevo',
    'constructor',
    'toString',
    'hasOwnProperty',
    'valueOf',
    '',
    ' ',
    'ñ',
    '\u0000',
  ),
  fc.string({ minLength: 1, maxLength: 12 }).map((key) => `zz_${key}`),
);

// ---------------------------------------------------------------------------------------------
// Bodies, params and queries from the routes' schemas (OpenAPI, produced from the zod schemas).

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
};

type OpenApiParameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: JsonSchema };
type OpenApiOperation = { parameters?: OpenApiParameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };

const isoDay = fc
  .date({ min: new Date('1990-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

function stringArb(schema: JsonSchema): fc.Arbitrary<string> {
  const max = Math.min(schema.maxLength ?? 40, 40);
  const min = Math.min(schema.minLength ?? 0, max);
  let shaped: fc.Arbitrary<string> = fc.string({ minLength: min, maxLength: max });
  if (schema.pattern) {
    try {
      shaped = fc.stringMatching(new RegExp(schema.pattern), { size: 'small' });
    } catch {
      // A pattern JavaScript cannot compile: free text instead.
    }
  }
  const limits = schema.maxLength === undefined ? [] : [schema.maxLength, schema.maxLength + 1];
  const atLimit = limits.length
    ? fc.tuple(fc.constantFrom(...limits), fc.constantFrom('x', 'ñ', 'ß', '😀', ' ', '%')).map(([length, char]) => char.repeat(length))
    : fc.constant('x');
  return fc.oneof(
    { weight: 5, arbitrary: shaped },
    { weight: 2, arbitrary: isoDay },
    { weight: 1, arbitrary: atLimit },
    { weight: 3, arbitrary: nastyString },
  );
}

function numberArb(schema: JsonSchema, integer: boolean): fc.Arbitrary<unknown> {
  const min = Math.max(schema.minimum ?? -1000, -(2 ** 31));
  const max = Math.min(schema.maximum ?? 1000, 2 ** 31 - 1, min + 50);
  const inRange = integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
  const edges = [schema.minimum, schema.maximum]
    .filter((value): value is number => value !== undefined)
    .flatMap((value) => [value - 1, value, value + 1]);
  return fc.oneof(
    { weight: 5, arbitrary: inRange },
    { weight: 2, arbitrary: inRange.map(String) },
    { weight: 1, arbitrary: edges.length ? fc.constantFrom(...edges) : nastyNumber },
    { weight: 2, arbitrary: nastyNumber },
    { weight: 1, arbitrary: nastyString },
  );
}

/** A value shaped by `schema`, often valid, often just off, sometimes hostile. */
function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return nastyValue;
  const variants = schema.anyOf ?? schema.oneOf;
  let shaped: fc.Arbitrary<unknown>;
  if (variants?.length) shaped = fc.oneof(...variants.map((variant) => fromSchema(variant, depth + 1)));
  else if (schema.allOf?.length) shaped = fromSchema(schema.allOf[0], depth + 1);
  else if (schema.enum?.length)
    shaped = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...schema.enum) }, { weight: 1, arbitrary: nastyValue });
  else if (schema.const !== undefined) shaped = fc.oneof(fc.constant(schema.const), nastyValue);
  else {
    const type = [schema.type ?? (schema.properties ? 'object' : undefined)].flat()[0];
    switch (type) {
      case 'object':
        shaped = objectArb(schema, depth).map(({ value }) => value);
        break;
      case 'array': {
        const items = fc.array(fromSchema(schema.items, depth + 1), { maxLength: Math.min((schema.maxItems ?? 4) + 1, 7) });
        shaped = fc.oneof({ weight: 4, arbitrary: items }, { weight: 1, arbitrary: nastyValue });
        break;
      }
      case 'string':
        shaped = stringArb(schema);
        break;
      case 'integer':
        shaped = numberArb(schema, true);
        break;
      case 'number':
        shaped = numberArb(schema, false);
        break;
      case 'boolean':
        shaped = fc.oneof(
          { weight: 4, arbitrary: fc.boolean() },
          { weight: 1, arbitrary: fc.constantFrom('true', 1, 0, 'si') },
          { weight: 1, arbitrary: nastyValue },
        );
        break;
      case 'null':
        shaped = fc.constant(null);
        break;
      default:
        shaped = nastyValue;
    }
  }
  return schema.nullable ? fc.oneof({ weight: 5, arbitrary: shaped }, { weight: 1, arbitrary: fc.constant(null) }) : shaped;
}

/** An object of the schema's properties; `withUnknown` says whether it carries a property the schema lacks. */
function objectArb(schema: JsonSchema, depth: number): fc.Arbitrary<{ value: Record<string, unknown>; withUnknown: boolean }> {
  const properties = schema.properties ?? {};
  const keys = Object.keys(properties);
  const fields = Object.fromEntries(keys.map((key) => [key, fromSchema(properties[key], depth + 1)]));
  const required = (schema.required ?? []).filter((key) => keys.includes(key));
  const known = fc.oneof(
    { weight: 4, arbitrary: fc.record(fields, { requiredKeys: required }) },
    { weight: 1, arbitrary: fc.record(fields, { requiredKeys: [] }) },
  );
  const extras = fc.oneof(
    { weight: 4, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc.dictionary(
        unknownKey.filter((key) => !keys.includes(key)),
        nastyValue,
        { minKeys: 1, maxKeys: 2 },
      ),
    },
  );
  return fc.tuple(known, extras).map(([value, extra]) => {
    // defineProperty: a key named `__proto__`/`constructor` stays an own property, as JSON would carry it.
    const merged: Record<string, unknown> = { ...value };
    for (const [key, item] of Object.entries(extra))
      Object.defineProperty(merged, key, { value: item, enumerable: true, writable: true, configurable: true });
    return { value: merged, withUnknown: Object.keys(extra).length > 0 };
  });
}

/** The top-level object schema of a body (the object variant of a nullable or union body). */
function objectVariant(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  if (schema.type === 'object' || schema.properties) return schema;
  return (schema.anyOf ?? schema.oneOf ?? []).map(objectVariant).find(Boolean);
}

/** Percent-encodes what encodeURIComponent refuses (lone surrogates) instead of throwing. */
function safeEncode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\ufffd'));
  }
}

const NASTY_SEGMENTS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x1f',
  '2147483648',
  '99999999999999999999',
  'NaN',
  'Infinity',
  'null',
  'abc',
  '%20',
  '%00',
  '1%00',
  '%25',
  '%',
  '%zz',
  '%E0%A4%A',
  '..',
  '.',
  '%2e%2e',
  '%2F',
  '..%2F..%2Fusers',
  "1'%20OR%20'1'%3D'1",
  '1%3Bselect%201',
  '%F0%9F%98%80',
  '1%0A',
  '%2B1',
  '%EF%BC%91',
  ';',
  '1;x=1',
];

const RAW_QUERY_TAILS = [
  '',
  '',
  '',
  '&',
  '&%',
  '&=&',
  '&a[b]=c',
  '&__proto__[x]=1',
  '&constructor[prototype][x]=1',
  '&page=1&page=2',
  '&%zz=1',
  '&x=%E0%A4%A',
];

type RouteSpec = {
  method: string;
  url: string;
  access: Access;
  pathParams: string[];
  query: OpenApiParameter[];
  headers: OpenApiParameter[];
  body?: JsonSchema;
};

function allowed(route: { access: Access }, role: FuzzRole | null): boolean {
  if (route.access === 'public') return true;
  return role !== null && (route.access as readonly number[]).includes(ROL_OF[role]);
}

// ---------------------------------------------------------------------------------------------
// Test data and the request runner.

let t: TestApp;
let routes: RouteSpec[];
/** Ids that exist in some table (cases, inspections, people...): params hit real rows often. */
let realIds: number[];
let victimUserId: number;
let idCompania: number;
let altaBody: () => Record<string, unknown>;
const cookies = new Map<Role, string>();
let sentCount = 0;
let addressCounter = 0;

/** Each request from its own address, so the login and TOTP rate limits never lock the walk out. */
function nextAddress(): string {
  addressCounter++;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

async function freshCookie(role: Role): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    remoteAddress: nextAddress(),
    payload: { username: USERNAMES[role], password: PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`login ${role}: ${response.statusCode} ${response.body}`);
  return `sid=${response.cookies.find((cookie) => cookie.name === 'sid')!.value}`;
}

async function cookieOf(role: Role): Promise<string> {
  if (!cookies.has(role)) cookies.set(role, await freshCookie(role));
  return cookies.get(role)!;
}

/** Paths that end the session they are called with: each call gets a throwaway one. */
const ENDS_SESSION = new Set(['/api/users/logout', '/api/users/refresh']);
const endsSession = (url: string) => ENDS_SESSION.has(url.split('?')[0]!.replace(/\/$/, ''));

type FuzzRequest = {
  method: string;
  url: string;
  role: Role | null;
  payload?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
};

const failures = new Map<string, string>();

function record(key: string, detail: string) {
  if (!failures.has(key)) failures.set(key, detail);
}

async function send(request: FuzzRequest, routeKey: string): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...(request.headers ?? {}) };
  if (request.contentType) headers['content-type'] = request.contentType;
  if (request.role) headers.cookie = endsSession(request.url) ? await freshCookie(request.role) : await cookieOf(request.role);
  const options: InjectOptions = {
    method: request.method as InjectOptions['method'],
    url: request.url,
    headers,
    remoteAddress: nextAddress(),
  };
  if (request.payload !== undefined) options.payload = request.payload;
  sentCount++;
  const response = await t.app.inject(options);
  for (const problem of problemsOf(response, request.method)) {
    record(`${routeKey} ${problem.split(':')[0]}`, `${problem}\n    request: ${describeSent({ ...request, payload: request.payload })}`);
  }
  // A session that a fuzzed call ended (it should not happen): sign in again rather than walk on as anonymous.
  if (request.role && response.statusCode === 401 && !endsSession(request.url)) {
    const check = await t.app.inject({ method: 'GET', url: '/api/users/auth', headers: { cookie: cookies.get(request.role)! } });
    if (check.statusCode === 401) {
      record(`${routeKey} ended the ${request.role} session`, describeSent(request));
      cookies.delete(request.role);
    }
  }
  return response;
}

const idSegment = (pool: readonly number[]) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...pool).map(String) },
    { weight: 2, arbitrary: fc.integer({ min: 1, max: 8 }).map(String) },
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_SEGMENTS) },
    { weight: 1, arbitrary: nastyString.map(safeEncode) },
  );

/**
 * Users' routes get the victim's id, a missing one or junk that no id coerces from ('+1' or '1%0A'
 * would reach user 1, whose session the walk runs on).
 */
const userSegment = () =>
  fc.constantFrom(String(victimUserId), '999999', 'abc', '%zz', '-1', '0', '1.5', '%F0%9F%98%80', '99999999999999999999');

/** The path with its params filled in; `routed` when every param is plain digits. */
function pathArb(route: RouteSpec): fc.Arbitrary<{ path: string; routed: boolean }> {
  if (route.pathParams.length === 0) return fc.constant({ path: route.url, routed: true });
  const segment = route.url.startsWith('/api/users/') ? userSegment() : idSegment(realIds);
  return fc.array(segment, { minLength: route.pathParams.length, maxLength: route.pathParams.length }).map((segments) => {
    let path = route.url;
    route.pathParams.forEach((name, index) => (path = path.replace(`:${name}`, segments[index]!)));
    return { path, routed: segments.every((segment) => /^\d+$/.test(segment)) };
  });
}

function queryValueArb(parameter: OpenApiParameter): fc.Arbitrary<unknown> {
  if (parameter.name === 'id') return fc.oneof(fc.constantFrom(...realIds), fromSchema(parameter.schema));
  return fc.oneof(
    { weight: 4, arbitrary: fromSchema(parameter.schema) },
    { weight: 1, arbitrary: fc.array(nastyString, { minLength: 2, maxLength: 3 }) },
  );
}

function queryArb(route: RouteSpec): fc.Arbitrary<string> {
  const known = route.query.map((parameter) =>
    fc
      .option(queryValueArb(parameter), { freq: parameter.required ? 8 : 2, nil: undefined })
      .map((value) => [parameter.name, value] as const),
  );
  const extra = fc.option(fc.tuple(unknownKey, nastyString), { freq: 4, nil: undefined });
  return fc.tuple(fc.tuple(...known), extra, fc.constantFrom(...RAW_QUERY_TAILS)).map(([pairs, extraPair, tail]) => {
    const parts: string[] = [];
    const add = (key: string, value: unknown) => {
      const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
      parts.push(`${safeEncode(key)}=${safeEncode(text)}`);
    };
    for (const [name, value] of pairs) {
      if (value === undefined) continue;
      if (Array.isArray(value)) value.forEach((item) => add(name, item));
      else add(name, value);
    }
    if (extraPair) add(extraPair[0], extraPair[1]);
    const query = parts.join('&') + tail;
    return query ? `?${query}` : '';
  });
}

function headersArb(route: RouteSpec): fc.Arbitrary<Record<string, string>> {
  if (route.headers.length === 0) return fc.constant({});
  return fc
    .tuple(
      ...route.headers.map(() =>
        fc.option(
          fc.oneof(
            fc.string({ minLength: 1, maxLength: 40 }),
            nastyString.map((value) => value.replace(/[^\x20-\x7e]/g, 'x')),
          ),
          { nil: undefined },
        ),
      ),
    )
    .map((values) =>
      Object.fromEntries(route.headers.flatMap((header, index) => (values[index] === undefined ? [] : [[header.name, values[index]!]]))),
    );
}

/** One request generated from the route's schemas: the body tells whether it carries an unknown property. */
function schemaRequestArb(route: RouteSpec, role: Role): fc.Arbitrary<FuzzRequest & { withUnknown: boolean; routed: boolean }> {
  const bodySchema = objectVariant(route.body);
  const body: fc.Arbitrary<{ value: unknown; withUnknown: boolean }> = bodySchema
    ? fc.oneof(
        { weight: 6, arbitrary: objectArb(bodySchema, 0) },
        { weight: 1, arbitrary: nastyValue.map((value) => ({ value, withUnknown: false })) },
      )
    : route.method === 'GET' || route.method === 'DELETE'
      ? fc.option(nastyValue, { freq: 8, nil: undefined }).map((value) => ({ value, withUnknown: false }))
      : fc.option(nastyValue, { freq: 2, nil: undefined }).map((value) => ({ value, withUnknown: false }));
  return fc
    .tuple(pathArb(route), queryArb(route), headersArb(route), body)
    .map(([{ path, routed }, query, headers, { value, withUnknown }]) => ({
      method: route.method,
      url: path + query,
      role,
      headers,
      withUnknown,
      routed,
      ...(value === undefined ? {} : { payload: JSON.stringify(value), contentType: 'application/json' }),
    }));
}

// ---------------------------------------------------------------------------------------------
// Known-valid bodies, and their mutations.

type Valid = { path: () => string; body?: () => unknown; parts?: () => Part[] };
let valid: Record<string, Valid>;

type JsonPath = (string | number)[];

function pathsOf(value: unknown, prefix: JsonPath = []): JsonPath[] {
  const own: JsonPath[] = prefix.length ? [prefix] : [];
  if (Array.isArray(value)) return [...own, ...value.flatMap((item, index) => pathsOf(item, [...prefix, index]))];
  if (value && typeof value === 'object')
    return [...own, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...prefix, key]))];
  return own;
}

type Mutation = { kind: 'drop' | 'replace' | 'retype' | 'unknown'; at: JsonPath; value: unknown };

function retyped(value: unknown): unknown {
  if (typeof value === 'string') return Number.isNaN(Number(value)) ? 12345 : [value];
  if (typeof value === 'number') return String(value) + 'x';
  if (typeof value === 'boolean') return value ? 'true' : 0;
  if (Array.isArray(value)) return { 0: value[0] };
  if (value && typeof value === 'object') return [value];
  return 'null';
}

function applyMutation(body: unknown, mutation: Mutation): unknown {
  const copy = structuredClone(body);
  if (mutation.at.length === 0) {
    if (mutation.kind !== 'unknown') return mutation.kind === 'drop' ? undefined : mutation.value;
    if (copy && typeof copy === 'object' && !Array.isArray(copy)) (copy as Record<string, unknown>).zz_intruso = mutation.value;
    return copy;
  }
  const parentPath = mutation.at.slice(0, -1);
  const last = mutation.at.at(-1)!;
  let parent = copy as Record<string | number, unknown>;
  for (const key of parentPath) parent = parent[key] as Record<string | number, unknown>;
  if (mutation.kind === 'drop') {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else if (mutation.kind === 'replace') parent[last] = mutation.value;
  else if (mutation.kind === 'retype') parent[last] = retyped(parent[last]);
  else {
    const target = parent[last];
    if (target && typeof target === 'object' && !Array.isArray(target)) (target as Record<string, unknown>).zz_intruso = mutation.value;
    else parent[last] = mutation.value;
  }
  return copy;
}

function mutationArb(body: unknown): fc.Arbitrary<Mutation> {
  const paths = pathsOf(body);
  const at = paths.length ? fc.constantFrom(...paths) : fc.constant([] as JsonPath);
  return fc.record({
    kind: fc.constantFrom('drop', 'replace', 'replace', 'retype', 'unknown') as fc.Arbitrary<Mutation['kind']>,
    at,
    value: nastyValue,
  });
}

/** Whether `mutation` added a property to an object whose schema refuses unknown ones. */
function addsRefusedProperty(schema: JsonSchema | undefined, body: unknown, mutation: Mutation): boolean {
  if (mutation.kind !== 'unknown') return false;
  let node = objectVariant(schema);
  let value = body;
  for (const key of mutation.at) {
    if (!node) return false;
    node = typeof key === 'number' ? node.items : node.properties?.[key];
    node = objectVariant(node) ?? node;
    value = (value as Record<string | number, unknown>)?.[key];
  }
  return Boolean(
    value && typeof value === 'object' && !Array.isArray(value) && node && objectVariant(node)?.additionalProperties === false,
  );
}

/** The schema of the value at `path` inside a body of `schema` (through nullable and union wrappers). */
function schemaAt(schema: JsonSchema | undefined, path: JsonPath): JsonSchema | undefined {
  let node = schema;
  for (const key of path) {
    const container = objectVariant(node) ?? (node?.items ? node : (node?.anyOf ?? node?.oneOf)?.find((variant) => variant.items));
    node = typeof key === 'number' ? container?.items : container?.properties?.[key];
  }
  return node;
}

const maxLengthOf = (schema: JsonSchema | undefined): number | undefined =>
  schema?.maxLength ?? (schema?.anyOf ?? schema?.oneOf)?.map(maxLengthOf).find((value) => value !== undefined);

/**
 * The values that break storage rather than validation, most telling first: PostgreSQL refuses
 * U+0000 in text; 'ß' and 'ﬁ' double when upper-cased (a column at its limit overflows); a lone
 * surrogate is not UTF-8; then SQL and LIKE metacharacters.
 */
function stringKillers(schema: JsonSchema | undefined): string[] {
  const max = Math.min(maxLengthOf(schema) ?? 30, 20_000);
  return ['a\u0000b', 'ß'.repeat(max), 'ﬁ'.repeat(max), 'a\ud800b', "x' OR '1'='1' --", '%_\\', ' '.repeat(max + 1)];
}
const NUMBER_KILLERS: unknown[] = [2 ** 31, 1e21, 32_768, -1, 0.5, '12abc', -(2 ** 31) - 1];

/** Each leaf of a known-valid body replaced, one at a time, by the first `perLeaf` killers of its type. */
function leafSweep(schema: JsonSchema | undefined, body: unknown, perLeaf: number): { at: JsonPath; value: unknown }[] {
  const leaves = pathsOf(body).filter((path) => {
    const value = path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], body);
    return value === null || typeof value !== 'object';
  });
  return leaves.flatMap((at) => {
    const value = at.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], body);
    const killers = typeof value === 'string' ? stringKillers(schemaAt(schema, at)) : NUMBER_KILLERS;
    return killers.slice(0, perLeaf).map((killer) => ({ at, value: killer }));
  });
}

/** The same for the text fields and file names of a known-valid multipart body. */
function partsSweep(parts: Part[], perLeaf: number): Part[][] {
  return parts.flatMap((part, index) => {
    const killers = typeof part[1] === 'string' ? stringKillers(undefined) : stringKillers({ maxLength: 200 }).map((name) => `${name}.pdf`);
    return killers
      .slice(0, perLeaf)
      .map((killer) =>
        parts.map((item, position): Part =>
          position !== index ? item : [item[0], typeof item[1] === 'string' ? killer : { ...item[1], filename: killer }],
        ),
      );
  });
}

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  idCompania = await ensureCompania(db);
  const victim = await t.app.services.users.create({
    apellido: 'Víctima',
    nombre: 'Fuzz',
    username: 'victima@test.local',
    password: PASSWORD,
    password2: PASSWORD,
    rol: ROL.USER,
    id_inspect: null,
  });
  victimUserId = victim.id;

  // Cases in several states, an inspection for each inspector, a document: params often hit real rows.
  const caseIds: number[] = [];
  for (const idEstado of [1, 2, 2, 3, 4, 8])
    caseIds.push((await insertCaso(db, { idEstado, terceros: 2, valorOfertado: idEstado >= 4 ? '150000.00' : null })).id);
  const inspeccion = (idCaso: number, idInspector: number) => ({
    id_caso: idCaso,
    id_inspector: idInspector,
    fecha_inspeccion: '2026-05-01',
    direccion: 'Calle 1',
    detalle: 'Frente',
    estado: 'Coordinada',
  });
  const [enInspeccion] = await db.insert(inspecciones).values(inspeccion(caseIds[1]!, t.ids.inspectorRecord)).returning();
  const [ajena] = await db.insert(inspecciones).values(inspeccion(caseIds[2]!, t.ids.inspector2Record)).returning();
  const upload = await t.request('user', {
    method: 'POST',
    url: `/api/documentacion/t/${caseIds[0]}`,
    ...multipart([
      ['tipo', 'Denuncia'],
      ['uploadFiles', { filename: 'denuncia.pdf', content: SAMPLE_FILES.pdf }],
    ]),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  realIds = [...new Set([...caseIds, enInspeccion!.id, ajena!.id, t.ids.inspectorRecord, t.ids.inspector2Record, 1, 2, 3])];
  // Open inspections for the close (multipart) to take one by one: a closed one answers 409 before parsing anything.
  const openInspections: number[] = [];
  for (let count = 0; count < 60; count++) {
    const caso = await insertCaso(db, { idEstado: 2 });
    const [row] = await db.insert(inspecciones).values(inspeccion(caso.id, t.ids.inspectorRecord)).returning();
    openInspections.push(row!.id);
  }

  const spec = t.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  routes = t.app.routeTable.map((route) => {
    const operation = spec.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()] ?? {};
    const parameters = operation.parameters ?? [];
    return {
      method: route.method,
      url: route.url,
      access: route.access,
      pathParams: [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!),
      query: parameters.filter((parameter) => parameter.in === 'query'),
      headers: parameters.filter((parameter) => parameter.in === 'header'),
      body: operation.requestBody?.content?.['application/json']?.schema,
    };
  });

  const anyCase = () => caseIds[Math.floor(Math.random() * caseIds.length)]!;
  const persona = (n: number) => ({
    apellido: `Apellido${n}`,
    nombre: 'Nombre',
    id_tipo_doc: 1,
    nro_doc: `2000000${n}`,
    marca_modelo: 'Fiat Uno',
    dominio: `AA${n}11BB`,
    mail: 'a@b.com',
  });
  const casoFields = {
    id_compania: idCompania,
    reclamo_nro: '5550001',
    gestor: 'Gestor Fuzz',
    fecha_siniestro: '2026-03-01',
    hora_siniestro: '10:30',
    fecha_denuncia: '2026-03-02',
    id_producto: 1,
  };
  altaBody = () => ({ caso: { ...casoFields }, asegurado: persona(1), terceros: [persona(2)] });
  const byId = (path: string, body?: () => unknown): Valid => ({ path: () => path.replace(':id', String(anyCase())), body });
  const fixed = (path: string, body?: () => unknown): Valid => ({ path: () => path, body });
  const convenio = CONVENIO_TEMPLATES[0]!.nombre;
  valid = {
    'POST /api/users/login': fixed('/api/users/login', () => ({ username: 'nadie@test.local', password: 'no-es-la-clave' })),
    'POST /api/users': fixed('/api/users', () => ({
      apellido: 'Nuevo',
      nombre: 'Usuario',
      username: `fuzz${Math.random().toString(36).slice(2, 8)}@test.local`,
      password: 'Otra-Clave-2026!',
      password2: 'Otra-Clave-2026!',
      rol: 2,
      id_inspect: null,
    })),
    'PATCH /api/users/:id': { path: () => `/api/users/${victimUserId}`, body: () => ({ apellido: 'Víctima', nombre: 'Fuzz' }) },
    'POST /api/users/totp/confirm': fixed('/api/users/totp/confirm', () => ({ totp: '123456' })),
    'POST /api/users/totp/disable': fixed('/api/users/totp/disable', () => ({ totp: '123456' })),
    'POST /api/doc': fixed('/api/doc', () => ({ nombre: `Doc ${Math.random().toString(36).slice(2, 6)}` })),
    'PATCH /api/doc/t/:id': fixed('/api/doc/t/4', () => ({ doc: { id: 4, nombre: 'LC' } })),
    'POST /api/analistas': fixed('/api/analistas', () => ({ apellido: 'Analista', nombre: 'Fuzz' })),
    'PATCH /api/analistas/:id': fixed('/api/analistas/1', () => ({ apellido: 'Analista', nombre: 'Uno' })),
    'POST /api/companias': fixed('/api/companias', () => ({ nombre: `Compañía ${Math.random().toString(36).slice(2, 6)}` })),
    'PATCH /api/companias/t/:id': fixed(`/api/companias/t/${idCompania}`, () => ({
      compania: { id: idCompania, nombre: 'Compañía Test' },
    })),
    'POST /api/respo': fixed('/api/respo', () => ({ nombre: `Responsabilidad ${Math.random().toString(36).slice(2, 6)}` })),
    'PATCH /api/respo/t/:id': fixed('/api/respo/t/1', () => ({ id: 1, nombre: 'Responsabilidad uno' })),
    'POST /api/historial': fixed('/api/historial', () => ({ id_caso: anyCase(), msg: 'Nota de prueba', usuario: 'otro' })),
    'POST /api/historial/t': fixed('/api/historial/t', () => ({
      historia: { id_caso: anyCase(), msg: 'Nota envuelta', usuario: 'otro', fecha: '2026-01-01' },
    })),
    'POST /api/casos/alta': fixed('/api/casos/alta', () => altaBody()),
    'POST /api/casos/filtro': fixed('/api/casos/filtro?page=1&pageSize=20', () => ({
      busquedaRapida: 'gonzalez',
      condCasos: '1',
      apellido: 'Ter',
      dominio: 'ac',
    })),
    'POST /api/casos/export': fixed('/api/casos/export', () => ({ nroCaso: String(anyCase()), formato: 'excel' })),
    'PATCH /api/casos/flag/:id': byId('/api/casos/flag/:id', () => ({ flag: 3 })),
    'PATCH /api/casos/caso_ana/:id': byId('/api/casos/caso_ana/:id', () => ({ id_analista: 1, msg: 'Asignado' })),
    'PATCH /api/casos/:id': byId('/api/casos/:id', () => ({ caso: { ...casoFields }, asegurados: persona(3), terceros: [] })),
    'PATCH /api/casos/t/:id': byId('/api/casos/t/:id', () => ({ ...casoFields, presupuesto: '1000.50', completa_doc: false })),
    'PATCH /api/asegurados/t/:id': byId('/api/asegurados/t/:id', () => persona(4)),
    'PATCH /api/terceros/t/:id': byId('/api/terceros/t/:id', () => []),
    'PATCH /api/casos/avanza/:id': byId('/api/casos/avanza/:id', () => ({ id_estado: 1 })),
    'PATCH /api/casos/return/:id': byId('/api/casos/return/:id', () => ({ id_estado: 3 })),
    'PATCH /api/casos/cerrar/t/:id': byId('/api/casos/cerrar/t/:id', () => ({ id_estado: 9, msg: 'Sin acuerdo' })),
    'PATCH /api/casos/reabrir/:id': byId('/api/casos/reabrir/:id', () => ({})),
    'PATCH /api/casos/reinspeccionar/:id': byId('/api/casos/reinspeccionar/:id', () => ({})),
    'PATCH /api/casos/estado/:id': byId('/api/casos/estado/:id', () => ({ id_estado: 3 })),
    'PATCH /api/casos/analisis/:id': byId('/api/casos/analisis/:id', () => ({
      id_responsabilidad: 1,
      valor_ofertado: '120000.50',
      analisis: 'Responsabilidad compartida',
    })),
    'PATCH /api/casos/reconsiderar/:id': byId('/api/casos/reconsiderar/:id', () => ({ valor_ofertado: '130000', msg: 'Nueva oferta' })),
    'POST /api/casos/filtrovalores': fixed('/api/casos/filtrovalores?page=1', () => ({
      compania: String(idCompania),
      fechaDesde: '2026-01-01',
      fechaHasta: '2026-12-31',
    })),
    'POST /api/documentacion/d/:id': byId('/api/documentacion/d/:id', () => ({ doc: 'no-existe.pdf', usuario: 'x' })),
    'POST /api/documentacion/c/:id': byId('/api/documentacion/c/:id', () => ({ convenioFile: [convenio] })),
    'POST /api/letrados': fixed('/api/letrados', () => ({
      id_caso: anyCase(),
      apellido: 'Letrado',
      nombre: 'Fuzz',
      mail: 'l@x.com',
      cuit: '20-1-3',
    })),
    'PATCH /api/letrados/:id': fixed('/api/letrados/1', () => ({ apellido: 'Letrado', nombre: 'Dos' })),
    'POST /api/lesionados/:id': byId('/api/lesionados/:id', () => ({
      apellido: 'Lesionado',
      nombre: 'Uno',
      id_tipo_doc: 1,
      nro_doc: '123',
    })),
    'PATCH /api/lesionados/:id': fixed('/api/lesionados/1', () => ({
      apellido: 'Lesionado',
      nombre: 'Dos',
      id_tipo_doc: 1,
      nro_doc: '124',
    })),
    'POST /api/mediacion/:id': byId('/api/mediacion/:id', () => ({
      fechah: '2026-06-01',
      hora: '10:00',
      lugar: 'Juzgado 1',
      mediacion_nro: 55,
    })),
    'PATCH /api/mediacion/:id': fixed('/api/mediacion/1', () => ({ fechah: '2026-06-02', hora: '11:00', lugar: 'Juzgado 2' })),
    'POST /api/mediacion/filter': fixed('/api/mediacion/filter?page=1', () => ({ audienciaNro: '5', compania: String(idCompania) })),
    'POST /api/inspeccion/:id': byId('/api/inspeccion/:id', () => ({
      id_inspector: t.ids.inspectorRecord,
      fecha_inspeccion: '2026-07-01',
      direccion: 'Calle 3',
      detalle: 'Trasero',
    })),
    'PATCH /api/inspeccion/edit/:id': fixed(`/api/inspeccion/edit/${ajena!.id}`, () => ({
      id_inspector: t.ids.inspector2Record,
      fecha_inspeccion: '2026-07-02',
      direccion: 'Calle 4',
      detalle: 'Lateral',
      estado: 'Finalizada',
    })),
    'PATCH /api/inspeccion/update_inspector/:id': fixed(`/api/inspeccion/update_inspector/${ajena!.id}`, () => ({
      inspector: t.ids.inspector2Record,
    })),
    'POST /api/inspeccion/filtro': fixed('/api/inspeccion/filtro?page=1', () => ({ estado: 'Coordinada', nroCaso: '' })),
    'DELETE /api/inspeccion/:id': fixed('/api/inspeccion/999999', () => ({ id_caso: anyCase() })),
    'POST /api/documentacion/t/:id': {
      path: () => `/api/documentacion/t/${anyCase()}`,
      parts: () => [
        ['tipo', 'Foto'],
        ['uploadFiles', { filename: 'foto.png', content: SAMPLE_FILES.png }],
      ],
    },
    'PATCH /api/inspeccion/d/:id': {
      path: () => `/api/inspeccion/d/${openInspections.length > 1 ? openInspections.shift() : openInspections[0]}`,
      parts: () => [
        ['resultado', 'Daño leve'],
        ['monto_inspeccion', '1500.50'],
        ['inspeccion', { filename: 'informe.pdf', content: SAMPLE_FILES.pdf }],
        ['cotizacion', { filename: 'cotizacion.jpg', content: SAMPLE_FILES.jpg }],
      ],
    },
  };
}, 180_000);
afterAll(() => t?.close());

const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

// ---------------------------------------------------------------------------------------------

describe('mass assignment: fields the server owns are never written from a body', () => {
  async function casoRow(id: number) {
    const [row] = await t.database.db.select().from(casos).where(eq(casos.id, id));
    return row!;
  }

  it('POST /casos/alta ignores id_estado, usuario, fecha_creado and id, and refuses a flag or an unknown property', async () => {
    const body = altaBody();
    const caso = {
      ...(body.caso as object),
      id: 999_999,
      id_estado: 8,
      fecha_creado: '2000-01-01',
      fecha_estado: '2000-01-01',
      usuario: 'intruso@evil.local',
      user: 'intruso',
      msg: 'x',
    };
    const response = await t.request('user', { method: 'POST', url: '/api/casos/alta', payload: { ...body, caso } });
    expect(response.statusCode, response.body).toBe(201);
    const row = await casoRow(response.json().id);
    expect(row.id).not.toBe(999_999);
    expect(row.id_estado).toBe(1);
    expect(row.usuario).toBe(USERNAMES.user);
    expect(row.fecha_creado).toBe(todayIso());
    const [alta] = await t.database.db.select().from(historial).where(eq(historial.id_caso, row.id));
    expect(alta!.usuario).toBe(USERNAMES.user);

    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(casos);
    for (const payload of [
      { ...body, caso: { ...(body.caso as object), urg: true } },
      { ...body, caso: { ...(body.caso as object), id_analista: 1 } },
      { ...body, caso: { ...(body.caso as object), valor_ofertado: '1' } },
      { ...body, flags: { urg: true } },
      { ...body, asegurado: { ...(body.asegurado as object), isAdmin: true } },
    ]) {
      const refused = await t.request('user', { method: 'POST', url: '/api/casos/alta', payload });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof refused.json().message).toBe('string');
    }
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(casos);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('POST /casos/alta writes a new insured party even when the body names an existing one by id', async () => {
    const other = await insertCaso(t.database.db);
    const body = altaBody();
    const response = await t.request('user', {
      method: 'POST',
      url: '/api/casos/alta',
      payload: { ...body, asegurado: { ...(body.asegurado as object), id: other.idAsegurado, apellido: 'Pisado' } },
    });
    expect(response.statusCode, response.body).toBe(201);
    const row = await casoRow(response.json().id);
    expect(row.id_asegurado).not.toBe(other.idAsegurado);
    const [untouched] = await t.database.db.select().from(asegurados).where(eq(asegurados.id, other.idAsegurado));
    expect(untouched!.apellido).toBe('González');
  });

  it('PATCH /casos/:id and /casos/t/:id leave status, flags, offer, closing date, analysis and people links as they were', async () => {
    const target = await insertCaso(t.database.db, { idEstado: 3 });
    const other = await insertCaso(t.database.db);
    const body = altaBody();
    const owned = {
      id_estado: 9,
      fecha_estado: '2000-01-01',
      fecha_cierre: '2000-01-01',
      valor_ofertado: '999999.99',
      analisis: 'inyectado',
      id_asegurado: other.idAsegurado,
      id_responsabilidad: 1,
      id_letrado: 1,
      usuario: 'intruso@evil.local',
      ...Object.fromEntries(FLAGS.map((flag) => [flag.key, true])),
    };
    const full = await t.request('user', {
      method: 'PATCH',
      url: `/api/casos/${target.id}`,
      payload: {
        caso: { ...(body.caso as object), ...owned },
        asegurados: { ...(body.asegurado as object), id: other.idAsegurado, apellido: 'Editado' },
        terceros: [],
      },
    });
    expect(full.statusCode, full.body).toBe(200);
    const partial = await t.request('admin', {
      method: 'PATCH',
      url: `/api/casos/t/${target.id}`,
      payload: { ...(body.caso as object), ...owned },
    });
    expect(partial.statusCode, partial.body).toBe(200);

    const row = await casoRow(target.id);
    expect(row.id_estado).toBe(3);
    expect(row.fecha_cierre).toBeNull();
    expect(row.valor_ofertado).toBeNull();
    expect(row.analisis).toBeNull();
    expect(row.id_responsabilidad).toBeNull();
    expect(row.id_asegurado).toBe(target.idAsegurado);
    expect(row.usuario).toBe('fixture@test.local');
    for (const flag of FLAGS) expect(row[flag.key], flag.key).toBe(false);
    // The insured party edited is the case's own, whatever id the body names.
    const [mine] = await t.database.db.select().from(asegurados).where(eq(asegurados.id, target.idAsegurado));
    const [theirs] = await t.database.db.select().from(asegurados).where(eq(asegurados.id, other.idAsegurado));
    expect(mine!.apellido).toBe('Editado');
    expect(theirs!.apellido).toBe('González');
  });

  it("PATCH /terceros/t/:id and PATCH /casos/:id cannot reach another case's third party through its id, and change nothing", async () => {
    const target = await insertCaso(t.database.db);
    const other = await insertCaso(t.database.db);
    const tercero = { apellido: 'Secuestrado', nombre: 'X', id_tipo_doc: 1, nro_doc: '1', marca_modelo: 'X', dominio: 'X1' };
    const direct = await t.request('user', {
      method: 'PATCH',
      url: `/api/terceros/t/${target.id}`,
      payload: [{ ...tercero, id: other.terceroIds[0] }],
    });
    expect(direct.statusCode, direct.body).toBe(404);
    const body = altaBody();
    const full = await t.request('user', {
      method: 'PATCH',
      url: `/api/casos/${target.id}`,
      payload: {
        caso: { ...(body.caso as object), gestor: 'No debe quedar' },
        asegurados: body.asegurado,
        terceros: [{ ...tercero, id: other.terceroIds[0] }],
      },
    });
    expect(full.statusCode, full.body).toBe(404);
    const [theirs] = await t.database.db.select().from(terceros).where(eq(terceros.id, other.terceroIds[0]!));
    expect(theirs!.apellido).toBe('Tercero1');
    expect(theirs!.id_caso).toBe(other.id);
    // One transaction: the case fields sent with the refused third party were not written either.
    expect((await casoRow(target.id)).gestor).toBe('Gestor Test');
  });

  it('history rows, inspections and injured people take the case from the path and the user from the session', async () => {
    const target = await insertCaso(t.database.db, { idEstado: 2 });
    const other = await insertCaso(t.database.db);
    const nota = await t.request('user', {
      method: 'POST',
      url: '/api/historial',
      payload: { id_caso: target.id, msg: 'Nota', usuario: 'intruso@evil.local', fecha: '2000-01-01' },
    });
    expect(nota.statusCode, nota.body).toBe(201);
    const notas = await t.database.db.select().from(historial).where(eq(historial.id_caso, target.id));
    expect(notas.map((row) => row.usuario)).not.toContain('intruso@evil.local');

    const agenda = await t.request('user', {
      method: 'POST',
      url: `/api/inspeccion/${target.id}`,
      payload: {
        id_inspector: t.ids.inspectorRecord,
        fecha_inspeccion: '2026-07-01',
        direccion: 'Calle',
        detalle: 'Detalle',
        id_caso: other.id,
        estado: 'Finalizada',
        id: 1,
      },
    });
    expect(agenda.statusCode, agenda.body).toBe(201);
    const [inspeccion] = await t.database.db.select().from(inspecciones).where(eq(inspecciones.id, agenda.json().id));
    expect(inspeccion!.id_caso).toBe(target.id);
    expect(inspeccion!.estado).toBe('Coordinada');

    const lesionado = await t.request('user', {
      method: 'POST',
      url: `/api/lesionados/${target.id}`,
      payload: { apellido: 'L', nombre: 'N', id_tipo_doc: 1, nro_doc: '1', id_caso: other.id, idCaso: other.id },
    });
    expect(lesionado.statusCode, lesionado.body).toBe(201);
    expect(lesionado.json().id_caso).toBe(target.id);
  });
});

describe('LIKE patterns take % and _ literally', () => {
  it('POST /casos/filtro: a quick search, surname or plate of % or _ matches only what contains it', async () => {
    const db = t.database.db;
    const body = altaBody();
    const conPorcentaje = await t.request('user', {
      method: 'POST',
      url: '/api/casos/alta',
      payload: {
        ...body,
        asegurado: { ...(body.asegurado as object), apellido: 'Cien%Porciento' },
        terceros: [{ ...(body.terceros as object[])[0], apellido: 'Guion_Bajo', dominio: 'AB_12' }],
      },
    });
    expect(conPorcentaje.statusCode, conPorcentaje.body).toBe(201);
    const total = (await db.select({ n: sql<number>`count(*)::int` }).from(casos))[0]!.n;
    expect(total).toBeGreaterThan(3);

    const matches = async (filtro: Record<string, string>) => {
      const response = await t.request('user', { method: 'POST', url: '/api/casos/filtro?page=1&pageSize=100', payload: filtro });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { totalRows: number; cases: { id: number }[] };
    };
    const expected = async (column: 'busqueda', char: string) =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(casos)
          .where(sql`strpos(${casos[column]}, ${char}) > 0`)
      )[0]!.n;

    for (const char of ['%', '_', '%%', '\\']) {
      const result = await matches({ busquedaRapida: char });
      expect(result.totalRows, `busquedaRapida '${char}'`).toBe(await expected('busqueda', char));
      expect(result.totalRows).toBeLessThan(total);
    }
    const porApellido = await matches({ apellido: '%' });
    expect(porApellido.cases.map((row) => row.id)).toEqual([conPorcentaje.json().id]);
    const porApellidoGuion = await matches({ apellido: '_' });
    expect(porApellidoGuion.cases.map((row) => row.id)).toEqual([conPorcentaje.json().id]);
    const porDominio = await matches({ dominio: '_' });
    expect(porDominio.cases.map((row) => row.id)).toEqual([conPorcentaje.json().id]);
    expect((await matches({ dominio: '%' })).totalRows).toBe(0);
  });

  it('POST /mediacion/filter: a hearing number of % matches only hearings whose number contains it', async () => {
    const caso = await insertCaso(t.database.db);
    for (const mediacion_nro of ['A%1', 'B-2', 'C-3']) {
      const created = await t.request('user', {
        method: 'POST',
        url: `/api/mediacion/${caso.id}`,
        payload: { fechah: '2026-06-01', hora: '10:00', lugar: 'Juzgado', mediacion_nro },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const response = await t.request('user', {
      method: 'POST',
      url: '/api/mediacion/filter?page=1&pageSize=100',
      payload: { audienciaNro: '%' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json().data as { mediacion_nro: string }[]).map((row) => row.mediacion_nro)).toEqual(['A%1']);
    const guion = await t.request('user', {
      method: 'POST',
      url: '/api/mediacion/filter?page=1&pageSize=100',
      payload: { audienciaNro: '_' },
    });
    expect(guion.json().total).toBe(0);
  });
});

describe('POST /casos/export escapes cells that a spreadsheet would run as formulas', () => {
  it('keeps = + - @ at the start of a cell as text', async () => {
    const body = altaBody();
    const dangerous = {
      gestor: '=HYPERLINK("http://evil.example","x")',
      asegurado: '+5491155550000',
      aseguradoNombre: '-2+3',
      tercero: '@SUM(A1:A9)',
      dominio: '-A1',
    };
    const created = await t.request('user', {
      method: 'POST',
      url: '/api/casos/alta',
      payload: {
        caso: { ...(body.caso as object), gestor: dangerous.gestor },
        asegurado: { ...(body.asegurado as object), apellido: dangerous.asegurado, nombre: dangerous.aseguradoNombre },
        terceros: [{ ...(body.terceros as object[])[0], apellido: dangerous.tercero, nombre: 'Ana', dominio: dangerous.dominio }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const response = await t.request('user', {
      method: 'POST',
      url: '/api/casos/export',
      payload: { nroCaso: String(created.json().id), formato: 'excel' },
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    const texts: string[] = [];
    sheet.getRow(2).eachCell((cell) => {
      expect(cell.type, `cell ${cell.address}`).not.toBe(ExcelJS.ValueType.Formula);
      if (typeof cell.value === 'string') texts.push(cell.value);
    });
    // The values are there as typed, in string cells: opening the file evaluates nothing, and shows no added quote.
    expect(texts).toContain(dangerous.gestor);
    expect(texts).toContain(`${dangerous.tercero} Ana`);
    expect(texts).toContain(dangerous.dominio);
    expect(texts.some((text) => text.startsWith(dangerous.asegurado))).toBe(true);
    const sheetXml = await (await JSZip.loadAsync(response.rawPayload)).file('xl/worksheets/sheet1.xml')!.async('string');
    expect(sheetXml).not.toContain('<f>');
  });
});

describe(`fuzz: every route, as Admin, User and Inspector (${FUZZ_RUNS} requests, seed ${SEED})`, () => {
  it(
    'never answers 5xx, never leaks internals, always answers errors as JSON {message}, refuses unknown properties',
    async () => {
      const started = Date.now();
      const combos = routes.flatMap((route) => FUZZ_ROLES.map((role) => ({ route, role })));
      const mutable = Object.keys(valid);
      const mutationCombos = routes
        .filter((route) => mutable.includes(keyOf(route)))
        .flatMap((route) => FUZZ_ROLES.filter((role) => allowed(route, role)).map((role) => ({ route, role })));
      const leafCount = mutable.reduce(
        (total, key) => total + (valid[key]!.parts ? valid[key]!.parts!().length : leafSweep(undefined, valid[key]!.body!(), 1).length),
        0,
      );
      /** At least the two most telling killers per leaf; every killer once FUZZ_RUNS allows it. */
      const perLeaf = Math.min(NUMBER_KILLERS.length, Math.max(2, Math.floor((FUZZ_RUNS * 0.25) / leafCount)));
      const perMutationCombo = Math.ceil((FUZZ_RUNS * 0.2) / mutationCombos.length);
      const rawRuns = Math.ceil(FUZZ_RUNS * 0.1);
      const spellingRuns = Math.ceil(FUZZ_RUNS * 0.1);
      // The schema-generated requests take the rest of the budget.
      const planned = mutable.length + leafCount * perLeaf + perMutationCombo * mutationCombos.length + rawRuns + spellingRuns;
      const perSchemaCombo = Math.max(1, Math.ceil((FUZZ_RUNS - planned) / combos.length));

      // Every known-valid body is accepted as it is (not a 400): its mutations start from something real.
      for (const key of mutable) {
        const route = routes.find((item) => keyOf(item) === key);
        expect(route, `valid body for a route that does not exist: ${key}`).toBeDefined();
        const example = valid[key]!;
        const response = example.parts
          ? await send({ method: route!.method, url: example.path(), role: 'admin', ...multipartRequest(example.parts()) }, key)
          : await send(
              {
                method: route!.method,
                url: example.path(),
                role: 'admin',
                payload: JSON.stringify(example.body!()),
                contentType: 'application/json',
              },
              key,
            );
        // A validation 400 lists the fields (`errors`); a rule of the service (409, 422, 404...) is fine here.
        if (response.statusCode === 400 && Array.isArray(response.json().errors)) record(`${key} valid body refused`, response.body);
      }

      // 1. Bodies, params, queries and headers generated from each route's schema.
      let index = 0;
      for (const { route, role } of combos) {
        const key = keyOf(route);
        const bodyIsStrict = objectVariant(route.body)?.additionalProperties === false;
        await fc.assert(
          fc.asyncProperty(schemaRequestArb(route, role), async (request) => {
            const response = await send(request, key);
            // Unknown properties are refused before anything runs (400), once the caller may call the route.
            if (
              request.withUnknown &&
              request.routed &&
              bodyIsStrict &&
              allowed(route, role) &&
              ![400, 413, 429].includes(response.statusCode)
            ) {
              record(`${key} accepted an unknown property`, `${response.statusCode} ${describeSent(request)}`);
            }
            if (key === 'POST /api/casos/alta' && response.statusCode === 201) await checkCreatedCase(response.json().id, role, request);
          }),
          { numRuns: perSchemaCombo, seed: SEED + index++, endOnFailure: true },
        );
      }

      // 2. Mutations of a known-valid body: one field dropped, replaced, retyped, or an unknown one added.
      for (const { route, role } of mutationCombos) {
        const key = keyOf(route);
        const example = valid[key]!;
        if (example.parts) {
          await fc.assert(
            fc.asyncProperty(partsMutationArb(example.parts()), async (parts) => {
              await send({ method: route.method, url: example.path(), role, ...multipartRequest(parts) }, key);
            }),
            { numRuns: perMutationCombo, seed: SEED + index++, endOnFailure: true },
          );
          continue;
        }
        const base = example.body!();
        await fc.assert(
          fc.asyncProperty(mutationArb(base), async (mutation) => {
            const body = applyMutation(base, mutation);
            const request: FuzzRequest = {
              method: route.method,
              url: example.path(),
              role,
              ...(body === undefined ? {} : { payload: JSON.stringify(body), contentType: 'application/json' }),
            };
            const response = await send(request, key);
            if (addsRefusedProperty(route.body, base, mutation) && ![400, 413, 429].includes(response.statusCode)) {
              record(`${key} accepted an unknown property`, `${response.statusCode} at ${mutation.at.join('.')} ${describeSent(request)}`);
            }
            if (key === 'POST /api/casos/alta' && response.statusCode === 201) await checkCreatedCase(response.json().id, role, request);
          }),
          { numRuns: perMutationCombo, seed: SEED + index++, endOnFailure: true },
        );
      }

      // 3. Every leaf of every known-valid body, one at a time, replaced by values that break storage.
      for (const key of mutable) {
        const route = routes.find((item) => keyOf(item) === key)!;
        const example = valid[key]!;
        const role: FuzzRole = allowed(route, 'admin') ? 'admin' : 'inspector';
        if (example.parts) {
          for (const parts of partsSweep(example.parts(), perLeaf))
            await send({ method: route.method, url: example.path(), role, ...multipartRequest(parts) }, `${key} (sweep)`);
          continue;
        }
        const base = example.body!();
        for (const { at, value } of leafSweep(route.body, base, perLeaf)) {
          const body = applyMutation(base, { kind: 'replace', at, value });
          const request: FuzzRequest = {
            method: route.method,
            url: example.path(),
            role,
            payload: JSON.stringify(body),
            contentType: 'application/json',
          };
          const response = await send(request, `${key} ${at.join('.')} (sweep)`);
          if (key === 'POST /api/casos/alta' && response.statusCode === 201) await checkCreatedCase(response.json().id, role, request);
        }
      }

      // 4. Malformed requests: broken JSON, other content types, prototype keys, deep nesting, odd methods.
      await fc.assert(
        fc.asyncProperty(rawRequestArb(), async (request) => {
          await send(
            request,
            `${request.method} (raw ${request.contentType ?? 'no content-type'}, ${request.payload === undefined ? 'no body' : 'body'})`,
          );
        }),
        { numRuns: rawRuns, seed: SEED + index++, endOnFailure: true },
      );

      // 5. Other spellings of a path (encoded letters, case, //, /./, %2e, absolute form): a caller the
      // route refuses is refused in every spelling (docs/decisions/029-decisions-by-the-matched-route.md).
      await fc.assert(
        fc.asyncProperty(spelledRequestArb(), async ({ route, role, spelling }) => {
          const request: FuzzRequest = { method: route.method, url: spelling.path, role, ...jsonBodyFor(route.method) };
          const response = await send(request, `${keyOf(route)} (spelled: ${spelling.name})`);
          const isRefused = role === null ? route.access !== 'public' : !allowed(route, role);
          if (isRefused && response.statusCode < 400) {
            record(`${keyOf(route)} reached through '${spelling.name}'`, `${response.statusCode} ${describeSent(request)}`);
          }
        }),
        { numRuns: spellingRuns, seed: SEED + index++, endOnFailure: true },
      );

      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.info(`fuzz: ${sentCount} requests over ${routes.length} routes in ${seconds} s (seed ${SEED})`);
      expect([...failures.entries()].map(([key, detail]) => `${key}\n    ${detail}`)).toEqual([]);
      expect(sentCount).toBeGreaterThanOrEqual(FUZZ_RUNS);
    },
    FUZZ_TIMEOUT_MS,
  );
});

/** A case created by a fuzzed body is a plain new case: status 1, today, the session's user, its 'Alta caso' row. */
async function checkCreatedCase(id: number, role: Role, request: FuzzRequest) {
  const [row] = await t.database.db.select().from(casos).where(eq(casos.id, id));
  const history = await t.database.db.select().from(historial).where(eq(historial.id_caso, id));
  const wrong =
    !row ||
    row.id_estado !== 1 ||
    row.usuario !== USERNAMES[role] ||
    row.fecha_creado !== todayIso() ||
    !history.some((item) => item.msg === 'Alta caso') ||
    FLAGS.some((flag) => row[flag.key]);
  if (wrong) record('POST /api/casos/alta wrote a server-owned field', `${JSON.stringify(row)} ${describeSent(request)}`);
}

function multipartRequest(parts: Part[]): Pick<FuzzRequest, 'payload' | 'contentType'> {
  const { payload, headers } = multipart(parts);
  return { payload, contentType: headers['content-type'] };
}

const NASTY_FILE_NAMES = [
  '../../../etc/passwd.pdf',
  '..\\..\\x.pdf',
  '.pdf',
  'a'.repeat(300) + '.pdf',
  'CON.pdf',
  'foto.PNG',
  'foto.png.exe',
  'foto',
  'a\u0000b.pdf',
  'ñandú 😀.pdf',
  'x.pdf;.php',
  '%2e%2e%2fx.pdf',
  ' .pdf',
  'x.',
];
const FILE_CONTENTS = [
  SAMPLE_FILES.pdf,
  SAMPLE_FILES.png,
  SAMPLE_FILES.jpg,
  Buffer.alloc(0),
  Buffer.from('MZ\x90\x00 ejecutable'),
  Buffer.from('<?php echo 1; ?>'),
  Buffer.alloc(5000, 0xff),
];

/** The valid multipart body with one part dropped, replaced, renamed, repeated, or its file swapped. */
function partsMutationArb(parts: Part[]): fc.Arbitrary<Part[]> {
  const index = fc.integer({ min: 0, max: parts.length - 1 });
  const fieldValue = fc.oneof(
    nastyString.map((value) => value.replace(/\r|\n/g, ' ')),
    fc.constantFrom('Foto', 'Denuncia', 'Inexistente', '-1', '1e400'),
  );
  const fileValue = fc.record({ filename: fc.constantFrom(...NASTY_FILE_NAMES), content: fc.constantFrom(...FILE_CONTENTS) });
  return fc.oneof(
    index.map((at) => parts.filter((_, position) => position !== at)),
    fc
      .tuple(index, fieldValue)
      .map(([at, value]) =>
        parts.map((part, position): Part =>
          position === at ? [part[0], typeof part[1] === 'string' ? value : { ...part[1], filename: value.slice(0, 40) || 'x' }] : part,
        ),
      ),
    fc
      .tuple(index, fileValue)
      .map(([at, file]) => parts.map((part, position): Part => (position === at && typeof part[1] !== 'string' ? [part[0], file] : part))),
    fc
      .tuple(index, fc.constantFrom('zz_intruso', 'uploadFiles', 'tipo', 'inspeccion', ''))
      .map(([at, name]) => parts.map((part, position): Part => (position === at ? [name, part[1]] : part))),
    index.map((at) => [...parts, parts[at]!]),
    fc
      .array(
        fc.tuple(
          fc.constantFrom('tipo', 'uploadFiles', 'resultado', 'monto_inspeccion', 'inspeccion', 'cotizacion', 'zz'),
          fc.oneof(fieldValue, fileValue),
        ),
        { maxLength: 6 },
      )
      .map((random) => random as Part[]),
  );
}

const RAW_BODIES: [contentType: string | undefined, body: string | Buffer][] = [
  ['application/json', '{'],
  ['application/json', '{"a":'],
  ['application/json', '[]'],
  ['application/json', 'null'],
  ['application/json', '"texto"'],
  ['application/json', '1e400'],
  ['application/json', ''],
  ['application/json', '{"__proto__":{"isAdmin":true,"rol":1}}'],
  ['application/json', '{"constructor":{"prototype":{"isAdmin":true}}}'],
  ['application/json', `${'['.repeat(5000)}${']'.repeat(5000)}`],
  ['application/json', `{"caso":${'{"a":'.repeat(3000)}1${'}'.repeat(3001)}`],
  ['application/json', '\ufeff{}'],
  ['application/json', '{"id":1,"id":2}'],
  ['application/json', '{"id_compania":1e400,"flag":-0,"id":123456789012345678901234567890,"page":1e-400}'],
  ['application/json', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
  ['application/json; charset=utf-16', '{}'],
  ['application/json; charset=latin1', '{"a":"\u00f1"}'],
  ['text/plain', 'hola'],
  ['application/x-www-form-urlencoded', 'a=1&b=2&__proto__[x]=1'],
  ['application/xml', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'],
  ['multipart/form-data', '--x--'],
  ['multipart/form-data', 'hola'],
  ['multipart/form-data; boundary=', '--\r\n'],
  ['multipart/form-data; boundary=abc', 'basura sin partes'],
  [
    'multipart/form-data; boundary=abc',
    '--abc\r\nContent-Disposition: form-data; name="tipo"\r\n\r\nFoto\r\n--abc\r\nContent-Disposition: form-data; name="uploadFiles"; filename="x.pdf"\r\n\r\n%PDF-1.4 cortado',
  ],
  [undefined, 'sin tipo'],
  ['application/octet-stream', Buffer.alloc(100, 0)],
  ['image/png', SAMPLE_FILES.png],
];

/**
 * A route, a caller and one other spelling of the route's path (its params filled as usual). Not the
 * routes that end the session they are called with: spelled, they would end the walk's own.
 */
function spelledRequestArb() {
  const spellable = routes.filter((route) => !ENDS_SESSION.has(route.url));
  return fc
    .record({ route: fc.constantFrom(...spellable), role: fc.constantFrom<FuzzRole | null>(null, ...FUZZ_ROLES) })
    .chain(({ route, role }) =>
      pathArb(route).chain(({ path }) => {
        const origin = path.split('?')[0]!;
        const spellings = fc.oneof(
          { weight: 4, arbitrary: spelledPathArb(origin) },
          { weight: 1, arbitrary: fc.constantFrom(...absoluteTargetsOf(origin, 'localhost')) },
        );
        return spellings.map((spelling) => ({ route, role, spelling, path }));
      }),
    );
}

const jsonBodyFor = (method: string) =>
  method === 'GET' || method === 'DELETE' || method === 'HEAD' ? {} : { payload: '{}', contentType: 'application/json' };

const ODD_METHODS = ['OPTIONS', 'PUT', 'HEAD', 'DELETE', 'PATCH', 'POST', 'GET'];

function rawRequestArb(): fc.Arbitrary<FuzzRequest> {
  const roles = fc.constantFrom<Role | null>(null, 'admin', 'user', 'inspector');
  const url = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...routes).chain((route) => pathArb(route).map(({ path }) => path)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '/api',
        '/api/',
        '/api//casos',
        '/api/casos/%2e%2e/users',
        '/api/./users',
        '/api/casos;x=1',
        '/api/CASOS',
        '/api/casos/1/../../users',
        '/api/%zz',
        '/api/documentacion/downloadfile?id=1&name=..%2F..%2Fetc%2Fpasswd',
        '/api/documentacion/downloadfile?id=1&name=%00',
      ),
    },
  );
  return fc
    .record({ url, method: fc.constantFrom(...ODD_METHODS), role: roles, raw: fc.constantFrom(...RAW_BODIES), withBody: fc.boolean() })
    .map(({ url, method, role, raw, withBody }) => ({
      method,
      url,
      role,
      ...(withBody && method !== 'GET' && method !== 'HEAD' ? { payload: raw[1], ...(raw[0] ? { contentType: raw[0] } : {}) } : {}),
    }));
}
