import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { AUTH_MESSAGES, INSPECCION_CIERRE_MESSAGES, todayIso } from '@siniestros/domain';
import { casos } from '../../src/db/tables/casos';
import { documentos } from '../../src/db/tables/documentacion';
import { inspecciones } from '../../src/db/tables/inspeccion';
import { createTestApp, type Role, type TestApp } from '../helpers';
import { insertCaso } from '../fixtures';
import { multipart, SAMPLE_FILES } from '../multipart';

/**
 * Object-level authorization (ASVS 8.2.2, OWASP API1): the routes an Inspector may call answer
 * only for the objects of their own inspections. Each row is executed against real rows: a case
 * with an inspection assigned to the first inspector ("own") and another assigned to the second
 * ("another's"), each with a document uploaded through the API.
 */

type Cell = 'anonymous' | 'admin' | 'user' | 'inspector, own object' | "inspector, another inspector's object";
const CELLS: readonly Cell[] = ['anonymous', 'admin', 'user', 'inspector, own object', "inspector, another inspector's object"];
type Expected = Record<Cell, number>;

const ONLY_OWN: Expected = {
  anonymous: 401,
  admin: 200,
  user: 200,
  'inspector, own object': 200,
  "inspector, another inspector's object": 403,
};

/** An inspection without photos: its report is 404 to whoever may see it, 403 to another inspector first. */
const ONLY_OWN_NOT_FOUND: Expected = { ...ONLY_OWN, admin: 404, user: 404, 'inspector, own object': 404 };
/** A close from uploads that do not exist: refused for them (404) once the inspection is reachable. */
const ONLY_OWN_CLOSE_REFUSED = ONLY_OWN_NOT_FOUND;

/**
 * Routes open to the Inspector that name no object: they read the session's own id_inspect
 * (inspeccion.agenda.test.ts holds one inspector's visits apart from another's).
 */
const SESSION_SCOPED = ['GET /api/inspeccion/agenda'];

/** The expected status of every cell. HEAD runs the GET handler without sending the body: it must be refused alike. */
const EXPECTED: Record<string, Expected> = {
  'GET /api/inspeccion/i/:id': ONLY_OWN,
  'HEAD /api/inspeccion/i/:id': ONLY_OWN,
  'GET /api/inspeccion/d/:id': ONLY_OWN,
  'HEAD /api/inspeccion/d/:id': ONLY_OWN,
  'PATCH /api/inspeccion/d/:id': ONLY_OWN,
  'GET /api/inspeccion/:id/informe-fotografico': ONLY_OWN_NOT_FOUND,
  'HEAD /api/inspeccion/:id/informe-fotografico': ONLY_OWN_NOT_FOUND,
  'POST /api/inspeccion/d/:id/cierre': ONLY_OWN_CLOSE_REFUSED,
  'GET /api/documentacion/listado/:id': ONLY_OWN,
  'HEAD /api/documentacion/listado/:id': ONLY_OWN,
  'GET /api/documentacion/downloadfile': ONLY_OWN,
  'HEAD /api/documentacion/downloadfile': ONLY_OWN,
  'GET /api/documentacion/vista-previa': ONLY_OWN,
  'HEAD /api/documentacion/vista-previa': ONLY_OWN,
  'GET /api/documentacion/:id': ONLY_OWN,
  'HEAD /api/documentacion/:id': ONLY_OWN,
};

/** A case in Coordinar Inspección with an inspection scheduled through the API and a document uploaded through it. */
type Fixture = { idCaso: number; idInspeccion: number; idInspector: number; documento: string; content: Buffer };

let t: TestApp;
let own: Fixture;
let others: Fixture;

async function fixtureFor(owner: 'inspectorRecord' | 'inspector2Record', withDocument = true): Promise<Fixture> {
  const caso = await insertCaso(t.database.db, { idEstado: 2 });
  const idInspector = t.ids[owner];
  const scheduled = await t.request('user', {
    method: 'POST',
    url: `/api/inspeccion/${caso.id}`,
    payload: { id_inspector: idInspector, fecha_inspeccion: todayIso(), direccion: 'Av. Siempreviva 742', detalle: 'Revisar daños' },
  });
  expect(scheduled.statusCode, scheduled.body).toBe(201);
  // Each case's file has its own bytes, so a download shows whose file it was.
  const content = Buffer.concat([SAMPLE_FILES.pdf, Buffer.from(`% caso ${caso.id}\n`)]);
  let documento = '';
  if (withDocument) {
    const upload = await t.request('user', {
      method: 'POST',
      url: `/api/documentacion/t/${caso.id}`,
      ...multipart([
        ['tipo', 'Denuncia'],
        ['uploadFiles', { filename: 'denuncia.pdf', content }],
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    documento = upload.json().files[0];
  }
  return { idCaso: caso.id, idInspeccion: scheduled.json().id, idInspector, documento, content };
}

const closeBody = () =>
  multipart([
    ['resultado', 'Daño leve en paragolpes'],
    ['monto_inspeccion', '1500.50'],
    ['inspeccion', { filename: 'informe.pdf', content: SAMPLE_FILES.pdf }],
    ['cotizacion', { filename: 'cotizacion.jpg', content: SAMPLE_FILES.jpg }],
  ]);

async function storedFilesOf(idCaso: number): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of t.app.services.storage.list()) if (key.startsWith(`casos/${idCaso}/`)) keys.push(key);
  return keys;
}

type Target = { fixture: Fixture; response: LightMyRequestResponse };
type RouteCase = {
  /** The object of the cell: PATCH closes an inspection, so it gets a fresh one per cell. */
  object: (owner: 'inspectorRecord' | 'inspector2Record') => Promise<Fixture>;
  /** The URL of a GET route (its HEAD row uses it too). */
  url?: (fixture: Fixture) => string;
  send: (role: Role | null, fixture: Fixture) => Promise<LightMyRequestResponse>;
  /** What an answer must (200) and must not (refused) carry. */
  check: (target: Target, allowed: boolean) => Promise<void> | void;
  /** The 403's message when the route says more than the generic one (the offline close's refusal, decision 091). */
  forbidden?: string;
};

const fixed = (owner: 'inspectorRecord' | 'inspector2Record') => Promise.resolve(owner === 'inspectorRecord' ? own : others);
const get = (url: (fixture: Fixture) => string) => ({
  url,
  send: (role: Role | null, fixture: Fixture) => t.request(role, { method: 'GET', url: url(fixture) }),
});

function refusedWithoutData({ response }: Target) {
  expect(Object.keys(response.json())).toEqual(['message']);
}

const ROUTES: Record<string, RouteCase> = {
  'GET /api/inspeccion/i/:id': {
    object: fixed,
    ...get((fixture) => `/api/inspeccion/i/${fixture.idInspector}`),
    check: ({ fixture, response }, allowed) => {
      if (!allowed) return refusedWithoutData({ fixture, response });
      const ids = (response.json().data as { id: number; id_inspector: number }[]).map((row) => row.id);
      expect(ids).toContain(fixture.idInspeccion);
      const foreign = fixture === own ? others.idInspeccion : own.idInspeccion;
      expect(ids).not.toContain(foreign);
    },
  },
  'GET /api/inspeccion/d/:id': {
    object: fixed,
    ...get((fixture) => `/api/inspeccion/d/${fixture.idInspeccion}`),
    check: ({ fixture, response }, allowed) => {
      if (!allowed) return refusedWithoutData({ fixture, response });
      expect(response.json().data.inspeccion.id).toBe(fixture.idInspeccion);
      expect(response.json().data.caso.id).toBe(fixture.idCaso);
    },
  },
  'PATCH /api/inspeccion/d/:id': {
    object: (owner) => fixtureFor(owner, false),
    send: (role, fixture) => t.request(role, { method: 'PATCH', url: `/api/inspeccion/d/${fixture.idInspeccion}`, ...closeBody() }),
    check: async ({ fixture, response }, allowed) => {
      const [inspeccion] = await t.database.db.select().from(inspecciones).where(eq(inspecciones.id, fixture.idInspeccion));
      const [caso] = await t.database.db.select().from(casos).where(eq(casos.id, fixture.idCaso));
      const [{ n }] = (await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(documentos)
        .where(eq(documentos.id_caso, fixture.idCaso))) as [{ n: number }];
      if (allowed) {
        expect(inspeccion!.estado).toBe('Finalizada');
        expect(caso!.id_estado).toBe(3);
        expect(n).toBe(2);
        return;
      }
      refusedWithoutData({ fixture, response });
      // Refused: nothing of the close happened, not even the files in storage.
      expect(inspeccion!.estado).toBe('Coordinada');
      expect(inspeccion!.resultado).toBeNull();
      expect(caso!.id_estado).toBe(2);
      expect(n).toBe(0);
      expect(await storedFilesOf(fixture.idCaso)).toEqual([]);
    },
  },
  'GET /api/inspeccion/:id/informe-fotografico': {
    object: fixed,
    ...get((fixture) => `/api/inspeccion/${fixture.idInspeccion}/informe-fotografico`),
    check: refusedWithoutData,
  },
  'POST /api/inspeccion/d/:id/cierre': {
    object: (owner) => fixtureFor(owner, false),
    send: (role, fixture) =>
      t.request(role, {
        method: 'POST',
        url: `/api/inspeccion/d/${fixture.idInspeccion}/cierre`,
        payload: {
          clave: crypto.randomUUID(),
          resultado: 'Daño leve en paragolpes',
          monto_inspeccion: '1500.50',
          inspeccion: 'a'.repeat(32),
          cotizacion: 'b'.repeat(32),
          fotos: [],
        },
      }),
    check: async ({ fixture, response }) => {
      // Refused without data: the message, and once the route is reached the refusal's code and which file (decision 091).
      expect(Object.keys(response.json()).filter((key) => key !== 'code' && key !== 'errors')).toEqual(['message']);
      const [inspeccion] = await t.database.db.select().from(inspecciones).where(eq(inspecciones.id, fixture.idInspeccion));
      expect([inspeccion!.estado, inspeccion!.cierre_clave]).toEqual(['Coordinada', null]);
    },
    forbidden: INSPECCION_CIERRE_MESSAGES.reasignada,
  },
  'GET /api/documentacion/listado/:id': {
    object: fixed,
    ...get((fixture) => `/api/documentacion/listado/${fixture.idCaso}`),
    check: ({ fixture, response }, allowed) =>
      allowed ? expect(response.json()).toEqual([fixture.documento]) : refusedWithoutData({ fixture, response }),
  },
  'GET /api/documentacion/downloadfile': {
    object: fixed,
    ...get((fixture) => `/api/documentacion/downloadfile?id=${fixture.idCaso}&name=${encodeURIComponent(fixture.documento)}`),
    check: ({ fixture, response }, allowed) =>
      allowed ? expect(response.rawPayload.equals(fixture.content)).toBe(true) : refusedWithoutData({ fixture, response }),
  },
  // The viewer's copy of a document (docs/decisions/099): a PDF is sent as it is, inline.
  'GET /api/documentacion/vista-previa': {
    object: fixed,
    ...get((fixture) => `/api/documentacion/vista-previa?id=${fixture.idCaso}&name=${encodeURIComponent(fixture.documento)}`),
    check: ({ fixture, response }, allowed) =>
      allowed ? expect(response.rawPayload.equals(fixture.content)).toBe(true) : refusedWithoutData({ fixture, response }),
  },
  'GET /api/documentacion/:id': {
    object: fixed,
    ...get((fixture) => `/api/documentacion/${fixture.idCaso}`),
    check: ({ fixture, response }, allowed) => {
      if (!allowed) return refusedWithoutData({ fixture, response });
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
    },
  },
};

// HEAD: the same URL and object as the GET, no body to check.
for (const [key, route] of Object.entries(ROUTES)) {
  const url = route.url;
  if (!url) continue;
  ROUTES[key.replace('GET ', 'HEAD ')] = {
    object: route.object,
    send: (role, fixture) => t.request(role, { method: 'HEAD', url: url(fixture) }),
    check: () => undefined,
  };
}

function cellActor(cell: Cell): { role: Role | null; owner: 'inspectorRecord' | 'inspector2Record' } {
  if (cell === 'anonymous') return { role: null, owner: 'inspectorRecord' };
  if (cell === 'admin' || cell === 'user') return { role: cell, owner: 'inspectorRecord' };
  return { role: 'inspector', owner: cell === 'inspector, own object' ? 'inspectorRecord' : 'inspector2Record' };
}

beforeAll(async () => {
  t = await createTestApp();
  own = await fixtureFor('inspectorRecord');
  others = await fixtureFor('inspector2Record');
}, 120_000);
afterAll(() => t?.close());

describe('object-level authorization of the routes an Inspector reaches', () => {
  it('covers every route the authorization matrix opens to the Inspector', () => {
    const open = t.app.routeTable.filter(
      (route) => route.access !== 'public' && route.access.length === 3 && /^\/api\/(inspeccion|documentacion)\//.test(route.url),
    );
    expect(open.map((route) => `${route.method} ${route.url}`).sort()).toEqual(
      [...Object.keys(EXPECTED).filter((key) => !key.startsWith('HEAD ')), ...SESSION_SCOPED].sort(),
    );
  });

  it('answers each cell of the table with its expected status, and refused cells carry no data', async () => {
    const actual: Record<string, Partial<Expected>> = {};
    for (const [key, expected] of Object.entries(EXPECTED)) {
      const route = ROUTES[key]!;
      actual[key] = {};
      for (const cell of CELLS) {
        const { role, owner } = cellActor(cell);
        const fixture = await route.object(owner);
        const response = await route.send(role, fixture);
        actual[key][cell] = response.statusCode;
        if (response.statusCode === expected[cell]) await route.check({ fixture, response }, expected[cell] === 200);
        if (response.statusCode === 403 && !key.startsWith('HEAD '))
          expect(response.json().message).toBe(route.forbidden ?? AUTH_MESSAGES.forbidden);
      }
    }
    expect(actual).toEqual(EXPECTED);
  });

  it("names an existing file of the Inspector's own case and never serves another case's file of the same name", async () => {
    expect(own.documento).toBe(others.documento);
    const response = await t.request('inspector', {
      method: 'GET',
      url: `/api/documentacion/downloadfile?id=${own.idCaso}&name=${encodeURIComponent(others.documento)}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(own.content)).toBe(true);
    expect(response.rawPayload.equals(others.content)).toBe(false);
  });

  it('takes the access away when the inspection is reassigned to another inspector', async () => {
    const fixture = await fixtureFor('inspectorRecord');
    const before = await t.request('inspector', { method: 'GET', url: `/api/inspeccion/d/${fixture.idInspeccion}` });
    expect(before.statusCode).toBe(200);
    const reassigned = await t.request('user', {
      method: 'PATCH',
      url: `/api/inspeccion/update_inspector/${fixture.idInspeccion}`,
      payload: { inspector: t.ids.inspector2Record },
    });
    expect(reassigned.statusCode, reassigned.body).toBe(200);
    for (const url of [
      `/api/inspeccion/d/${fixture.idInspeccion}`,
      `/api/documentacion/listado/${fixture.idCaso}`,
      `/api/documentacion/${fixture.idCaso}`,
    ]) {
      const response = await t.request('inspector', { method: 'GET', url });
      expect(response.statusCode, url).toBe(403);
    }
    const asSecond = await t.request('inspector2', { method: 'GET', url: `/api/documentacion/listado/${fixture.idCaso}` });
    expect(asSecond.statusCode).toBe(200);
  });

  it('refuses a case without any inspection to an Inspector', async () => {
    const caso = await insertCaso(t.database.db);
    for (const url of [
      `/api/documentacion/listado/${caso.id}`,
      `/api/documentacion/${caso.id}`,
      `/api/documentacion/downloadfile?id=${caso.id}&name=x.pdf`,
    ]) {
      const response = await t.request('inspector', { method: 'GET', url });
      expect(response.statusCode, url).toBe(403);
    }
  });
});
