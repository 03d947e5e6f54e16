import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ANALISTA_MESSAGES, ASIGNACION_MESSAGES, ROL, TAREA_HISTORIA, addDaysIso, type Tarea } from '@siniestros/domain';
import { PASSWORD, USERNAMES, useTestApp } from '../../../test/helpers';
import { ensureCompania, insertCaso } from '../../../test/fixtures';
import { clockAt, MIERCOLES } from '../../../test/clock';
import { createCaso, tercero } from '../casos/casos.test-helpers';

// Users are the analysts; the routing gives new cases and automatic work to them (docs/decisions/083).
const today = MIERCOLES;
const t = useTestApp({}, { now: clockAt(today) });

let serial = 0;
const nuevoAnalista = async (apellido: string, idUsuario: number | null = null) => {
  const response = await t.request('admin', { method: 'POST', url: '/api/analistas', payload: { nombre: 'Ana', apellido, id_usuario: idUsuario } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
};
const vincular = (idAnalista: number, apellido: string, idUsuario: number | null, extra: Record<string, unknown> = {}) =>
  t.request('admin', { method: 'PATCH', url: `/api/analistas/${idAnalista}`, payload: { nombre: 'Ana', apellido, id_usuario: idUsuario, ...extra } });
const nuevoUsuario = async (payload: Record<string, unknown> = {}) => {
  serial += 1;
  return t.request('admin', {
    method: 'POST',
    url: '/api/users',
    payload: { apellido: 'Analista', nombre: `Persona${serial}`, username: `analista${serial}@test.local`, password: PASSWORD, password2: PASSWORD, rol: ROL.USER, ...payload },
  });
};
const ajustes = (payload: Record<string, unknown>) => t.request('admin', { method: 'PATCH', url: '/api/asignacion/ajustes', payload });
const regla = (payload: Record<string, unknown>) => t.request('admin', { method: 'POST', url: '/api/asignacion/reglas', payload });
const analistaDelCaso = async (id: number) => (await t.rows<{ id_analista: number | null }>(sql`select id_analista from casos where id = ${id}`))[0]!.id_analista;
const historial = async (id: number) => ((await t.request('user', { method: 'GET', url: `/api/historial/${id}` })).json() as { msg: string }[]).map((row) => row.msg);
const tareasDelCaso = async (id: number) => (await t.request('user', { method: 'GET', url: `/api/tareas/caso/${id}` })).json() as Tarea[];
/** Every test starts from no rules, the distribution off and no fallback. */
const sinRuteo = async () => {
  await t.database.db.execute(sql`delete from reglas_asignacion`);
  await t.database.db.execute(sql`update analistas set id_usuario = null, disponible = true`);
  expect((await ajustes({ id_usuario_respaldo: null, reparto_automatico: false })).statusCode).toBe(200);
};

describe('users are the analysts', () => {
  it('an analyst linked in Analistas: the list names the user, Usuarios and the session carry the analyst', async () => {
    await sinRuteo();
    const id = await nuevoAnalista('Vinculada', t.ids.user);
    const abm = (await t.request('user', { method: 'GET', url: '/api/analistas/abm' })).json();
    expect(abm).toContainEqual({ id, nombre: 'Ana', apellido: 'Vinculada', id_usuario: t.ids.user, usuario: USERNAMES.user, disponible: true });
    const users = (await t.request('admin', { method: 'GET', url: '/api/users' })).json() as { id: number; id_analista: number | null }[];
    expect(users.find((user) => user.id === t.ids.user)?.id_analista).toBe(id);
    expect((await t.request('user', { method: 'GET', url: '/api/users/auth' })).json().id_analista).toBe(id);
    expect((await t.request('admin', { method: 'GET', url: '/api/users/auth' })).json().id_analista).toBeNull();
  });

  it('the link is one-to-one, only Admin and User accounts, and written with an audit row', async () => {
    await sinRuteo();
    const primera = await nuevoAnalista('Primera', t.ids.user);
    const segunda = await nuevoAnalista('Segunda');
    const twice = await vincular(segunda, 'Segunda', t.ids.user);
    expect([twice.statusCode, twice.json().message]).toEqual([409, ANALISTA_MESSAGES.usuarioYaAnalista('Primera, Ana')]);
    const inspector = await vincular(segunda, 'Segunda', t.ids.inspector);
    expect([inspector.statusCode, inspector.json().message]).toEqual([422, ANALISTA_MESSAGES.usuarioNoPuede]);
    const nadie = await vincular(segunda, 'Segunda', 999_999);
    expect([nadie.statusCode, nadie.json().message]).toEqual([422, ANALISTA_MESSAGES.usuarioNoExiste]);
    // The Analistas form replaces the user on purpose: the first analyst gives the user up first.
    expect((await vincular(primera, 'Primera', null)).statusCode).toBe(200);
    expect((await vincular(segunda, 'Segunda', t.ids.user)).statusCode).toBe(200);
    const audit = await t.rows<{ changes: unknown }>(sql`select changes from audit_log where entity = 'analista' and entity_id = ${segunda} order by id desc limit 1`);
    expect(audit[0]!.changes).toEqual({ id_usuario: [null, t.ids.user] });
    expect((await t.request('user', { method: 'PATCH', url: `/api/analistas/${segunda}`, payload: { nombre: 'Ana', apellido: 'Segunda', id_usuario: null } })).statusCode).toBe(403);
  });

  it('two Admins linking the same user to two analysts at once: one link, the other 409 (never a 500)', async () => {
    await sinRuteo();
    const uno = await nuevoAnalista('Uno');
    const dos = await nuevoAnalista('Dos');
    // On PostgreSQL both may pass the check before either writes; the unique index then refuses the second.
    const replies = await Promise.all([vincular(uno, 'Uno', t.ids.user), vincular(dos, 'Dos', t.ids.user)]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    expect([ANALISTA_MESSAGES.usuarioVinculadoRecien, ANALISTA_MESSAGES.usuarioYaAnalista('Uno, Ana'), ANALISTA_MESSAGES.usuarioYaAnalista('Dos, Ana')]).toContain(
      replies.find((reply) => reply.statusCode === 409)!.json().message,
    );
    const linked = await t.rows<{ id: number }>(sql`select id from analistas where id_usuario = ${t.ids.user}`);
    expect(linked).toHaveLength(1);
  });

  it('Usuarios: a new user made a new analyst with their name, or linked to a free one; taken ones refused, nothing written', async () => {
    await sinRuteo();
    const created = await nuevoUsuario({ nuevo_analista: true });
    expect(created.statusCode, created.body).toBe(201);
    const { user } = created.json() as { user: { id: number; id_analista: number; nombre: string } };
    const abm = (await t.request('admin', { method: 'GET', url: '/api/analistas/abm' })).json() as { id: number; apellido: string; nombre: string; id_usuario: number }[];
    expect(abm.find((row) => row.id === user.id_analista)).toMatchObject({ apellido: 'Analista', nombre: user.nombre, id_usuario: user.id });

    const libre = await nuevoAnalista('Libre');
    const linked = await nuevoUsuario({ id_analista: libre });
    expect(linked.json().user.id_analista).toBe(libre);
    const before = (await t.rows(sql`select count(*)::int as n from usuarios`))[0];
    const taken = await nuevoUsuario({ id_analista: libre });
    expect([taken.statusCode, taken.json().message]).toEqual([409, ANALISTA_MESSAGES.analistaConUsuario(linked.json().user.username)]);
    expect((await t.rows(sql`select count(*)::int as n from usuarios`))[0]).toEqual(before);
    const inspector = await nuevoUsuario({ rol: ROL.INSPECTOR, nuevo_analista: true });
    expect([inspector.statusCode, inspector.json().message]).toEqual([400, ANALISTA_MESSAGES.usuarioNoPuede]);

    // Unlinked from Usuarios (null), and by becoming an Inspector.
    const unlinked = await t.request('admin', { method: 'PATCH', url: `/api/users/${user.id}`, payload: { id_analista: null } });
    expect(unlinked.json().user.id_analista).toBeNull();
    const again = await t.request('admin', { method: 'PATCH', url: `/api/users/${linked.json().user.id}`, payload: { rol: ROL.INSPECTOR } });
    expect(again.json().user.id_analista).toBeNull();
    expect((await t.rows(sql`select id_usuario from analistas where id = ${libre}`))[0]).toEqual({ id_usuario: null });
  });
});

describe('routing a new case', () => {
  it('the most specific rule whose analyst is available; an away analyst skipped; the distribution by open cases', async () => {
    await sinRuteo();
    const idCompania = await ensureCompania(t.database.db);
    const porCompania = await nuevoAnalista('PorCompania', t.ids.admin);
    const porProducto = await nuevoAnalista('PorCompaniaYProducto', t.ids.user);
    expect((await regla({ id_compania: idCompania, id_analista: porCompania })).statusCode).toBe(201);
    expect((await regla({ id_compania: idCompania, id_producto: 1, id_analista: porProducto })).statusCode).toBe(201);

    const conProducto = await createCaso(t, { caso: { reclamo_nro: '5550001' } });
    expect(await analistaDelCaso(conProducto)).toBe(porProducto);
    expect(await historial(conProducto)).toContain(ASIGNACION_MESSAGES.history.porRegla('PorCompaniaYProducto, Ana'));
    const otroProducto = await createCaso(t, { caso: { reclamo_nro: '5550002', id_producto: 2 } });
    expect(await analistaDelCaso(otroProducto)).toBe(porCompania);
    // The analyst's user hears of it (not the one who created it: the User is porProducto's user and made it).
    const bell = await t.rows<{ id_usuario: number }>(sql`select id_usuario from notificaciones where tipo = 'caso_asignado' and id_caso = ${otroProducto}`);
    expect(bell).toEqual([{ id_usuario: t.ids.admin }]);

    // Away: the company-and-product rule is skipped, the company one applies.
    expect((await vincular(porProducto, 'PorCompaniaYProducto', t.ids.user, { disponible: false })).statusCode).toBe(200);
    expect(await analistaDelCaso(await createCaso(t, { caso: { reclamo_nro: '5550003' } }))).toBe(porCompania);

    // No rule matches and the distribution is off: no analyst.
    await t.database.db.execute(sql`delete from reglas_asignacion`);
    expect(await analistaDelCaso(await createCaso(t, { caso: { reclamo_nro: '5550004' } }))).toBeNull();

    // On: the available analyst with an active user and the fewest open cases (porProducto is away).
    const liviana = await nuevoAnalista('Liviana');
    const usuarioLiviana = (await nuevoUsuario({ id_analista: liviana })).json().user.id as number;
    expect((await ajustes({ id_usuario_respaldo: null, reparto_automatico: true })).statusCode).toBe(200);
    const repartido = await createCaso(t, { caso: { reclamo_nro: '5550005' } });
    expect(await analistaDelCaso(repartido)).toBe(liviana);
    expect(await historial(repartido)).toContain(ASIGNACION_MESSAGES.history.porReparto('Liviana, Ana'));
    expect(usuarioLiviana).toBeGreaterThan(0);
  });

  it('rules and settings: Spanish refusals, Admin only, audited', async () => {
    await sinRuteo();
    const idCompania = await ensureCompania(t.database.db);
    const id = await nuevoAnalista('Reglas');
    const sinCriterio = await regla({ id_analista: id });
    expect([sinCriterio.statusCode, sinCriterio.json().errors?.[0]?.message]).toEqual([400, ASIGNACION_MESSAGES.reglaSinCriterio]);
    expect((await regla({ id_compania: 999_999, id_analista: id })).json().message).toBe(ASIGNACION_MESSAGES.companiaNotFound);
    expect((await regla({ id_compania: idCompania, id_analista: 999_999 })).json().message).toBe(ASIGNACION_MESSAGES.analistaNotFound);
    const created = await regla({ id_compania: idCompania, id_analista: id });
    expect(created.json().data).toMatchObject({ id_compania: idCompania, id_producto: null, producto: null, analista: 'Reglas, Ana', disponible: true });
    const twice = await regla({ id_compania: idCompania, id_analista: id });
    expect([twice.statusCode, twice.json().message]).toEqual([409, ASIGNACION_MESSAGES.reglaDuplicada]);
    expect((await t.request('user', { method: 'GET', url: '/api/asignacion/reglas' })).statusCode).toBe(403);
    expect((await t.request('user', { method: 'PATCH', url: '/api/asignacion/ajustes', payload: { id_usuario_respaldo: null, reparto_automatico: true } })).statusCode).toBe(403);
    const inspector = await ajustes({ id_usuario_respaldo: t.ids.inspector, reparto_automatico: false });
    expect([inspector.statusCode, inspector.json().message]).toEqual([422, ASIGNACION_MESSAGES.respaldoInvalido]);
    const removed = await t.request('admin', { method: 'DELETE', url: `/api/asignacion/reglas/${created.json().data.id}` });
    expect(removed.json().message).toBe(ASIGNACION_MESSAGES.reglaEliminada);
    expect((await t.request('admin', { method: 'DELETE', url: `/api/asignacion/reglas/${created.json().data.id}` })).statusCode).toBe(404);
    const audit = await t.rows(sql`select count(*)::int as n from audit_log where action = 'asignacion.update'`);
    expect((audit[0] as { n: number }).n).toBeGreaterThanOrEqual(3);
  });
});

describe('automatic work follows the case', () => {
  it("the documentation chase goes to the analyst's user, else to the fallback, else to the creator", async () => {
    await sinRuteo();
    const conAnalista = await insertCaso(t.database.db, { usuario: USERNAMES.admin });
    const idAnalista = await nuevoAnalista('Responsable', t.ids.user);
    const sinAnalista = await insertCaso(t.database.db, { usuario: USERNAMES.admin });
    const otro = await insertCaso(t.database.db, { usuario: USERNAMES.admin });
    await t.database.db.execute(sql`update casos set id_analista = ${idAnalista} where id = ${conAnalista.id}`);
    await t.database.db.execute(sql`update casos set fecha_estado = ${addDaysIso(today, -30)} where id in (${conAnalista.id}, ${sinAnalista.id})`);
    const respaldo = (await nuevoUsuario()).json().user.id as number;
    expect((await ajustes({ id_usuario_respaldo: respaldo, reparto_automatico: false })).statusCode).toBe(200);
    await t.app.services.tareas.sweepDocumentacion();
    expect((await tareasDelCaso(conAnalista.id)).map((tarea) => tarea.id_usuario)).toEqual([t.ids.user]);
    expect((await tareasDelCaso(sinAnalista.id)).map((tarea) => tarea.id_usuario)).toEqual([respaldo]);
    // Without a fallback, the creator as before.
    await t.database.db.execute(sql`update casos set fecha_estado = ${addDaysIso(today, -30)} where id = ${otro.id}`);
    expect((await ajustes({ id_usuario_respaldo: null, reparto_automatico: false })).statusCode).toBe(200);
    await t.app.services.tareas.sweepDocumentacion();
    expect((await tareasDelCaso(otro.id)).map((tarea) => tarea.id_usuario)).toEqual([t.ids.admin]);
  });

  it('reassigning a case moves its open tasks when asked, with history rows; not when not asked', async () => {
    await sinRuteo();
    const de = await nuevoAnalista('Saliente', t.ids.user);
    const a = await nuevoAnalista('Entrante', t.ids.admin);
    const caso = await insertCaso(t.database.db, { usuario: USERNAMES.user });
    await t.database.db.execute(sql`update casos set id_analista = ${de} where id = ${caso.id}`);
    const tarea = await t.request('user', { method: 'POST', url: `/api/tareas/caso/${caso.id}`, payload: { texto: 'Llamar al tercero', vence: addDaysIso(today, 3), id_usuario: t.ids.user } });
    expect(tarea.statusCode, tarea.body).toBe(201);

    const quieto = await t.request('user', { method: 'PATCH', url: `/api/casos/caso_ana/${caso.id}`, payload: { id_analista: a } });
    expect(quieto.statusCode, quieto.body).toBe(200);
    expect((await tareasDelCaso(caso.id)).map((row) => row.id_usuario)).toEqual([t.ids.user]);

    await t.request('user', { method: 'PATCH', url: `/api/casos/caso_ana/${caso.id}`, payload: { id_analista: de } });
    const movido = await t.request('user', { method: 'PATCH', url: `/api/casos/caso_ana/${caso.id}`, payload: { id_analista: a, mover_tareas: true } });
    expect(movido.statusCode, movido.body).toBe(200);
    const [moved] = await tareasDelCaso(caso.id);
    expect(moved!.id_usuario).toBe(t.ids.admin);
    expect(await historial(caso.id)).toContain(TAREA_HISTORIA.reassigned('Llamar al tercero', moved!.usuario));
    const bell = await t.rows(sql`select id_usuario from notificaciones where tipo = 'tarea_asignada' and id_tarea = ${moved!.id}`);
    expect(bell).toEqual([{ id_usuario: t.ids.admin }]);
  });

  it('a new case with third parties still gets its analyst from a rule (the creation form has no analyst)', async () => {
    await sinRuteo();
    const idCompania = await ensureCompania(t.database.db);
    const id = await nuevoAnalista('Terceros', t.ids.user);
    await regla({ id_compania: idCompania, id_analista: id });
    const caso = await createCaso(t, { caso: { reclamo_nro: '5550099' }, terceros: [tercero(7), tercero(8)] });
    expect(await analistaDelCaso(caso)).toBe(id);
  });
});
