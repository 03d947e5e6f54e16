import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { PASSWORD, USERNAMES, type Role, type TestApp } from '../helpers';
import { multipart, type Part } from '../multipart';
import { absoluteTargetsOf, spelledPathArb } from '../security/path-spellings';
import {
  addsRefusedProperty,
  applyMutation,
  leafSweep,
  mutationArb,
  NUMBER_KILLERS,
  partsMutationArb,
  partsSweep,
  type KnownValid,
} from './bodies';
import { problemsOf } from './invariants';
import { allowed, endsSession, ENDS_SESSION, FUZZ_CALLERS, keyOf, routeCatalogue, type FuzzCaller, type RouteSpec } from './routes';
import { fromSchema, objectArb, objectVariant, type OpenApiParameter } from './schemas';
import {
  NASTY_SEGMENTS,
  nastyString,
  nastyValue,
  ODD_METHODS,
  ODD_URLS,
  RAW_BODIES,
  RAW_QUERY_TAILS,
  safeEncode,
  unknownKey,
} from './values';

/** Who sends a request: a staff role, the claimant (the portal cookie), or anonymous. */
type Caller = Role | 'claimant';

export type FuzzRequest = {
  method: string;
  url: string;
  role: Caller | null;
  payload?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
};

/** A check of one route's answer beyond the common ones: what is wrong with it, or undefined. */
export type RouteCheck = (response: LightMyRequestResponse, role: Role) => Promise<string | undefined>;

export type FuzzTargets = {
  /** Ids that exist in some table (cases, inspections, people...): params hit real rows often. */
  realIds: number[];
  /** The user whose id the users' routes get (never one the walk signs in as). */
  victimUserId: number;
  /** A body each of these routes accepts, keyed `METHOD /url`: the start of mutations and sweeps. */
  knownValid: Record<string, KnownValid>;
  /** Checks of particular routes' answers (as a staff role), keyed like `knownValid`. */
  checks?: Record<string, RouteCheck>;
  /**
   * The claimant's portal cookies (docs/decisions/084): `cookie`, the session whose link's items the
   * known-valid portal requests name; `fresh()`, a new claimant past the DNI check (a throwaway).
   */
  claimant: { cookie: string; fresh: () => Promise<string> };
};

/** How the request budget is shared between the walks. */
export type FuzzPlan = { perSchemaCombo: number; perMutationCombo: number; perLeaf: number; rawRuns: number; spellingRuns: number };

/** Refusals of an unknown property: the validation's 400, or a limit that answered first. */
const REFUSED = [400, 413, 429];

const describeRequest = (request: FuzzRequest): string => {
  const isMultipart = request.contentType?.startsWith('multipart/');
  const body =
    request.payload === undefined
      ? ''
      : Buffer.isBuffer(request.payload)
        ? isMultipart
          ? JSON.stringify(request.payload.toString('utf8').slice(0, 600))
          : `<${request.payload.length} bytes>`
        : String(request.payload);
  return `${request.method} ${request.url} as ${request.role ?? 'anonymous'} ${request.contentType ?? ''} ${body.slice(0, 700)}`;
};

function multipartRequest(parts: Part[]): Pick<FuzzRequest, 'payload' | 'contentType'> {
  const { payload, headers } = multipart(parts);
  return { payload, contentType: headers['content-type'] };
}

const jsonRequest = (body: unknown): Pick<FuzzRequest, 'payload' | 'contentType'> =>
  body === undefined ? {} : { payload: JSON.stringify(body), contentType: 'application/json' };

const jsonBodyFor = (method: string) => (method === 'GET' || method === 'DELETE' || method === 'HEAD' ? {} : jsonRequest({}));

/**
 * A property-based walk of every route of the app (fuzz.test.ts says what it checks). Every
 * answer is held to the invariants of `invariants.ts`; what is wrong is collected per route and
 * problem (`takeFailures`), so one run lists every distinct failure, each with a request that
 * shows it. Requests come from fast-check with fixed seeds: a failure reproduces.
 */
export class Fuzzer {
  readonly routes: RouteSpec[];
  sent = 0;
  private readonly failures = new Map<string, string>();
  private readonly cookies = new Map<Role, string>();
  /** The claimant's session: the known-valid portal requests name its link's items. */
  private claimantCookie: string;
  private addressCounter = 0;
  private seedOffset = 0;

  constructor(
    private readonly t: TestApp,
    private readonly targets: FuzzTargets,
    private readonly seed: number,
  ) {
    this.routes = routeCatalogue(t);
    this.claimantCookie = targets.claimant.cookie;
  }

  /** The known-valid routes, their leaves and the combos, sized so that the walks send at least `runs` requests. */
  plan(runs: number): FuzzPlan {
    const leafCount = Object.values(this.targets.knownValid).reduce(
      (total, example) => total + (example.parts ? example.parts().length : leafSweep(undefined, example.body!(), 1).length),
      0,
    );
    /** At least the two most telling killers per leaf; every killer once `runs` allows it. */
    const perLeaf = Math.min(NUMBER_KILLERS.length, Math.max(2, Math.floor((runs * 0.25) / leafCount)));
    const mutationCombos = this.mutationCombos().length;
    const perMutationCombo = Math.ceil((runs * 0.2) / mutationCombos);
    const rawRuns = Math.ceil(runs * 0.1);
    const spellingRuns = Math.ceil(runs * 0.1);
    // The schema-generated requests take the rest of the budget.
    const planned = this.validRoutes().length + leafCount * perLeaf + perMutationCombo * mutationCombos + rawRuns + spellingRuns;
    const perSchemaCombo = Math.max(1, Math.ceil((runs - planned) / this.schemaCombos().length));
    return { perSchemaCombo, perMutationCombo, perLeaf, rawRuns, spellingRuns };
  }

  /** The distinct failures found since the last call, each `route problem` with a request that shows it. */
  takeFailures(): string[] {
    const found = [...this.failures.entries()].map(([key, detail]) => `${key}\n    ${detail}`);
    this.failures.clear();
    return found;
  }

  /** Each known-valid body, as Admin (the claimant on the portal's routes), is not refused by validation (a rule of the service, 409 or 404, is fine). */
  async knownValidBodies(): Promise<void> {
    for (const key of Object.keys(this.targets.knownValid)) {
      if (!this.routes.some((route) => keyOf(route) === key)) this.record(`${key} has a valid body but no route`, key);
    }
    for (const { route, example } of this.validRoutes()) {
      const { response } = await this.sendExample(route, example, this.firstAllowed(route), example.parts?.(), example.body?.());
      if (response.statusCode === 400 && Array.isArray(response.json().errors))
        this.record(`${keyOf(route)} valid body refused`, response.body);
    }
  }

  /** 1. Bodies, params, queries and headers generated from each route's schema, as each role. */
  async schemaWalk(perCombo: number): Promise<void> {
    for (const { route, role } of this.schemaCombos()) {
      const bodyIsStrict = objectVariant(route.body)?.additionalProperties === false;
      await this.assert(this.schemaRequestArb(route, role), perCombo, async (request) => {
        const response = await this.send(request, keyOf(route));
        // Unknown properties are refused before anything runs, once the caller may call the route.
        if (request.withUnknown && request.routed && bodyIsStrict && allowed(route, role) && !REFUSED.includes(response.statusCode))
          this.record(`${keyOf(route)} accepted an unknown property`, `${response.statusCode} ${describeRequest(request)}`);
        await this.checkRoute(route, role, response, request);
      });
    }
  }

  /** 2. A known-valid body with one field dropped, replaced, retyped or an unknown one added (multipart: one part). */
  async mutationWalk(perCombo: number): Promise<void> {
    for (const { route, role, example } of this.mutationCombos()) {
      if (example.parts) {
        await this.assert(partsMutationArb(example.parts()), perCombo, async (parts) => {
          await this.sendExample(route, example, role, parts);
        });
        continue;
      }
      const base = example.body!();
      await this.assert(mutationArb(base), perCombo, async (mutation) => {
        const { response, request } = await this.sendExample(route, example, role, undefined, applyMutation(base, mutation));
        if (addsRefusedProperty(route.body, base, mutation) && !REFUSED.includes(response.statusCode)) {
          const detail = `${response.statusCode} at ${mutation.at.join('.')} ${describeRequest(request)}`;
          this.record(`${keyOf(route)} accepted an unknown property`, detail);
        }
      });
    }
  }

  /** 3. Every leaf of every known-valid body, one at a time, replaced by values that break storage. */
  async storageSweep(perLeaf: number): Promise<void> {
    for (const { route, example } of this.validRoutes()) {
      const role = this.firstAllowed(route);
      if (example.parts) {
        for (const parts of partsSweep(example.parts(), perLeaf))
          await this.sendExample(route, example, role, parts, undefined, ' (sweep)');
        continue;
      }
      const base = example.body!();
      for (const { at, value } of leafSweep(route.body, base, perLeaf)) {
        const body = applyMutation(base, { kind: 'replace', at, value });
        await this.sendExample(route, example, role, undefined, body, ` ${at.join('.')} (sweep)`);
      }
    }
  }

  /** 4. Malformed requests: broken JSON, other content types, prototype keys, deep nesting, odd methods and paths. */
  async rawWalk(runs: number): Promise<void> {
    await this.assert(this.rawRequestArb(), runs, async (request) => {
      const body = request.payload === undefined ? 'no body' : 'body';
      await this.send(request, `${request.method} (raw ${request.contentType ?? 'no content-type'}, ${body})`);
    });
  }

  /**
   * 5. Other spellings of a path (encoded letters, case, //, /./, %2e, absolute form): a caller the
   * route refuses is refused in every spelling (docs/decisions/029-decisions-by-the-matched-route.md).
   */
  async spellingWalk(runs: number): Promise<void> {
    await this.assert(this.spelledRequestArb(), runs, async ({ route, role, spelling }) => {
      const request: FuzzRequest = { method: route.method, url: spelling.path, role, ...jsonBodyFor(route.method) };
      const response = await this.send(request, `${keyOf(route)} (spelled: ${spelling.name})`);
      if (!allowed(route, role) && response.statusCode < 400)
        this.record(`${keyOf(route)} reached through '${spelling.name}'`, `${response.statusCode} ${describeRequest(request)}`);
    });
  }

  // --- the runner --------------------------------------------------------------------------------

  /** Who sends a route's known-valid body: Admin where it may, else the claimant or the Inspector. */
  private firstAllowed(route: RouteSpec): FuzzCaller {
    return (['admin', 'claimant', 'inspector'] as const).find((caller) => allowed(route, caller)) ?? 'admin';
  }

  private record(key: string, detail: string) {
    if (!this.failures.has(key)) this.failures.set(key, detail);
  }

  private async assert<T>(arbitrary: fc.Arbitrary<T>, numRuns: number, check: (value: T) => Promise<void>): Promise<void> {
    await fc.assert(fc.asyncProperty(arbitrary, check), { numRuns, seed: this.seed + this.seedOffset++, endOnFailure: true });
  }

  /** Each request from its own address, so the login and TOTP rate limits never lock the walk out. */
  private nextAddress(): string {
    const n = ++this.addressCounter;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  }

  private async freshCookie(role: Caller): Promise<string> {
    if (role === 'claimant') return this.targets.claimant.fresh();
    const response = await this.t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      remoteAddress: this.nextAddress(),
      payload: { username: USERNAMES[role], password: PASSWORD },
    });
    if (response.statusCode !== 200) throw new Error(`login ${role}: ${response.statusCode} ${response.body}`);
    return `sid=${response.cookies.find((cookie) => cookie.name === 'sid')!.value}`;
  }

  private async cookieOf(role: Caller): Promise<string> {
    if (role === 'claimant') return this.claimantCookie;
    if (!this.cookies.has(role)) this.cookies.set(role, await this.freshCookie(role));
    return this.cookies.get(role)!;
  }

  /** Sends one request and records every invariant it breaks under `routeKey`. */
  private async send(request: FuzzRequest, routeKey: string): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...(request.headers ?? {}) };
    if (request.contentType) headers['content-type'] = request.contentType;
    if (request.role) headers.cookie = endsSession(request.url) ? await this.freshCookie(request.role) : await this.cookieOf(request.role);
    const options: InjectOptions = {
      method: request.method as InjectOptions['method'],
      url: request.url,
      headers,
      remoteAddress: this.nextAddress(),
    };
    if (request.payload !== undefined) options.payload = request.payload;
    this.sent++;
    const response = await this.t.app.inject(options);
    for (const problem of problemsOf(response, request.method))
      this.record(`${routeKey} ${problem.split(':')[0]}`, `${problem}\n    request: ${describeRequest(request)}`);
    // A claimant's 401 on a staff route is the rule; on a portal route it means the session ended, which no call should do.
    if (request.role === 'claimant' && response.statusCode === 401 && request.url.startsWith('/api/portal/') && !endsSession(request.url)) {
      const check = await this.t.app.inject({ method: 'GET', url: '/api/portal/estado', headers: { cookie: this.claimantCookie } });
      if (check.statusCode === 401) {
        this.record(`${routeKey} ended the claimant session`, describeRequest(request));
        this.claimantCookie = await this.targets.claimant.fresh();
      }
      return response;
    }
    // A session that a fuzzed call ended (it should not happen): sign in again rather than walk on as anonymous.
    if (request.role && request.role !== 'claimant' && response.statusCode === 401 && !endsSession(request.url)) {
      const check = await this.t.app.inject({
        method: 'GET',
        url: '/api/users/auth',
        headers: { cookie: this.cookies.get(request.role)! },
      });
      if (check.statusCode === 401) {
        this.record(`${routeKey} ended the ${request.role} session`, describeRequest(request));
        this.cookies.delete(request.role);
      }
    }
    return response;
  }

  /** A known-valid route's request with `parts` (multipart) or a JSON `body`, then the route's own check. */
  private async sendExample(route: RouteSpec, example: KnownValid, role: FuzzCaller, parts?: Part[], body?: unknown, suffix = '') {
    const request: FuzzRequest = {
      method: route.method,
      url: example.path(),
      role,
      ...(parts ? multipartRequest(parts) : jsonRequest(body)),
    };
    const response = await this.send(request, `${keyOf(route)}${suffix}`);
    await this.checkRoute(route, role, response, request);
    return { response, request };
  }

  private async checkRoute(route: RouteSpec, role: Caller, response: LightMyRequestResponse, request: FuzzRequest) {
    // The checks are of staff routes' answers: the claimant never reaches one.
    if (role === 'claimant') return;
    const check = this.targets.checks?.[keyOf(route)];
    const problem = check && (await check(response, role));
    if (problem) this.record(`${keyOf(route)} ${problem}`, describeRequest(request));
  }

  // --- what to send ------------------------------------------------------------------------------

  private schemaCombos() {
    return this.routes.flatMap((route) => FUZZ_CALLERS.map((role) => ({ route, role })));
  }

  private validRoutes() {
    return this.routes.flatMap((route) => {
      const example = this.targets.knownValid[keyOf(route)];
      return example ? [{ route, example }] : [];
    });
  }

  private mutationCombos() {
    return this.validRoutes().flatMap(({ route, example }) =>
      FUZZ_CALLERS.filter((role) => allowed(route, role)).map((role) => ({ route, role, example })),
    );
  }

  private idSegment() {
    return fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...this.targets.realIds).map(String) },
      { weight: 2, arbitrary: fc.integer({ min: 1, max: 8 }).map(String) },
      { weight: 3, arbitrary: fc.constantFrom(...NASTY_SEGMENTS) },
      { weight: 1, arbitrary: nastyString.map(safeEncode) },
    );
  }

  /**
   * Users' routes get the victim's id, a missing one or junk that no id coerces from ('+1' or '1%0A'
   * would reach user 1, whose session the walk runs on).
   */
  private userSegment() {
    const victim = String(this.targets.victimUserId);
    return fc.constantFrom(victim, '999999', 'abc', '%zz', '-1', '0', '1.5', '%F0%9F%98%80', '99999999999999999999');
  }

  /** The path with its params filled in; `routed` when every param is plain digits. */
  private pathArb(route: RouteSpec): fc.Arbitrary<{ path: string; routed: boolean }> {
    if (route.pathParams.length === 0) return fc.constant({ path: route.url, routed: true });
    const segment = route.url.startsWith('/api/users/') ? this.userSegment() : this.idSegment();
    return fc.array(segment, { minLength: route.pathParams.length, maxLength: route.pathParams.length }).map((segments) => {
      let path = route.url;
      route.pathParams.forEach((name, index) => (path = path.replace(`:${name}`, segments[index]!)));
      return { path, routed: segments.every((segment) => /^\d+$/.test(segment)) };
    });
  }

  private queryValueArb(parameter: OpenApiParameter): fc.Arbitrary<unknown> {
    if (parameter.name === 'id') return fc.oneof(fc.constantFrom(...this.targets.realIds), fromSchema(parameter.schema));
    return fc.oneof(
      { weight: 4, arbitrary: fromSchema(parameter.schema) },
      { weight: 1, arbitrary: fc.array(nastyString, { minLength: 2, maxLength: 3 }) },
    );
  }

  private queryArb(route: RouteSpec): fc.Arbitrary<string> {
    const known = route.query.map((parameter) =>
      fc
        .option(this.queryValueArb(parameter), { freq: parameter.required ? 8 : 2, nil: undefined })
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

  private headersArb(route: RouteSpec): fc.Arbitrary<Record<string, string>> {
    if (route.headers.length === 0) return fc.constant({});
    const value = fc.oneof(
      fc.string({ minLength: 1, maxLength: 40 }),
      nastyString.map((text) => text.replace(/[^\x20-\x7e]/g, 'x')),
    );
    return fc
      .tuple(...route.headers.map(() => fc.option(value, { nil: undefined })))
      .map((values) =>
        Object.fromEntries(route.headers.flatMap((header, index) => (values[index] === undefined ? [] : [[header.name, values[index]!]]))),
      );
  }

  /** One request generated from the route's schemas: the body tells whether it carries an unknown property. */
  private schemaRequestArb(route: RouteSpec, role: Caller): fc.Arbitrary<FuzzRequest & { withUnknown: boolean; routed: boolean }> {
    const bodySchema = objectVariant(route.body);
    const noBodyFreq = route.method === 'GET' || route.method === 'DELETE' ? 8 : 2;
    const body: fc.Arbitrary<{ value: unknown; withUnknown: boolean }> = bodySchema
      ? fc.oneof(
          { weight: 6, arbitrary: objectArb(bodySchema, 0) },
          { weight: 1, arbitrary: nastyValue.map((value) => ({ value, withUnknown: false })) },
        )
      : fc.option(nastyValue, { freq: noBodyFreq, nil: undefined }).map((value) => ({ value, withUnknown: false }));
    return fc
      .tuple(this.pathArb(route), this.queryArb(route), this.headersArb(route), body)
      .map(([{ path, routed }, query, headers, { value, withUnknown }]) => ({
        method: route.method,
        url: path + query,
        role,
        headers,
        withUnknown,
        routed,
        ...jsonRequest(value),
      }));
  }

  /**
   * A route, a caller and one other spelling of the route's path (its params filled as usual). Not the
   * routes that end the session they are called with: spelled, they would end the walk's own.
   */
  private spelledRequestArb() {
    const spellable = this.routes.filter((route) => !ENDS_SESSION.has(route.url));
    return fc
      .record({ route: fc.constantFrom(...spellable), role: fc.constantFrom<FuzzCaller | null>(null, ...FUZZ_CALLERS) })
      .chain(({ route, role }) =>
        this.pathArb(route).chain(({ path }) => {
          const origin = path.split('?')[0]!;
          const spellings = fc.oneof(
            { weight: 4, arbitrary: spelledPathArb(origin) },
            { weight: 1, arbitrary: fc.constantFrom(...absoluteTargetsOf(origin, 'localhost')) },
          );
          return spellings.map((spelling) => ({ route, role, spelling }));
        }),
      );
  }

  private rawRequestArb(): fc.Arbitrary<FuzzRequest> {
    const url = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...this.routes).chain((route) => this.pathArb(route).map(({ path }) => path)) },
      { weight: 1, arbitrary: fc.constantFrom(...ODD_URLS) },
    );
    return fc
      .record({
        url,
        method: fc.constantFrom(...ODD_METHODS),
        role: fc.constantFrom<Caller | null>(null, 'admin', 'user', 'inspector', 'claimant'),
        raw: fc.constantFrom(...RAW_BODIES),
        withBody: fc.boolean(),
      })
      .map(({ url, method, role, raw, withBody }) => ({
        method,
        url,
        role,
        ...(withBody && method !== 'GET' && method !== 'HEAD' ? { payload: raw[1], ...(raw[0] ? { contentType: raw[0] } : {}) } : {}),
      }));
  }
}
