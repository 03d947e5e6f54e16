import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { ANALISIS_MESSAGES, APROBACION_HISTORIA, APROBACION_MESSAGES, ESTADO, ROL } from '@siniestros/domain';
import { createTestApp, PASSWORD, USERNAMES, type TestApp } from '../../../test/helpers';
import { insertCaso } from '../../../test/fixtures';
import { historial } from '../../db/tables/historial';
import { casos } from '../../db/tables/casos';

/** Authority limits (issue 41 item 5, docs/decisions/081), through HTTP on a real database. */
let t: TestApp;
let idResponsabilidad: number;
const SENIOR = 'senior@test.local';
const JUNIOR = 'junior@test.local';
const ids: Record<string, number> = {};
const cookies = new Map<string, string>();

/** A request as `username`, signed in once. */
async function as(username: string, options: InjectOptions) {
  if (!cookies.has(username)) {
    const login = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { username, password: PASSWORD } });
    expect(login.statusCode).toBe(200);
    cookies.set(username, `sid=${login.cookies.find((cookie) => cookie.name === 'sid')!.value}`);
  }
  return t.app.inject({ ...options, headers: { ...options.headers, cookie: cookies.get(username)! } });
}

async function crearUsuario(username: string, limite: string | null) {
  const response = await t.request('admin', {
    method: 'POST',
    url: '/api/users',
    payload: {
      apellido: 'Aprobador',
      nombre: 'Prueba',
      username,
      password: PASSWORD,
      password2: PASSWORD,
      rol: ROL.USER,
      limite_ofrecimiento: limite,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().user.id as number;
}

const setLimite = (id: number, limite: string | null) =>
  t.request('admin', { method: 'PATCH', url: `/api/users/${id}`, payload: { limite_ofrecimiento: limite } });

beforeAll(async () => {
  t = await createTestApp();
  const respo = await t.request('admin', { method: 'POST', url: '/api/respo', payload: { nombre: 'Responsabilidad compartida' } });
  idResponsabilidad = respo.json().data.id;
  ids.senior = await crearUsuario(SENIOR, '500000');
  ids.junior = await crearUsuario(JUNIOR, '50000');
  expect((await setLimite(t.ids.user, '100000')).statusCode).toBe(200);
});
afterAll(() => t?.close());

async function casoRow(id: number) {
  const [row] = await t.database.db
    .select({ id_estado: casos.id_estado, valor_ofertado: casos.valor_ofertado, analisis: casos.analisis, version: casos.version })
    .from(casos)
    .where(eq(casos.id, id));
  return row!;
}

/** The case's history rows written by people (the system's 'Tarea cerrada' rows apart). */
async function historyOf(idCaso: number) {
  const rows = await t.database.db
    .select({ usuario: historial.usuario, msg: historial.msg })
    .from(historial)
    .where(eq(historial.id_caso, idCaso))
    .orderBy(historial.id);
  return rows.filter((row) => row.usuario !== 'sistema');
}

const systemRowsOf = async (idCaso: number) =>
  (
    await t.database.db.select({ usuario: historial.usuario, msg: historial.msg }).from(historial).where(eq(historial.id_caso, idCaso))
  ).filter((row) => row.usuario === 'sistema');

const ofrecer = (id: number, valor: string, username = USERNAMES.user) =>
  as(username, {
    method: 'PATCH',
    url: `/api/casos/analisis/${id}`,
    payload: { id_responsabilidad: idResponsabilidad, valor_ofertado: valor, analisis: 'Culpa del asegurado' },
  });
const reconsiderar = (id: number, valor: string, username = USERNAMES.user) =>
  as(username, {
    method: 'PATCH',
    url: `/api/casos/reconsiderar/${id}`,
    payload: { valor_ofertado: valor, msg: 'El tercero presentó presupuesto' },
  });
const aprobar = (idAprobacion: number, username: string) =>
  as(username, { method: 'POST', url: `/api/aprobaciones/${idAprobacion}/aprobar` });
const rechazar = (idAprobacion: number, username: string, motivo?: string) =>
  as(username, { method: 'POST', url: `/api/aprobaciones/${idAprobacion}/rechazar`, payload: motivo === undefined ? {} : { motivo } });

async function notificacionesDe(idUsuario: number, idCaso: number) {
  return t.rows<{ tipo: string; texto: string }>(
    sql`select tipo, texto from notificaciones where id_usuario = ${idUsuario} and id_caso = ${idCaso} order by id`,
  );
}

describe('the limit on an offer (status 3, + Ofrecimiento)', () => {
  it('an offer at the limit goes ahead: status 4 and the offered value', async () => {
    const { id } = await insertCaso(t.database.db, { idEstado: ESTADO.ANALISIS });
    const response = await ofrecer(id, '100000');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: ANALISIS_MESSAGES.saved, id_estado: ESTADO.OFRECIMIENTO });
    expect(await casoRow(id)).toMatchObject({ id_estado: ESTADO.OFRECIMIENTO, valor_ofertado: '100000.00' });
  });

  it('one centavo above it waits: 202, the case unchanged, a history row with the limit', async () => {
    const { id } = await insertCaso(t.database.db, { idEstado: ESTADO.ANALISIS });
    const before = await casoRow(id);
    const response = await ofrecer(id, '100000.01');
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ message: APROBACION_MESSAGES.pendiente, id_estado: ESTADO.ANALISIS, pendiente: true });
    expect(await casoRow(id)).toEqual(before);
    const history = await historyOf(id);
    expect(history.at(-1)).toEqual({
      usuario: USERNAMES.user,
      msg: APROBACION_HISTORIA.pendiente('ofrecimiento', '100000.01', USERNAMES.user, '100000.00'),
    });
    expect(history.at(-1)!.msg).toMatch(
      /^Ofrecimiento de \$\s100\.000,01 pendiente de aprobación \(límite de user@test\.local: \$\s100\.000,00\)$/,
    );
  });

  it('no limit is unlimited, and an Admin is never held', async () => {
    const { id } = await insertCaso(t.database.db, { idEstado: ESTADO.ANALISIS });
    const unlimited = await crearUsuario('ilimitado@test.local', null);
    expect(unlimited).toBeGreaterThan(0);
    expect((await ofrecer(id, '9000000', 'ilimitado@test.local')).statusCode).toBe(200);
    const other = await insertCaso(t.database.db, { idEstado: ESTADO.ANALISIS });
    expect((await ofrecer(other.id, '9000000', USERNAMES.admin)).statusCode).toBe(200);
  });

  it('101.000 against 100.000 waits; neither its maker nor a lower limit may approve; a second request is refused; an Admin approves and the case advances', async () => {
    const { id } = await insertCaso(t.database.db, { idEstado: ESTADO.ANALISIS });
    const versionBefore = (await casoRow(id)).version;
    const held = await ofrecer(id, '101000');
    expect(held.statusCode).toBe(202);
    const idAprobacion = held.json().id_aprobacion as number;

    // What the case detail reads: the pending request, who may resolve it, the user's own limit.
    const forUser = (await as(USERNAMES.user, { method: 'GET', url: `/api/aprobaciones/caso/${id}` })).json();
    expect(forUser).toMatchObject({
      limite: '100000.00',
      pendiente: { id: idAprobacion, monto: '101000.00', tipo: 'ofrecimiento', solicitado_por: USERNAMES.user, puede_resolver: false },
    });
    expect((await t.request('admin', { method: 'GET', url: `/api/aprobaciones/caso/${id}` })).json()).toMatchObject({
      limite: null,
      pendiente: { puede_resolver: true },
    });
    expect((await as(JUNIOR, { method: 'GET', url: `/api/aprobaciones/caso/${id}` })).json().pendiente.puede_resolver).toBe(false);

    // The approvers were told, and the first Admin has the task.
    expect(await notificacionesDe(t.ids.admin, id)).toEqual([
      { tipo: 'aprobacion_pedida', texto: expect.stringContaining('solicitado por user@test.local') },
    ]);
    expect(await notificacionesDe(ids.senior!, id)).toHaveLength(1);
    expect(await notificacionesDe(ids.junior!, id)).toHaveLength(0);
    expect(await t.rows(sql`select id_usuario, hecha from tareas where origen = 'aprobacion' and origen_id = ${idAprobacion}`)).toEqual([
      { id_usuario: t.ids.admin, hecha: null },
    ]);

    const own = await aprobar(idAprobacion, USERNAMES.user);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(APROBACION_MESSAGES.propia);
    const lower = await aprobar(idAprobacion, JUNIOR);
    expect(lower.statusCode).toBe(403);
    expect(lower.json().message).toBe(APROBACION_MESSAGES.limiteInsuficiente);
    expect((await rechazar(idAprobacion, JUNIOR, 'No')).statusCode).toBe(403);
    expect((await t.request('inspector', { method: 'POST', url: `/api/aprobaciones/${idAprobacion}/aprobar` })).statusCode).toBe(403);
    expect((await t.request('inspector', { method: 'GET', url: '/api/aprobaciones' })).statusCode).toBe(403);

    const second = await ofrecer(id, '1000');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(APROBACION_MESSAGES.yaPendiente);
    expect((await casoRow(id)).id_estado).toBe(ESTADO.ANALISIS);

    const list = (await t.request('admin', { method: 'GET', url: '/api/aprobaciones?estado=pendiente' })).json();
    expect(list.data.map((row: { id: number }) => row.id)).toContain(idAprobacion);
    expect(
      (await as(JUNIOR, { method: 'GET', url: '/api/aprobaciones?estado=pendiente' })).json().data.map((row: { id: number }) => row.id),
    ).not.toContain(idAprobacion);

    const approved = await t.request('admin', { method: 'POST', url: `/api/aprobaciones/${idAprobacion}/aprobar` });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ message: APROBACION_MESSAGES.aprobada, id_estado: ESTADO.OFRECIMIENTO });
    expect(await casoRow(id)).toMatchObject({
      id_estado: ESTADO.OFRECIMIENTO,
      valor_ofertado: '101000.00',
      analisis: 'Culpa del asegurado',
      version: versionBefore + 1,
    });
    expect((await historyOf(id)).slice(-2)).toEqual([
      { usuario: USERNAMES.admin, msg: APROBACION_HISTORIA.aprobada('ofrecimiento', '101000.00', USERNAMES.admin) },
      { usuario: USERNAMES.user, msg: ANALISIS_MESSAGES.history },
    ]);
    expect((await historyOf(id)).at(-2)!.msg).toMatch(/^Ofrecimiento de \$\s101\.000,00 aprobado por admin@test\.local$/);
    expect(await notificacionesDe(t.ids.user, id)).toEqual([
      { tipo: 'aprobacion_resuelta', texto: expect.stringContaining('aprobado por admin@test.local') },
    ]);
    const [task] = await t.rows<{ hecha: unknown; hecha_por: string }>(
      sql`select hecha, hecha_por from tareas where origen = 'aprobacion' and origen_id = ${idAprobacion}`,
    );
    expect(task!.hecha).not.toBeNull();
    expect((await t.request('admin', { method: 'GET', url: `/api/aprobaciones/caso/${id}` })).json().pendiente).toBeNull();

    const again = await aprobar(idAprobacion, SENIOR);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(APROBACION_MESSAGES.yaResuelta);
  });

  it('a rejection needs a reason, leaves the case as it was and tells the maker why', async () => {
    const { id } = await insertCaso(t.database.db, { idEstado: ESTADO.ANALISIS });
    const idAprobacion = (await ofrecer(id, '250000')).json().id_aprobacion as number;
    const before = await casoRow(id);
    expect((await rechazar(idAprobacion, SENIOR)).statusCode).toBe(400);
    expect((await rechazar(idAprobacion, SENIOR, '   ')).statusCode).toBe(400);
    const rejected = await rechazar(idAprobacion, SENIOR, 'Monto excesivo para la responsabilidad');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().message).toBe(APROBACION_MESSAGES.rechazada);
    expect(await casoRow(id)).toEqual(before);
    const last = (await historyOf(id)).at(-1)!;
    expect(last).toEqual({
      usuario: SENIOR,
      msg: APROBACION_HISTORIA.rechazada('ofrecimiento', '250000.00', SENIOR, 'Monto excesivo para la responsabilidad'),
    });
    expect(last.msg).toMatch(
      /^Ofrecimiento de \$\s250\.000,00 rechazado por senior@test\.local\. Motivo: Monto excesivo para la responsabilidad$/,
    );
    expect(await systemRowsOf(id)).toEqual([
      { usuario: 'sistema', msg: expect.stringContaining('Tarea cerrada por el sistema: Aprobar o rechazar') },
    ]);
    expect(await notificacionesDe(t.ids.user, id)).toEqual([
      { tipo: 'aprobacion_resuelta', texto: expect.stringContaining('Monto excesivo') },
    ]);
    // Nothing waits any more: a new offer within the limit goes ahead.
    expect((await ofrecer(id, '90000')).statusCode).toBe(200);
  });

  it("closing the case 'Sin Acuerdo' rejects the waiting request with the closing as its reason; approving it afterwards is refused", async () => {
    const { id } = await insertCaso(t.database.db, { idEstado: ESTADO.ANALISIS });
    const idAprobacion = (await ofrecer(id, '250000')).json().id_aprobacion as number;
    const closed = await as(USERNAMES.user, { method: 'PATCH', url: `/api/casos/cerrar/t/${id}`, payload: { id_estado: 9 } });
    expect(closed.statusCode, closed.body).toBe(200);
    const motivo = APROBACION_MESSAGES.casoCerrado('Cierre - Sin Acuerdo');
    expect(await historyOf(id)).toContainEqual({ usuario: USERNAMES.user, msg: APROBACION_HISTORIA.rechazada('ofrecimiento', '250000.00', USERNAMES.user, motivo) });
    expect(await t.rows(sql`select estado, motivo from aprobaciones where id = ${idAprobacion}`)).toEqual([{ estado: 'rechazada', motivo }]);
    expect(await systemRowsOf(id)).toContainEqual({ usuario: 'sistema', msg: expect.stringContaining('Tarea cerrada por el sistema: Aprobar o rechazar') });
    const late = await aprobar(idAprobacion, SENIOR);
    expect([late.statusCode, late.json().message]).toEqual([409, APROBACION_MESSAGES.yaResuelta]);
    expect(await casoRow(id)).toMatchObject({ id_estado: 9, valor_ofertado: null });
  });
});

describe('the limit on a reconsideration (status 4)', () => {
  it('above the limit it waits with the value unchanged; a User whose limit covers it approves and the new value applies', async () => {
    const { id } = await insertCaso(t.database.db, { idEstado: ESTADO.OFRECIMIENTO, valorOfertado: '50000' });
    const held = await reconsiderar(id, '150000');
    expect(held.statusCode).toBe(202);
    expect(await casoRow(id)).toMatchObject({ id_estado: ESTADO.OFRECIMIENTO, valor_ofertado: '50000.00' });
    expect((await historyOf(id)).at(-1)!.msg).toBe(APROBACION_HISTORIA.pendiente('reconsideracion', '150000', USERNAMES.user, '100000.00'));

    // The offer it would replace cannot be accepted meanwhile.
    const accept = await as(USERNAMES.user, { method: 'PATCH', url: `/api/casos/avanza/${id}`, payload: { id_estado: ESTADO.OFRECIMIENTO } });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toBe(APROBACION_MESSAGES.yaPendiente);

    const approved = await aprobar(held.json().id_aprobacion, SENIOR);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().id_estado).toBe(ESTADO.OFRECIMIENTO);
    expect((await casoRow(id)).valor_ofertado).toBe('150000.00');
    const history = await historyOf(id);
    expect(history.at(-2)!.msg).toBe(APROBACION_HISTORIA.aprobada('reconsideracion', '150000.00', SENIOR));
    expect(history.at(-1)).toMatchObject({
      usuario: USERNAMES.user,
      msg: expect.stringMatching(/^RECONSIDERACION: El tercero presentó presupuesto - Nuevo valor ofertado \$\s150\.000,00$/),
    });
  });

  it('within the limit it applies at once, above it waits; the limit an Admin lowers counts from the next offer', async () => {
    const { id } = await insertCaso(t.database.db, { idEstado: ESTADO.OFRECIMIENTO, valorOfertado: '50000' });
    expect((await reconsiderar(id, '60000', JUNIOR)).statusCode).toBe(202);
    const other = await insertCaso(t.database.db, { idEstado: ESTADO.OFRECIMIENTO, valorOfertado: '50000' });
    expect((await reconsiderar(other.id, '40000', JUNIOR)).statusCode).toBe(200);
    expect((await casoRow(other.id)).valor_ofertado).toBe('40000.00');
    expect((await setLimite(ids.junior!, '10000')).json().user.limite_ofrecimiento).toBe('10000.00');
    expect((await reconsiderar(other.id, '30000', JUNIOR)).statusCode).toBe(202);
  });
});

describe('the limit in Usuarios', () => {
  it('an Admin sets, clears and reads it; only a User keeps one; a negative one is refused', async () => {
    const list = (await t.request('admin', { method: 'GET', url: '/api/users' })).json() as {
      id: number;
      limite_ofrecimiento: string | null;
    }[];
    expect(list.find((row) => row.id === t.ids.user)!.limite_ofrecimiento).toBe('100000.00');
    expect((await setLimite(ids.senior!, '-1')).statusCode).toBe(400);
    const cleared = await setLimite(ids.senior!, null);
    expect(cleared.json().user.limite_ofrecimiento).toBeNull();
    const admin = await t.request('admin', {
      method: 'PATCH',
      url: `/api/users/${t.ids.inspector}`,
      payload: { limite_ofrecimiento: '5000' },
    });
    expect(admin.json().user.limite_ofrecimiento).toBeNull();
    expect(
      (await t.request('user', { method: 'PATCH', url: `/api/users/${t.ids.user}`, payload: { limite_ofrecimiento: null } })).statusCode,
    ).toBe(403);
    await setLimite(ids.senior!, '500000');
  });
});
