import crypto from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  AUDIT_ACTION,
  PORTAL_CORREO,
  PORTAL_HISTORIA,
  PORTAL_MESSAGES,
  celularWhatsapp,
  type PedidoRespuesta,
  type PortalDelCaso,
  type PortalItem,
  type Tablero,
} from '@siniestros/domain';
import { createTestApp, type Role, type TestApp } from '../../../test/helpers';
import { startSmtpCapture } from '../../../test/smtp';
import { insertCaso } from '../../../test/fixtures';
import { MIERCOLES, movableClock } from '../../../test/clock';
import { multipart, SAMPLE_FILES } from '../../../test/multipart';

/** The claimant's e-mail goes through a real SMTP server on loopback. */
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

/** The app's clock: a fixed Wednesday at noon, moved forward by `reloj.dias` when a test needs time to pass. */
const reloj = movableClock(MIERCOLES);
const now = reloj.now;
const DAY_MS = 86_400_000;

let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ ...smtp.settings, ORG_NAME: 'Estudio Pérez' }, { now });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
const tokenOf = (enlace: string) => enlace.split('#t=')[1]!;

/** A case whose third party has an e-mail and a cell number. */
async function caso(options: { mail?: string | null; cel?: string | null; terceros?: number; idProducto?: number | null } = {}) {
  const row = await insertCaso(t.database.db, { terceros: options.terceros ?? 1, idProducto: options.idProducto ?? null, reclamoNro: String(700000 + Math.floor(Math.random() * 99999)) });
  const mail = options.mail === undefined ? 'juan.tercero@correo.test; S/D' : options.mail;
  const cel = options.cel === undefined ? '11 5555-1234' : options.cel;
  await t.rows(sql`update terceros set mail = ${mail}, cel = ${cel} where id = ${row.terceroIds[0]!}`);
  const [{ reclamo_nro: reclamo }] = await t.rows<{ reclamo_nro: string }>(sql`select reclamo_nro from casos where id = ${row.id}`) as [{ reclamo_nro: string }];
  return { id: row.id, idTercero: row.terceroIds[0]!, terceroIds: row.terceroIds, reclamo };
}

/** The seeded requirements (drizzle/0042) by name. */
let requisitos: Map<string, number>;
beforeAll(async () => {
  const rows = await t.rows<{ id: number; nombre: string }>(sql`select id, nombre from documentacion_requerida`);
  requisitos = new Map(rows.map((row) => [row.nombre, row.id]));
});
const req = (nombre: string) => {
  const id = requisitos.get(nombre);
  if (id === undefined) throw new Error(`no requirement ${nombre}`);
  return id;
};

const pedir = (idCaso: number, body: Record<string, unknown>, role: Role = 'user', headers: Record<string, string> = {}) =>
  t.request(role, { method: 'POST', url: `/api/casos/${idCaso}/portal/pedidos`, payload: body, headers });
async function pedido(idCaso: number, body: Record<string, unknown>): Promise<PedidoRespuesta> {
  const response = await pedir(idCaso, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const portalDe = async (idCaso: number, role: Role = 'user') => {
  const response = await t.request(role, { method: 'GET', url: `/api/casos/${idCaso}/portal` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PortalDelCaso;
};
const revisar = (idCaso: number, idItem: number, body: Record<string, unknown>, role: Role = 'user') =>
  t.request(role, { method: 'PATCH', url: `/api/casos/${idCaso}/portal/items/${idItem}`, payload: body });
const historyOf = async (idCaso: number) => (await t.rows<{ msg: string }>(sql`select msg from historial where id_caso = ${idCaso} order by id`)).map((row) => row.msg);
const itemsDe = async (idCaso: number, idTercero: number) => (await portalDe(idCaso)).terceros.find((row) => row.id_tercero === idTercero)!.items;

/** What a claimant's upload leaves (the claimant's own route is tested in portal.claimant.test.ts). */
async function recibir(idItem: number, recibido: Date = now()) {
  await t.rows(sql`update portal_items set estado = 'recibido', recibido = ${recibido.toISOString()}, version = version + 1 where id = ${idItem}`);
}
const item = (items: PortalItem[], nombre: string) => items.find((row) => row.nombre === nombre)!;

/**
 * A request made `dias` days later by the app's clock: the session of now would be idle that long,
 * so a fresh one is signed in then (the cached sessions stay valid once the clock is back).
 */
async function dentroDe<T>(dias: number, work: (cookie: string) => Promise<T>): Promise<T> {
  reloj.dias += dias;
  try {
    return await work(await t.login('user'));
  } finally {
    reloj.dias -= dias;
  }
}

describe('who may use the portal from the office', () => {
  it('Admin and User; an Inspector is refused on every staff route, and nobody unsigned gets in', async () => {
    const c = await caso();
    const routes = [
      { method: 'GET', url: `/api/casos/${c.id}/portal` },
      { method: 'POST', url: `/api/casos/${c.id}/portal/pedidos`, payload: { id_tercero: c.idTercero, requisitos: [req('DNI del conductor')] } },
      { method: 'DELETE', url: `/api/casos/${c.id}/portal/enlaces/${c.idTercero}` },
      { method: 'PATCH', url: `/api/casos/${c.id}/portal/items/1`, payload: { decision: 'aceptar' } },
      { method: 'GET', url: `/api/casos/${c.id}/portal/mensajes?id_tercero=${c.idTercero}` },
      { method: 'POST', url: `/api/casos/${c.id}/portal/mensajes`, payload: { id_tercero: c.idTercero, texto: 'Hola' } },
      { method: 'GET', url: '/api/portal-admin/recibidos' },
    ] as const;
    for (const route of routes) {
      expect((await t.request('inspector', route)).statusCode, `${route.method} ${route.url}`).toBe(403);
      expect((await t.request(null, route)).statusCode, `${route.method} ${route.url}`).toBe(401);
    }
    expect(await t.rows(sql`select 1 from portal_enlaces where id_caso = ${c.id}`)).toEqual([]);
    expect((await t.request('admin', { method: 'GET', url: `/api/casos/${c.id}/portal` })).statusCode).toBe(200);
    expect((await t.request('user', { method: 'GET', url: '/api/portal-admin/recibidos' })).statusCode).toBe(200);
  });
});

describe('a request of documents', () => {
  it('makes a link whose token is never stored (only its SHA-256), expiring after dias_validez days', async () => {
    const c = await caso();
    const respuesta = await pedido(c.id, { id_tercero: c.idTercero, requisitos: [req('DNI del conductor'), req('Cédula verde')] });
    expect(respuesta.message).toBe(PORTAL_MESSAGES.pedidoEnviado);
    expect(respuesta.email).toBe('no_pedido');
    // APP_URL unset: the request's own origin.
    expect(respuesta.enlace).toMatch(/^http:\/\/localhost(:80)?\/portal#t=[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(respuesta.enlace);
    const enlaces = await t.rows<Record<string, unknown>>(sql`select * from portal_enlaces where id_caso = ${c.id}`);
    expect(enlaces).toHaveLength(1);
    expect(enlaces[0]!.token_hash).toBe(sha256(token));
    // Nowhere in the database: not in the link's row, not in the history, the audit log or the sends.
    for (const table of ['portal_enlaces', 'portal_envios', 'historial', 'audit_log', 'portal_items']) {
      const [{ hits }] = (await t.rows<{ hits: number }>(sql`select count(*)::int as hits from ${sql.identifier(table)} x where x::text like ${`%${token}%`}`)) as [{ hits: number }];
      expect(hits, table).toBe(0);
    }
    const [{ dias }] = (await t.rows<{ dias: number }>(sql`select dias_validez as dias from portal_ajustes`)) as [{ dias: number }];
    expect(Date.parse(respuesta.expira) - now().getTime()).toBeGreaterThan(dias * DAY_MS - 60_000);
    expect(Date.parse(respuesta.expira) - now().getTime()).toBeLessThanOrEqual(dias * DAY_MS);
    expect(enlaces[0]).toMatchObject({ creado_por: 'user@test.local', revocado: null });

    const [tercero] = (await portalDe(c.id)).terceros;
    expect(tercero!.enlace).toMatchObject({ creado_por: 'user@test.local', revocado: null, bloqueado: false, vigente: true, expira: respuesta.expira });
    expect(tercero!.items.map((row) => [row.nombre, row.estado, row.solicitado !== null])).toEqual([
      ['DNI del conductor', 'pendiente', true],
      ['Cédula verde', 'pendiente', true],
    ]);
    expect(tercero!.completa).toBe(false);
  });

  it('revokes the previous link, ends its sessions, and keeps one live link per third party', async () => {
    const c = await caso();
    const primero = await pedido(c.id, { id_tercero: c.idTercero, requisitos: [req('DNI del conductor')] });
    const [{ id: idPrimero }] = (await t.rows<{ id: number }>(sql`select id from portal_enlaces where token_hash = ${sha256(tokenOf(primero.enlace))}`)) as [{ id: number }];
    await t.rows(sql`insert into portal_sesiones (id_hash, id_enlace, expira) values (${sha256('una sesion')}, ${idPrimero}, now() + interval '1 hour')`);
    const segundo = await pedido(c.id, { id_tercero: c.idTercero, requisitos: [req('DNI del conductor')] });
    expect(tokenOf(segundo.enlace)).not.toBe(tokenOf(primero.enlace));
    const enlaces = await t.rows<{ id: number; revocado: string | null; revocado_por: string | null; token_hash: string }>(
      sql`select id, revocado::text, revocado_por, token_hash from portal_enlaces where id_tercero = ${c.idTercero} order by id`,
    );
    expect(enlaces.map((row) => [row.id === idPrimero, row.revocado !== null, row.revocado_por])).toEqual([
      [true, true, 'user@test.local'],
      [false, false, null],
    ]);
    expect(enlaces[1]!.token_hash).toBe(sha256(tokenOf(segundo.enlace)));
    expect(await t.rows(sql`select 1 from portal_sesiones where id_enlace = ${idPrimero}`)).toEqual([]);
    // Asked twice, one item.
    expect(await itemsDe(c.id, c.idTercero)).toHaveLength(1);
  });

  it('builds the link on APP_URL when set', async () => {
    const conAppUrl = await createTestApp({ APP_URL: 'https://siniestros.oficina.test/' }, { now });
    try {
      const c = await insertCaso(conAppUrl.database.db);
      const response = await conAppUrl.request('user', { method: 'POST', url: `/api/casos/${c.id}/portal/pedidos`, payload: { id_tercero: c.terceroIds[0], requisitos: [req('DNI del conductor')] } });
      expect(response.json().enlace).toMatch(/^https:\/\/siniestros\.oficina\.test\/portal#t=[A-Za-z0-9_-]{43}$/);
    } finally {
      await conAppUrl.close();
    }
  });

  it("gives a WhatsApp click-to-chat URL to the third party's cell in Argentina's 549 form, with the link in a Spanish message", async () => {
    const c = await caso({ cel: '11 5555-1234' });
    const respuesta = await pedido(c.id, { id_tercero: c.idTercero, requisitos: [req('DNI del conductor')], canales: ['whatsapp'] });
    expect(respuesta.whatsapp).toMatch(/^https:\/\/wa\.me\/5491155551234\?text=/);
    const texto = decodeURIComponent(new URL(respuesta.whatsapp!).searchParams.get('text')!);
    expect(texto).toContain(respuesta.enlace);
    expect(texto).toContain(`reclamo N° ${c.reclamo} ante Compañía Test`);
    expect(texto).toContain('Estudio Pérez');
    // No cell: the handler picks the chat.
    const sinCel = await caso({ cel: null });
    expect((await pedido(sinCel.id, { id_tercero: sinCel.idTercero, requisitos: [req('DNI del conductor')] })).whatsapp).toMatch(/^https:\/\/wa\.me\/\?text=/);
    // The ways a cell is written here.
    expect(['11 5555-1234', '011 15 5555-1234', '+54 9 11 5555-1234', '(011) 15-5555-1234 / 4444-5555', '5491155551234'].map(celularWhatsapp)).toEqual(
      Array(5).fill('5491155551234'),
    );
    expect(['351 15 123-4567', '0351 1234567', '2944 15 12-3456'].map(celularWhatsapp)).toEqual(['5493511234567', '5493511234567', '5492944123456']);
    expect(['4444-5555', '', null, '+598 99 123 456'].map(celularWhatsapp)).toEqual([null, null, null, '59899123456']);
  });

  it('sends the e-mail through SMTP with the items and the link, and records every send', async () => {
    const c = await caso();
    smtp.received.length = 0;
    const respuesta = await pedido(c.id, { id_tercero: c.idTercero, requisitos: [req('DNI del conductor'), req('Constancia de CBU')], email: true, canales: ['whatsapp'] });
    expect([respuesta.email, respuesta.message]).toEqual(['enviado', PORTAL_MESSAGES.pedidoEnviado]);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['juan.tercero@correo.test']);
    const datos = { nombre: 'Juan Tercero1', org: 'Estudio Pérez', reclamo: c.reclamo, compania: 'Compañía Test' };
    expect(smtp.received[0]!.mail.subject).toBe(PORTAL_CORREO.pedidoAsunto(datos));
    expect(smtp.received[0]!.mail.text).toContain(respuesta.enlace);
    expect(smtp.received[0]!.mail.text).toContain('- DNI del conductor\n- Constancia de CBU');
    const envios = await t.rows<{ canal: string; destino: string | null; ok: boolean; usuario: string }>(
      sql`select e.canal, e.destino, e.ok, e.usuario from portal_envios e join portal_enlaces l on l.id = e.id_enlace where l.id_caso = ${c.id} order by e.id`,
    );
    expect(envios).toEqual([
      { canal: 'email', destino: 'juan.tercero@correo.test', ok: true, usuario: 'user@test.local' },
      { canal: 'whatsapp', destino: '5491155551234', ok: true, usuario: 'user@test.local' },
    ]);
    expect((await historyOf(c.id)).at(-1)).toBe(PORTAL_HISTORIA.pedido('Juan Tercero1', 2, 'correo electrónico y WhatsApp'));
    const audit = await t.rows<{ actor: string; entity: string; detail: string }>(
      sql`select actor, entity, detail from audit_log where action = ${AUDIT_ACTION.portalPedido} and entity_id = ${c.id}`,
    );
    expect(audit).toEqual([{ actor: 'user@test.local', entity: 'caso', detail: `Tercero ${c.idTercero}: 2 documentos por correo electrónico y WhatsApp` }]);
  });

  it('without an address the link still stands: the answer says so, the failed send is recorded, the history names the link', async () => {
    const c = await caso({ mail: 'S/D' });
    smtp.received.length = 0;
    const respuesta = await pedido(c.id, { id_tercero: c.idTercero, requisitos: [req('DNI del conductor')], email: true });
    expect([respuesta.email, respuesta.message]).toEqual(['sin_correo', PORTAL_MESSAGES.pedidoSinCorreo]);
    expect(smtp.received).toHaveLength(0);
    const envios = await t.rows<{ canal: string; ok: boolean; detalle: string | null }>(
      sql`select e.canal, e.ok, e.detalle from portal_envios e join portal_enlaces l on l.id = e.id_enlace where l.id_caso = ${c.id} order by e.id`,
    );
    expect(envios).toEqual([
      { canal: 'enlace', ok: true, detalle: null },
      { canal: 'email', ok: false, detalle: 'El tercero no tiene correo electrónico' },
    ]);
    expect((await historyOf(c.id)).at(-1)).toBe(PORTAL_HISTORIA.pedido('Juan Tercero1', 1, 'enlace'));
  });

  it('upserts the items: asked again, an accepted item stays accepted and a new one is added', async () => {
    const c = await caso();
    await pedido(c.id, { id_tercero: c.idTercero, requisitos: [req('DNI del conductor'), req('Cédula verde')] });
    const dni = item(await itemsDe(c.id, c.idTercero), 'DNI del conductor');
    await recibir(dni.id);
    expect((await revisar(c.id, dni.id, { decision: 'aceptar', version: dni.version + 1 })).statusCode).toBe(200);
    const otraVez = await dentroDe(1, (cookie) =>
      t.app.inject({
        method: 'POST',
        url: `/api/casos/${c.id}/portal/pedidos`,
        headers: { cookie },
        payload: { id_tercero: c.idTercero, requisitos: [req('DNI del conductor'), req('Cédula verde'), req('Registro de conducir')] },
      }),
    );
    expect(otraVez.statusCode, otraVez.body).toBe(200);
    const items = await itemsDe(c.id, c.idTercero);
    expect(items.map((row) => [row.nombre, row.estado])).toEqual([
      ['DNI del conductor', 'aceptado'],
      ['Cédula verde', 'pendiente'],
      ['Registro de conducir', 'pendiente'],
    ]);
    expect(Date.parse(item(items, 'Cédula verde').solicitado!)).toBeGreaterThan(Date.parse(dni.solicitado!));
  });

  it('refuses a third party of another case, an unknown or inactive requirement, one of another product, and nothing asked', async () => {
    const c = await caso();
    const otro = await caso();
    const ajeno = await pedir(c.id, { id_tercero: otro.idTercero, requisitos: [req('DNI del conductor')] });
    expect([ajeno.statusCode, ajeno.json().message]).toEqual([422, PORTAL_MESSAGES.terceroNoEsDelCaso]);
    const [{ id: otroProducto }] = (await t.rows<{ id: number }>(
      sql`insert into documentacion_requerida (id_producto, tipo, nombre, condicion) values (2, 'Otros', 'Solo de Lesiones', 'siempre') returning id`,
    )) as [{ id: number }];
    const [{ id: inactivo }] = (await t.rows<{ id: number }>(
      sql`insert into documentacion_requerida (tipo, nombre, condicion, activo) values ('Otros', 'Dado de baja', 'siempre', false) returning id`,
    )) as [{ id: number }];
    for (const id of [otroProducto, inactivo, 999_999]) {
      const response = await pedir(c.id, { id_tercero: c.idTercero, requisitos: [req('DNI del conductor'), id] });
      expect([response.statusCode, response.json().message]).toEqual([422, PORTAL_MESSAGES.requisitoNoExiste]);
    }
    const vacio = await pedir(c.id, { id_tercero: c.idTercero, requisitos: [] });
    expect([vacio.statusCode, vacio.json().errors]).toEqual([400, [{ path: 'requisitos', message: PORTAL_MESSAGES.sinItems }]]);
    expect((await pedir(999_999, { id_tercero: c.idTercero, requisitos: [req('DNI del conductor')] })).statusCode).toBe(404);
    expect(await t.rows(sql`select 1 from portal_enlaces where id_caso in (${c.id}, ${otro.id})`)).toEqual([]);
    // No document number on file: the DNI check could never pass, so no link is made.
    await t.rows(sql`update terceros set nro_doc = null where id = ${c.idTercero}`);
    const sinDni = await pedir(c.id, { id_tercero: c.idTercero, requisitos: [req('DNI del conductor')] });
    expect([sinDni.statusCode, sinDni.json().message]).toEqual([422, PORTAL_MESSAGES.terceroSinDni]);
  });
});

describe("the case's checklist", () => {
  it('lists per third party the requirements of its product, which apply by the conditions, and which were asked', async () => {
    const c = await caso({ terceros: 2, idProducto: 1 });
    await t.rows(sql`insert into documentacion_requerida (id_producto, tipo, nombre, condicion, orden) values (1, 'Otros', 'Solo de Daños Materiales', 'siempre', 5), (2, 'Otros', 'Solo de Lesiones', 'siempre', 5)`);
    let [primero, segundo] = (await portalDe(c.id)).terceros;
    const nombres = primero!.aplicables.map((row) => row.nombre);
    expect(nombres).toContain('Solo de Daños Materiales');
    expect(nombres).not.toContain('Solo de Lesiones');
    expect(primero!.condiciones).toEqual({ lesionado: false, letrado: false, destruccion_total: false, no_titular: false });
    const aplica = (nombre: string, tercero = primero) => tercero!.aplicables.find((row) => row.nombre === nombre)!.aplica;
    expect([aplica('DNI del conductor'), aplica('Documentación médica'), aplica('Poder al letrado'), aplica('Título del automotor')]).toEqual([true, false, false, false]);

    // An injured person and the third party's lawyer; a total loss stated when asking.
    const lesionado = await t.request('user', { method: 'POST', url: `/api/lesionados/${c.id}`, payload: { apellido: 'Ruiz', nombre: 'Ana', id_tipo_doc: 1, nro_doc: '30111222' } });
    expect(lesionado.statusCode, lesionado.body).toBe(201);
    await t.rows(sql`update terceros set id_letrado = 1 where id = ${c.idTercero}`);
    await pedido(c.id, { id_tercero: c.idTercero, requisitos: [req('DNI del conductor'), req('Título del automotor')], destruccion_total: true });
    [primero, segundo] = (await portalDe(c.id)).terceros;
    expect(primero!.condiciones).toEqual({ lesionado: true, letrado: true, destruccion_total: true, no_titular: false });
    expect(segundo!.condiciones).toEqual({ lesionado: true, letrado: false, destruccion_total: false, no_titular: false });
    expect([aplica('Documentación médica'), aplica('Poder al letrado'), aplica('Título del automotor'), aplica('Autorización del titular')]).toEqual([true, true, true, false]);
    expect(aplica('Poder al letrado', segundo)).toBe(false);
    const titulo = primero!.aplicables.find((row) => row.nombre === 'Título del automotor')!;
    expect(titulo).toMatchObject({ pedido: true, estado: 'pendiente', id_item: item(primero!.items, 'Título del automotor').id });
    expect(primero!.aplicables.find((row) => row.nombre === 'Cédula verde')).toMatchObject({ pedido: false, estado: null, id_item: null });
    expect(segundo!.items).toEqual([]);
    expect(segundo!.enlace).toBeNull();
    // A new request without the conditions keeps what was stated.
    await pedido(c.id, { id_tercero: c.idTercero, requisitos: [req('Cédula verde')] });
    expect((await portalDe(c.id)).terceros[0]!.condiciones.destruccion_total).toBe(true);
  });

  it('says the link is no longer vigente once the clock passes its expiry', async () => {
    const c = await caso();
    const respuesta = await pedido(c.id, { id_tercero: c.idTercero, requisitos: [req('DNI del conductor')] });
    const dias = Math.ceil((Date.parse(respuesta.expira) - now().getTime()) / DAY_MS);
    const vencido = await dentroDe(dias, (cookie) => t.app.inject({ method: 'GET', url: `/api/casos/${c.id}/portal`, headers: { cookie } }));
    expect((vencido.json() as PortalDelCaso).terceros[0]!.enlace).toMatchObject({ vigente: false, expira: respuesta.expira });
    expect((await portalDe(c.id)).terceros[0]!.enlace!.vigente).toBe(true);
  });
});

describe('revoking a link', () => {
  it('stops it, ends its sessions, writes the history row; a case without a live link answers 404', async () => {
    const c = await caso();
    const respuesta = await pedido(c.id, { id_tercero: c.idTercero, requisitos: [req('DNI del conductor')] });
    const [{ id }] = (await t.rows<{ id: number }>(sql`select id from portal_enlaces where token_hash = ${sha256(tokenOf(respuesta.enlace))}`)) as [{ id: number }];
    await t.rows(sql`insert into portal_sesiones (id_hash, id_enlace, expira) values (${sha256('otra sesion')}, ${id}, now() + interval '1 hour')`);
    const otro = await caso();
    const ajeno = await t.request('user', { method: 'DELETE', url: `/api/casos/${otro.id}/portal/enlaces/${c.idTercero}` });
    expect([ajeno.statusCode, ajeno.json().message]).toEqual([404, PORTAL_MESSAGES.terceroNoEsDelCaso]);

    const revocado = await t.request('user', { method: 'DELETE', url: `/api/casos/${c.id}/portal/enlaces/${c.idTercero}` });
    expect([revocado.statusCode, revocado.json()]).toEqual([200, { message: PORTAL_MESSAGES.enlaceRevocado }]);
    expect(await t.rows(sql`select 1 from portal_enlaces where id = ${id} and revocado is null`)).toEqual([]);
    expect(await t.rows(sql`select 1 from portal_sesiones where id_enlace = ${id}`)).toEqual([]);
    expect((await historyOf(c.id)).at(-1)).toBe(PORTAL_HISTORIA.revocado('Juan Tercero1'));
    expect((await portalDe(c.id)).terceros[0]!.enlace).toBeNull();
    const otraVez = await t.request('user', { method: 'DELETE', url: `/api/casos/${c.id}/portal/enlaces/${c.idTercero}` });
    expect([otraVez.statusCode, otraVez.json().message]).toEqual([404, PORTAL_MESSAGES.sinEnlace]);
    expect(await t.rows(sql`select 1 from audit_log where action = ${AUDIT_ACTION.portalRevocado} and entity_id = ${c.id}`)).toHaveLength(1);
  });
});

describe('reviewing what arrived', () => {
  it('accepts or rejects a received item at its version: stale 409, not received 409, a rejection needs its reason', async () => {
    const c = await caso();
    await pedido(c.id, { id_tercero: c.idTercero, requisitos: [req('DNI del conductor'), req('Cédula verde')] });
    const items = await itemsDe(c.id, c.idTercero);
    const dni = item(items, 'DNI del conductor');
    const cedula = item(items, 'Cédula verde');
    const pendiente = await revisar(c.id, cedula.id, { decision: 'aceptar', version: cedula.version });
    expect([pendiente.statusCode, pendiente.json().message]).toEqual([409, PORTAL_MESSAGES.itemNoRecibido]);

    await recibir(dni.id);
    const [leido] = (await itemsDe(c.id, c.idTercero)).filter((row) => row.id === dni.id);
    expect(leido!.estado).toBe('recibido');
    const stale = await revisar(c.id, dni.id, { decision: 'aceptar', version: dni.version });
    expect([stale.statusCode, stale.json().message]).toEqual([409, PORTAL_MESSAGES.stale]);
    const sinMotivo = await revisar(c.id, dni.id, { decision: 'rechazar', motivo: '  ', version: leido!.version });
    expect([sinMotivo.statusCode, sinMotivo.json().errors]).toEqual([400, [{ path: 'motivo', message: PORTAL_MESSAGES.motivoRequerido }]]);

    const motivo = 'La imagen no se lee bien: saque la foto con más luz';
    const rechazo = await revisar(c.id, dni.id, { decision: 'rechazar', motivo, version: leido!.version });
    expect(rechazo.statusCode, rechazo.body).toBe(200);
    expect(rechazo.json()).toMatchObject({ message: PORTAL_MESSAGES.itemRechazado, completa: false, data: { id: dni.id, estado: 'rechazado', motivo, revisado_por: 'user@test.local', version: leido!.version + 1 } });
    const otraVez = await revisar(c.id, dni.id, { decision: 'aceptar', version: leido!.version + 1 });
    expect([otraVez.statusCode, otraVez.json().message]).toEqual([409, PORTAL_MESSAGES.itemNoRecibido]);
    expect((await historyOf(c.id)).at(-1)).toBe(PORTAL_HISTORIA.rechazado('DNI del conductor', motivo));
  });

  it("says 'completa' when every asked item of the third party is accepted, with its history row", async () => {
    const c = await caso();
    await pedido(c.id, { id_tercero: c.idTercero, requisitos: [req('DNI del conductor'), req('Cédula verde')] });
    const [dni, cedula] = await itemsDe(c.id, c.idTercero);
    await recibir(dni!.id);
    await recibir(cedula!.id);
    const primero = await revisar(c.id, dni!.id, { decision: 'aceptar', version: dni!.version + 1 });
    expect(primero.json()).toMatchObject({ message: PORTAL_MESSAGES.itemAceptado, completa: false, data: { estado: 'aceptado', motivo: null } });
    const segundo = await revisar(c.id, cedula!.id, { decision: 'aceptar', version: cedula!.version + 1 }, 'admin');
    expect(segundo.json()).toMatchObject({ completa: true, data: { estado: 'aceptado', revisado_por: 'admin@test.local' } });
    expect((await portalDe(c.id)).terceros[0]!.completa).toBe(true);
    expect((await historyOf(c.id)).slice(-3)).toEqual([
      PORTAL_HISTORIA.aceptado('DNI del conductor'),
      PORTAL_HISTORIA.aceptado('Cédula verde'),
      PORTAL_HISTORIA.completa,
    ]);
  });

  it("refuses another case's item (404), whatever its state", async () => {
    const c = await caso();
    const otro = await caso();
    await pedido(c.id, { id_tercero: c.idTercero, requisitos: [req('DNI del conductor')] });
    const [dni] = await itemsDe(c.id, c.idTercero);
    await recibir(dni!.id);
    const ajeno = await revisar(otro.id, dni!.id, { decision: 'aceptar' });
    expect([ajeno.statusCode, ajeno.json().message]).toEqual([404, PORTAL_MESSAGES.itemNoExiste]);
    expect((await itemsDe(c.id, c.idTercero))[0]!.estado).toBe('recibido');
  });
});

describe('the Bandeja de recibidos and the Tablero', () => {
  it('lists what arrived and nobody reviewed, oldest first, and the Tablero counts it', async () => {
    const a = await caso();
    const b = await caso();
    await pedido(a.id, { id_tercero: a.idTercero, requisitos: [req('DNI del conductor'), req('Cédula verde')] });
    await pedido(b.id, { id_tercero: b.idTercero, requisitos: [req('Registro de conducir')] });
    const [dniA, cedulaA] = await itemsDe(a.id, a.idTercero);
    const [registroB] = await itemsDe(b.id, b.idTercero);
    await recibir(cedulaA!.id, new Date(now().getTime() - 3 * DAY_MS));
    await recibir(registroB!.id, new Date(now().getTime() - 2 * DAY_MS));
    await recibir(dniA!.id, new Date(now().getTime() - 1 * DAY_MS));

    const bandeja = await t.request('user', { method: 'GET', url: '/api/portal-admin/recibidos?page=1&pageSize=100' });
    expect(bandeja.statusCode, bandeja.body).toBe(200);
    const { rows, total } = bandeja.json() as { rows: { id: number; id_caso: number; reclamo_nro: string; tercero: string; recibido: string }[]; total: number };
    const [{ cuenta }] = (await t.rows<{ cuenta: number }>(sql`select count(*)::int as cuenta from portal_items where estado = 'recibido'`)) as [{ cuenta: number }];
    expect(total).toBe(cuenta);
    expect(rows.map((row) => row.recibido)).toEqual([...rows.map((row) => row.recibido)].sort());
    const mios = rows.filter((row) => [a.id, b.id].includes(row.id_caso));
    expect(mios.map((row) => [row.id, row.id_caso, row.reclamo_nro, row.tercero])).toEqual([
      [cedulaA!.id, a.id, a.reclamo, 'Juan Tercero1'],
      [registroB!.id, b.id, b.reclamo, 'Juan Tercero1'],
      [dniA!.id, a.id, a.reclamo, 'Juan Tercero1'],
    ]);
    const pagina = (await t.request('user', { method: 'GET', url: '/api/portal-admin/recibidos?page=2&pageSize=1' })).json();
    expect([pagina.rows.map((row: { id: number }) => row.id), pagina.total]).toEqual([[rows[1]!.id], total]);

    const tablero = async () => ((await t.request('user', { method: 'GET', url: '/api/tablero' })).json() as Tablero).portal.recibidosSinRevisar;
    expect(await tablero()).toBe(total);
    await revisar(a.id, cedulaA!.id, { decision: 'rechazar', motivo: 'Falta una parte del documento (frente o dorso)' });
    expect(await tablero()).toBe(total - 1);
    expect((await t.request('user', { method: 'GET', url: '/api/portal-admin/recibidos' })).json().rows.map((row: { id: number }) => row.id)).not.toContain(cedulaA!.id);
  });
});

describe("with the claimant's own routes", () => {
  it('the link opens the portal; what they send waits in the Bandeja; a rejection reaches them; revoking ends their session', async () => {
    const c = await caso();
    const { enlace } = await pedido(c.id, { id_tercero: c.idTercero, requisitos: [req('DNI del conductor'), req('Cédula verde')] });
    const sesion = await t.app.inject({ method: 'POST', url: '/api/portal/sesion', payload: { token: tokenOf(enlace) } });
    expect(sesion.statusCode, sesion.body).toBe(200);
    const cookie = `portal_sid=${sesion.cookies.find((row) => row.name === 'portal_sid')!.value}`;
    const portal = (options: InjectOptions & { url: string }) => t.app.inject({ ...options, url: `/api/portal${options.url}`, headers: { ...options.headers, cookie } });
    expect((await portal({ method: 'POST', url: '/dni', payload: { dni: '30000001' } })).json().dni_ok).toBe(true);
    const dni = item(await itemsDe(c.id, c.idTercero), 'DNI del conductor');
    const subido = await portal({ method: 'POST', url: `/items/${dni.id}/archivos`, ...multipart([['archivo', { filename: 'dni.jpg', content: SAMPLE_FILES.jpg, contentType: 'image/jpeg' }]]) });
    expect(subido.statusCode, subido.body).toBe(201);

    const cedula = item(await itemsDe(c.id, c.idTercero), 'Cédula verde');
    for (const filename of ['frente.png', 'dorso.png']) {
      const otro = await portal({ method: 'POST', url: `/items/${cedula.id}/archivos`, ...multipart([['archivo', { filename, content: SAMPLE_FILES.png, contentType: 'image/png' }]]) });
      expect(otro.statusCode, otro.body).toBe(201);
    }
    // Each item lists its own documents.
    const items = await itemsDe(c.id, c.idTercero);
    expect(item(items, 'DNI del conductor').documentos).toEqual([expect.stringMatching(/^DNI/)]);
    expect(item(items, 'Cédula verde').documentos).toEqual([expect.stringMatching(/^Cedula_Verde/), expect.stringMatching(/^Cedula_Verde/)]);

    const bandeja = (await t.request('user', { method: 'GET', url: '/api/portal-admin/recibidos?pageSize=100' })).json().rows as (PortalItem & { id_caso: number })[];
    const recibido = bandeja.find((row) => row.id === dni.id)!;
    expect(recibido).toMatchObject({ id_caso: c.id, estado: 'recibido', tipo: 'DNI' });
    expect(recibido.documentos).toHaveLength(1);
    expect(recibido.documentos[0]).toMatch(/^DNI/);
    const motivo = 'El documento está vencido';
    expect((await revisar(c.id, dni.id, { decision: 'rechazar', motivo, version: recibido.version })).statusCode).toBe(200);
    const estado = (await portal({ method: 'GET', url: '/estado' })).json() as { items: { id: number; estado: string; motivo: string | null }[] };
    expect(estado.items.find((row) => row.id === dni.id)).toMatchObject({ estado: 'rechazado', motivo });

    expect((await t.request('user', { method: 'DELETE', url: `/api/casos/${c.id}/portal/enlaces/${c.idTercero}` })).statusCode).toBe(200);
    expect((await portal({ method: 'GET', url: '/estado' })).statusCode).toBe(401);
  });
});

describe('messages with the claimant', () => {
  it('stores the reply from the office, writes the history row and e-mails a notice without the link', async () => {
    const c = await caso();
    const respuesta = await pedido(c.id, { id_tercero: c.idTercero, requisitos: [req('DNI del conductor')] });
    await t.rows(sql`insert into portal_mensajes (id_caso, id_tercero, autor, texto) values (${c.id}, ${c.idTercero}, 'reclamante', '¿Sirve una foto del DNI viejo?')`);
    smtp.received.length = 0;
    const texto = 'Necesitamos el DNI vigente, de los dos lados.';
    const enviado = await t.request('user', { method: 'POST', url: `/api/casos/${c.id}/portal/mensajes`, payload: { id_tercero: c.idTercero, texto } });
    expect(enviado.statusCode, enviado.body).toBe(201);
    expect(enviado.json()).toMatchObject({ message: PORTAL_MESSAGES.respuestaEnviada, email: 'enviado', data: { autor: 'oficina', usuario: 'user@test.local', texto } });

    const mensajes = await t.request('user', { method: 'GET', url: `/api/casos/${c.id}/portal/mensajes?id_tercero=${c.idTercero}` });
    expect(mensajes.json().map((row: { autor: string; texto: string }) => [row.autor, row.texto])).toEqual([
      ['reclamante', '¿Sirve una foto del DNI viejo?'],
      ['oficina', texto],
    ]);
    expect((await historyOf(c.id)).at(-1)).toBe(PORTAL_HISTORIA.respuesta(texto));
    expect(smtp.received).toHaveLength(1);
    const datos = { nombre: 'Juan Tercero1', org: 'Estudio Pérez', reclamo: c.reclamo, compania: 'Compañía Test' };
    expect([smtp.received[0]!.to, smtp.received[0]!.mail.subject]).toEqual([['juan.tercero@correo.test'], PORTAL_CORREO.mensajeAsunto(datos)]);
    expect(smtp.received[0]!.mail.text).toContain('abra el enlace que le enviamos');
    expect(smtp.received[0]!.mail.text).not.toContain(tokenOf(respuesta.enlace));
    expect(
      await t.rows(sql`select e.canal, e.ok from portal_envios e join portal_enlaces l on l.id = e.id_enlace where l.id_caso = ${c.id} and e.canal = 'aviso_mensaje'`),
    ).toEqual([{ canal: 'aviso_mensaje', ok: true }]);
  });

  it('sends no notice without a live link, and refuses another case’s third party', async () => {
    const c = await caso();
    const otro = await caso();
    smtp.received.length = 0;
    const sinEnlace = await t.request('user', { method: 'POST', url: `/api/casos/${c.id}/portal/mensajes`, payload: { id_tercero: c.idTercero, texto: 'Hola' } });
    expect([sinEnlace.statusCode, sinEnlace.json().email]).toEqual([201, 'sin_enlace']);
    expect(smtp.received).toHaveLength(0);
    const ajeno = await t.request('user', { method: 'POST', url: `/api/casos/${c.id}/portal/mensajes`, payload: { id_tercero: otro.idTercero, texto: 'Hola' } });
    expect([ajeno.statusCode, ajeno.json().message]).toEqual([422, PORTAL_MESSAGES.terceroNoEsDelCaso]);
    const leer = await t.request('user', { method: 'GET', url: `/api/casos/${c.id}/portal/mensajes?id_tercero=${otro.idTercero}` });
    expect([leer.statusCode, leer.json().message]).toEqual([404, PORTAL_MESSAGES.terceroNoEsDelCaso]);
    const vacio = await t.request('user', { method: 'POST', url: `/api/casos/${c.id}/portal/mensajes`, payload: { id_tercero: c.idTercero, texto: ' ' } });
    expect(vacio.statusCode).toBe(400);
    expect(await t.rows(sql`select 1 from portal_mensajes where id_tercero = ${otro.idTercero}`)).toEqual([]);
  });
});
