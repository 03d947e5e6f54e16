import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { addDaysIso, AUDIENCIA_MESSAGES, CASO_MESSAGES, type Audiencia } from '@siniestros/domain';
import { createTestApp, statementsOf, USERNAMES, type TestApp } from '../../../test/helpers';
import { clockAt, MIERCOLES } from '../../../test/clock';
import { ensureCompania, insertCaso } from '../../../test/fixtures';
import { casos } from '../../db/tables/casos';
import { audiencias } from '../../db/tables/mediacion';
import { differingCounterRows } from '../../db/counters-check';

/** This file's today (a fixed day: the same expectations whatever day the suite runs). */
const HOY = MIERCOLES;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: clockAt(HOY) });
});
afterAll(() => t?.close());

const historial = async (idCaso: number) => (await t.request('user', { method: 'GET', url: `/api/historial/${idCaso}` })).json() as { msg: string; usuario: string }[];
const body = (extra: Record<string, unknown> = {}) => ({
  fechah: '2026-11-20',
  hora: '10:30',
  mediacion_nro: 'MED-001',
  lugar: 'Centro de mediación, Av. Corrientes 1234, piso 3',
  msg: 'Se creo el Audiencia',
  fecha: '2020-01-01',
  ...extra,
});
const crear = async (idCaso: number, extra: Record<string, unknown> = {}) => {
  const response = await t.request('user', { method: 'POST', url: `/api/mediacion/${idCaso}`, payload: { idCaso, ...body(extra) } });
  expect(response.statusCode).toBe(201);
  return response.json() as Audiencia & { message: string };
};

describe('POST /mediacion/{caseId} and PATCH /mediacion/{id}', () => {
  it('creates a hearing with its history row; the server records today as fecha', async () => {
    const caso = await insertCaso(t.database.db);
    const created = await crear(caso.id);
    expect(created).toMatchObject({
      message: AUDIENCIA_MESSAGES.created,
      id_caso: caso.id,
      fecha: HOY,
      fechah: '2026-11-20',
      hora: '10:30:00',
      mediacion_nro: 'MED-001',
      compania: 'Compañía Test',
    });
    expect((await historial(caso.id))[0]).toMatchObject({ msg: AUDIENCIA_MESSAGES.historyCreated, usuario: USERNAMES.user });
  });

  it('updates a hearing with its history row; a blank number becomes none', async () => {
    const caso = await insertCaso(t.database.db);
    const created = await crear(caso.id);
    const response = await t.request('admin', {
      method: 'PATCH',
      url: `/api/mediacion/${created.id}`,
      payload: { id: created.id, idCaso: caso.id, fechah: '2026-12-01', hora: '09:15:00', mediacion_nro: '  ', lugar: 'Juzgado' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: AUDIENCIA_MESSAGES.updated, fechah: '2026-12-01', hora: '09:15:00', mediacion_nro: null, lugar: 'Juzgado' });
    expect((await historial(caso.id))[0]).toMatchObject({ msg: AUDIENCIA_MESSAGES.historyUpdated, usuario: USERNAMES.admin });
    const list = (await t.request('user', { method: 'GET', url: `/api/mediacion/cl/${caso.id}` })).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: created.id, lugar: 'Juzgado' });
  });

  it('answers 400 with each field error and writes nothing', async () => {
    const caso = await insertCaso(t.database.db);
    const response = await t.request('user', {
      method: 'POST',
      url: `/api/mediacion/${caso.id}`,
      payload: body({ fechah: '20/11/2026', hora: '25:00', lugar: ' ', mediacion_nro: 'X'.repeat(21) }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'fechah', message: 'La fecha debe tener el formato AAAA-MM-DD' },
        { path: 'hora', message: 'La hora debe tener el formato HH:MM' },
        { path: 'lugar', message: AUDIENCIA_MESSAGES.lugarRequired },
        { path: 'mediacion_nro', message: 'Debe tener maximo 20 caracteres' },
      ]),
    );
    expect((await t.request('user', { method: 'GET', url: `/api/mediacion/cl/${caso.id}` })).json()).toEqual([]);
    expect((await historial(caso.id)).map((row) => row.msg)).toEqual(['Alta caso']);
  });

  it('answers 404 for an unknown case or hearing', async () => {
    const missingCaso = await t.request('user', { method: 'POST', url: '/api/mediacion/999999', payload: body() });
    expect(missingCaso.statusCode).toBe(404);
    expect(missingCaso.json().message).toBe(CASO_MESSAGES.notFound);
    const missing = await t.request('user', { method: 'PATCH', url: '/api/mediacion/999999', payload: body() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(AUDIENCIA_MESSAGES.notFound);
    expect((await t.request('user', { method: 'GET', url: '/api/mediacion/cl/999999' })).statusCode).toBe(404);
  });

  it('is for staff only', async () => {
    expect((await t.request('inspector', { method: 'GET', url: '/api/mediacion/' })).statusCode).toBe(403);
  });
});

describe('GET /mediacion/ and POST /mediacion/filter/', () => {
  let norte: number;
  let sur: number;
  let ids: Record<string, number>;

  beforeAll(async () => {
    norte = await ensureCompania(t.database.db, 'Aseguradora Norte');
    sur = await ensureCompania(t.database.db, 'Aseguradora Sur');
    const casoNorte = await insertCaso(t.database.db, { idCompania: norte });
    const casoSur = await insertCaso(t.database.db, { idCompania: sur });
    ids = {
      a: (await crear(casoNorte.id, { fechah: '2027-03-01', mediacion_nro: 'A-100' })).id,
      b: (await crear(casoNorte.id, { fechah: '2027-03-05', mediacion_nro: 'B-200' })).id,
      c: (await crear(casoSur.id, { fechah: '2027-03-10', mediacion_nro: 'A-101' })).id,
      d: (await crear(casoSur.id, { fechah: '2027-03-10', mediacion_nro: null })).id,
      e: (await crear(casoSur.id, { fechah: '2027-04-01', mediacion_nro: '50%_off' })).id,
    };
  });

  const filtrar = async (filtro: Record<string, unknown>, query = '?page=1&pageSize=20') => {
    const response = await t.request('user', { method: 'POST', url: `/api/mediacion/filter/${query}`, payload: filtro });
    expect(response.statusCode).toBe(200);
    return response.json() as { data: Audiencia[]; totalPage: number; total: number };
  };

  it('pages every hearing in SQL, latest hearing date first, with the company name', async () => {
    const all = (await t.request('user', { method: 'GET', url: '/api/mediacion/?page=1&pageSize=100' })).json();
    expect(all.data.slice(0, 5).map((row: Audiencia) => row.id)).toEqual([ids.e, ids.d, ids.c, ids.b, ids.a]);
    expect(all.data[0].compania).toBe('Aseguradora Sur');
    const page2 = (await t.request('user', { method: 'GET', url: '/api/mediacion/?page=2&pageSize=2' })).json();
    expect(page2).toEqual({ data: all.data.slice(2, 4), totalPages: Math.ceil(all.total / 2), total: all.total });
    const defaults = (await t.request('user', { method: 'GET', url: '/api/mediacion' })).json();
    expect(defaults.data).toEqual(all.data.slice(0, 20));
    expect((await t.request('user', { method: 'GET', url: '/api/mediacion/?pageSize=101' })).statusCode).toBe(400);
  });

  it('takes the unfiltered total from fila_contadores, which statement triggers keep exact', async () => {
    const db = t.database.db;
    const counted = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(audiencias))[0]!.n;
    const listed = async () => (await t.request('user', { method: 'GET', url: '/api/mediacion/?page=1&pageSize=1' })).json().total as number;
    const before = await counted();
    expect(await listed()).toBe(before);

    const caso = await insertCaso(db, { idCompania: norte });
    await crear(caso.id, { fechah: '2027-05-01' });
    await crear(caso.id, { fechah: '2027-05-02' });
    expect(await listed()).toBe(before + 2);
    // A case deleted with its hearings (foreign key cascade): one statement, two rows.
    await db.delete(casos).where(eq(casos.id, caso.id));
    expect([await listed(), await counted()]).toEqual([before, before]);

    // The list reads the counter rather than counting the rows; a filter still counts them.
    await db.execute(sql`update fila_contadores set total = total + 1000 where tabla = 'audiencias'`);
    expect(await listed()).toBe(before + 1000);
    expect((await filtrar({ compania: String(sur) })).total).toBe(3);
    await db.execute(sql`update fila_contadores set total = total - 1000 where tabla = 'audiencias'`);
  });

  it('keeps the hearings per date exact, and the Tablero sums them for the next days', async () => {
    const db = t.database.db;
    const exact = async () => expect(await differingCounterRows(db, ['audiencia_contadores'])).toEqual({ audiencia_contadores: 0 });
    const proximas = async () => (await t.request('user', { method: 'GET', url: '/api/tablero' })).json().audiencias.proximas as number;
    const before = await proximas();
    const caso = await insertCaso(db, { idCompania: norte });
    const first = await crear(caso.id, { fechah: addDaysIso(HOY, 1) });
    await crear(caso.id, { fechah: addDaysIso(HOY, 2) });
    await crear(caso.id, { fechah: addDaysIso(HOY, 400) });
    await exact();
    expect(await proximas()).toBe(before + 2);
    // Rescheduled through the API past the Tablero's days, then several moved by one statement.
    const moved = await t.request('user', { method: 'PATCH', url: `/api/mediacion/${first.id}`, payload: { ...body(), id: first.id, idCaso: caso.id, fechah: addDaysIso(HOY, 300) } });
    expect(moved.statusCode, moved.body).toBe(200);
    await exact();
    expect(await proximas()).toBe(before + 1);
    await db.execute(sql`update audiencias set fechah = fechah - 1 where id_caso = ${caso.id}`);
    await exact();
    await db.delete(casos).where(eq(casos.id, caso.id));
    await exact();
    expect(await proximas()).toBe(before);
    // The Tablero reads the counter rows, not the hearings.
    await db.execute(sql`insert into audiencia_contadores (fechah, total) values (${HOY}, 1000) on conflict (fechah) do update set total = audiencia_contadores.total + 1000`);
    expect(await proximas()).toBe(before + 1000);
    await db.execute(sql`update audiencia_contadores set total = total - 1000 where fechah = ${HOY}`);
  });

  it("files a hearing under its case's company, which follows the case when its company changes", async () => {
    const db = t.database.db;
    const caso = await insertCaso(db, { idCompania: norte });
    const { id } = await crear(caso.id, { fechah: '2028-06-01' });
    const inCompania = async (compania: number) => (await filtrar({ compania: String(compania), fechaDesde: '2028-06-01', fechaHasta: '2028-06-01' })).data.map((row) => row.id);
    expect([await inCompania(norte), await inCompania(sur)]).toEqual([[id], []]);
    await db.update(casos).set({ id_compania: sur }).where(eq(casos.id, caso.id));
    expect([await inCompania(norte), await inCompania(sur)]).toEqual([[], [id]]);
    const [row] = await db.select({ idCompania: audiencias.id_compania }).from(audiencias).where(eq(audiencias.id, id));
    expect(row!.idCompania).toBe(sur);
    expect((await filtrar({ compania: String(sur), fechaDesde: '2028-06-01' })).data[0]).toMatchObject({ id, compania: 'Aseguradora Sur' });
    await db.delete(casos).where(eq(casos.id, caso.id));
  });

  it('filters by number (contains), company and hearing date range (inclusive)', async () => {
    const ofNorte = await filtrar({ compania: String(norte) });
    expect(ofNorte.data.map((row) => row.id)).toEqual([ids.b, ids.a]);
    expect(ofNorte.total).toBe(2);

    expect((await filtrar({ audienciaNro: 'a-10' })).data.map((row) => row.id)).toEqual([ids.c, ids.a]);
    expect((await filtrar({ audienciaNro: 'B-200' })).data.map((row) => row.id)).toEqual([ids.b]);
    // % and _ are literal characters, not wildcards.
    expect((await filtrar({ audienciaNro: '%_' })).data.map((row) => row.id)).toEqual([ids.e]);

    const range = await filtrar({ fechaDesde: '2027-03-05', fechaHasta: '2027-03-10' });
    expect(range.data.map((row) => row.id)).toEqual([ids.d, ids.c, ids.b]);

    const combined = await filtrar({ audienciaNro: 'A', compania: sur, fechaDesde: '2027-03-10', fechaHasta: '', usuario: undefined });
    expect(combined.data.map((row) => row.id)).toEqual([ids.c]);

    const paged = await filtrar({ compania: String(sur) }, '?page=2&pageSize=2');
    expect(paged).toMatchObject({ totalPage: 2, total: 3 });
    expect(paged.data.map((row) => row.id)).toEqual([ids.c]);
  });

  it('a page 1 by company and dates is one statement with its total, for a company with no hearing too (docs/decisions/065)', async () => {
    await filtrar({ compania: String(norte) }); // the session is now in memory
    const sinAudiencias = await ensureCompania(t.database.db, 'Aseguradora Sin Audiencias');
    for (const [filtro, expected] of [
      [{ compania: String(sur), fechaDesde: '2027-03-10' }, [ids.e, ids.d, ids.c]],
      [{ compania: String(norte), fechaDesde: '2027-01-01', fechaHasta: '2027-03-04' }, [ids.a]],
      [{ fechaDesde: '2027-03-05', fechaHasta: '2027-03-10' }, [ids.d, ids.c, ids.b]],
      [{ compania: String(sinAudiencias) }, []],
    ] as const) {
      let page: Awaited<ReturnType<typeof filtrar>> | undefined;
      const statements = await statementsOf(t, async () => (page = await filtrar(filtro)));
      // An empty page carries no total: it is read by itself.
      const ofThePage = statements.filter((text) => !/sesiones|session/i.test(text));
      expect(ofThePage, statements.join('\n---\n')).toHaveLength(expected.length === 0 ? 2 : 1);
      expect([page!.data.map((row) => row.id), page!.total], JSON.stringify(filtro)).toEqual([expected, expected.length]);
    }
  });

  it('answers an empty page when nothing matches, and 400 for bad filters', async () => {
    expect(await filtrar({ audienciaNro: 'no-existe' })).toEqual({ data: [], totalPage: 0, total: 0 });
    expect(await filtrar({ audienciaNro: null, compania: null, fechaDesde: null, fechaHasta: null })).toMatchObject({ total: expect.any(Number) });
    const bad = await t.request('user', { method: 'POST', url: '/api/mediacion/filter/', payload: { fechaDesde: '01/03/2027', compania: 'Norte' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'fechaDesde', message: 'La fecha debe tener el formato AAAA-MM-DD' },
        { path: 'compania', message: 'Solo se permiten numeros' },
      ]),
    );
  });
});

describe('the hearings as an agenda (?cuando=proximas|pasadas)', () => {
  const dayFrom = (days: number) => addDaysIso(HOY, days);

  it('upcoming from today on, soonest first and by the hour; past ones latest first; each with its claim number', async () => {
    const idCompania = await ensureCompania(t.database.db, 'Compañía Agenda');
    const caso = await insertCaso(t.database.db, { idCompania });
    const [ayer, hoyTarde, hoyTemprano, semana] = [
      await crear(caso.id, { fechah: dayFrom(-1), hora: '09:00', mediacion_nro: 'AYER' }),
      await crear(caso.id, { fechah: HOY, hora: '16:00', mediacion_nro: 'HOY-TARDE' }),
      await crear(caso.id, { fechah: HOY, hora: '08:30', mediacion_nro: 'HOY-TEMPRANO' }),
      await crear(caso.id, { fechah: dayFrom(7), hora: '10:00', mediacion_nro: 'SEMANA' }),
    ];
    const [row] = await t.database.db.select({ reclamoNro: casos.reclamo_nro }).from(casos).where(eq(casos.id, caso.id));
    const listed = async (cuando: string) => {
      const response = await t.request('user', {
        method: 'POST',
        url: `/api/mediacion/filter/?page=1&pageSize=10&cuando=${cuando}`,
        payload: { audienciaNro: '', compania: String(idCompania), fechaDesde: '', fechaHasta: '' },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { data: Audiencia[]; total: number };
    };
    const proximas = await listed('proximas');
    expect(proximas.data.map((audiencia) => audiencia.id)).toEqual([hoyTemprano.id, hoyTarde.id, semana.id]);
    expect(proximas.total).toBe(3);
    expect(proximas.data[0]!.reclamo_nro).toBe(row!.reclamoNro);
    const pasadas = await listed('pasadas');
    expect(pasadas.data.map((audiencia) => audiencia.id)).toEqual([ayer.id]);
    expect(pasadas.total).toBe(1);
    // The unfiltered list takes it too; without it the spec's order (newest date first) stays.
    const unfiltered = (await t.request('user', { method: 'GET', url: '/api/mediacion/?page=1&pageSize=100&cuando=proximas' })).json() as { data: Audiencia[] };
    expect(unfiltered.data.every((audiencia) => audiencia.fechah >= HOY)).toBe(true);
    // A shallow page past the end carries no row with the total: the total is read by itself.
    for (const cuando of ['', '&cuando=proximas', '&cuando=pasadas']) {
      const first = (await t.request('user', { method: 'GET', url: `/api/mediacion/?page=1&pageSize=1${cuando}` })).json() as { total: number };
      const past = (await t.request('user', { method: 'GET', url: `/api/mediacion/?page=${first.total + 1}&pageSize=1${cuando}` })).json();
      expect(past).toEqual({ data: [], totalPages: first.total, total: first.total });
      expect(first.total).toBeGreaterThan(0);
    }
    const refused = await t.request('user', { method: 'GET', url: '/api/mediacion/?page=1&pageSize=10&cuando=manana' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Debe ser proximas o pasadas');
  });
});
