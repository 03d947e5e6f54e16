import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FLAGS, todayIso } from '@siniestros/domain';
import { casos } from '../../src/db/tables/casos';
import { historial } from '../../src/db/tables/historial';
import { Fuzzer, type FuzzPlan, type RouteCheck } from '../fuzz/fuzzer';
import { seedFuzzTargets } from '../fuzz/targets';
import { createTestApp, USERNAMES, type TestApp } from '../helpers';

/**
 * Property-based fuzz of the whole API (ASVS 5.1, 16.5): every route of `app.routeTable`, as Admin,
 * User, Inspector and a claimant with the portal's cookie (docs/decisions/084). Whatever arrives, every answer is never a 5xx, never leaks a stack trace or
 * SQL, and an error is always JSON `{message}` in Spanish (test/fuzz/invariants.ts). Each walk
 * below adds what it checks besides. Mass assignment, LIKE wildcards and spreadsheet formulas are
 * checked one by one in stored-input.test.ts.
 *
 * FUZZ_RUNS is the number of requests (default 1,500: 10-35 s per database here). The long run:
 *   FUZZ_RUNS=10000 npx vitest run --project server apps/server/test/security/fuzz.test.ts
 * FUZZ_SEED replays another seed (the default one is fixed, so a failure reproduces).
 */
const FUZZ_RUNS = Math.max(300, Number(process.env.FUZZ_RUNS) || 1500);
const SEED = Number(process.env.FUZZ_SEED) || 20_260_517;
/** About 25 ms per request on PGlite on a busy machine, plus room. */
const FUZZ_TIMEOUT_MS = 120_000 + FUZZ_RUNS * 60;

let t: TestApp;
let fuzzer: Fuzzer;
let plan: FuzzPlan;
let started: number;

/** A case created by a fuzzed body is a plain new case: status 1, today, the session's user, its 'Alta caso' row, no flag. */
const createdCaseIsPlain: RouteCheck = async (response, role) => {
  if (response.statusCode !== 201) return undefined;
  const id = response.json().id as number;
  const [row] = await t.database.db.select().from(casos).where(eq(casos.id, id));
  const history = await t.database.db.select().from(historial).where(eq(historial.id_caso, id));
  const isPlain =
    row?.id_estado === 1 &&
    row.usuario === USERNAMES[role] &&
    row.fecha_creado === todayIso() &&
    history.some((item) => item.msg === 'Alta caso') &&
    !FLAGS.some((flag) => row[flag.key]);
  return isPlain ? undefined : `wrote a server-owned field: ${JSON.stringify(row)}`;
};

beforeAll(async () => {
  t = await createTestApp();
  const targets = await seedFuzzTargets(t);
  fuzzer = new Fuzzer(t, { ...targets, checks: { 'POST /api/casos/alta': createdCaseIsPlain } }, SEED);
  plan = fuzzer.plan(FUZZ_RUNS);
  started = Date.now();
}, 180_000);
afterAll(() => t?.close());

describe(`fuzz: every route, as Admin, User, Inspector and claimant (${FUZZ_RUNS} requests, seed ${SEED})`, () => {
  it(
    'accepts each known-valid body as it is, so that its mutations start from something real',
    async () => {
      await fuzzer.knownValidBodies();
      expect(fuzzer.takeFailures()).toEqual([]);
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    "answers bodies, params, queries and headers generated from each route's schema, and refuses an unknown property with 400",
    async () => {
      await fuzzer.schemaWalk(plan.perSchemaCombo);
      expect(fuzzer.takeFailures()).toEqual([]);
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'answers a known-valid body with one field dropped, replaced, retyped or an unknown one added (refused with 400)',
    async () => {
      await fuzzer.mutationWalk(plan.perMutationCombo);
      expect(fuzzer.takeFailures()).toEqual([]);
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'answers every field of a known-valid body replaced in turn by a value that breaks storage (U+0000, ß at the limit, int4 overflow)',
    async () => {
      await fuzzer.storageSweep(plan.perLeaf);
      expect(fuzzer.takeFailures()).toEqual([]);
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'answers malformed requests: broken JSON, other content types, prototype keys, deep nesting, odd methods and paths',
    async () => {
      await fuzzer.rawWalk(plan.rawRuns);
      expect(fuzzer.takeFailures()).toEqual([]);
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'refuses a caller the route refuses in every other spelling of its path (encoded, case, //, /./, %2e, absolute form)',
    async () => {
      await fuzzer.spellingWalk(plan.spellingRuns);
      expect(fuzzer.takeFailures()).toEqual([]);
    },
    FUZZ_TIMEOUT_MS,
  );

  it("reached the portal's routes as the claimant: their uploads and messages landed", async () => {
    const [landed] = await t.rows<{ archivos: number; mensajes: number }>(
      "select (select count(*)::int from portal_item_documentos) as archivos, (select count(*)::int from portal_mensajes where autor = 'reclamante') as mensajes",
    );
    expect(landed!.archivos).toBeGreaterThan(0);
    expect(landed!.mensajes).toBeGreaterThan(0);
  });

  it(`sent at least ${FUZZ_RUNS} requests`, () => {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.info(`fuzz: ${fuzzer.sent} requests over ${fuzzer.routes.length} routes in ${seconds} s (seed ${SEED})`);
    expect(fuzzer.sent).toBeGreaterThanOrEqual(FUZZ_RUNS);
  });
});
