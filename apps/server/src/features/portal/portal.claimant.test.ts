import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { PORTAL_HISTORIA, PORTAL_MESSAGES, PORTAL_RECLAMANTE, PORTAL_RECLAMANTE_MESSAGES } from '@siniestros/domain';
import { insertCaso } from '../../../test/fixtures';
import { useTestApp } from '../../../test/helpers';
import { clockAt, MIERCOLES } from '../../../test/clock';
import { multipart, SAMPLE_FILES } from '../../../test/multipart';
import { dniCoincide } from './portal.claimant.service';
import { insertEnlace } from './portal.test-fixtures';

/** The claimant's side of the portal (issue 42, docs/decisions/084), through HTTP on a real database. */

const reloj = clockAt(MIERCOLES);
let shiftMs = 0;
const now = () => new Date(reloj().getTime() + shiftMs);
const t = useTestApp({}, { now });

const DIA = 86_400_000;

/** Every answer of the portal, errors too. */
function expectPortalHeaders(response: LightMyRequestResponse) {
  expect(response.headers['referrer-policy'], response.body).toBe('no-referrer');
  expect(response.headers['cache-control'], response.body).toBe('no-store');
}

async function portal(options: { method: 'GET' | 'POST'; url: string; cookie?: string; payload?: unknown; headers?: Record<string, string>; remoteAddress?: string }) {
  const response = await t.app.inject({
    method: options.method,
    url: `/api/portal${options.url}`,
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    ...(options.payload === undefined ? {} : { payload: options.payload as string }),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  expectPortalHeaders(response);
  return response;
}

async function abrir(token: string, remoteAddress?: string): Promise<string> {
  const response = await portal({ method: 'POST', url: '/sesion', payload: { token }, remoteAddress });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = response.cookies.find((item) => item.name === 'portal_sid')!;
  return `portal_sid=${cookie.value}`;
}

async function caso() {
  const { id, terceroIds } = await insertCaso(t.database.db, { terceros: 2 });
  const enlace = await insertEnlace(t.database.db, {
    idCaso: id,
    idTercero: terceroIds[0]!,
    creado: now(),
    items: [
      { tipo: 'DNI', nombre: 'DNI del conductor', explicacion: 'Frente y dorso.' },
      { tipo: 'Foto', nombre: 'Foto del frente del vehículo' },
    ],
  });
  return { idCaso: id, terceroIds, ...enlace };
}

function subir(cookie: string, idItem: number, file: { filename: string; content: Buffer }, options: { clave?: string; header?: string } = {}) {
  const body = multipart([...(options.clave ? [['clave', options.clave] as [string, string]] : []), ['archivo', file]]);
  const headers = { ...body.headers, ...(options.header ? { 'idempotency-key': options.header } : {}) };
  return portal({ method: 'POST', url: `/items/${idItem}/archivos`, cookie, payload: body.payload, headers });
}

describe('claimant flow: token → cookie → DNI → estado → upload → item recibido → message', () => {
  it('walks the whole way, each step as the claimant sees it and as the office finds it', async () => {
    const { idCaso, token, itemIds } = await caso();

    // The token is exchanged for the portal's own cookie.
    const opened = await portal({ method: 'POST', url: '/sesion', payload: { token } });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ oficina: t.config.ORG_NAME, digitos_dni: 0, dni_ok: false });
    const setCookie = opened.cookies.find((item) => item.name === 'portal_sid')!;
    expect(setCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/portal' });
    expect(setCookie.secure).toBeFalsy();
    expect(opened.cookies.some((item) => item.name === 'sid')).toBe(false);
    const cookie = `portal_sid=${setCookie.value}`;

    // Nothing personal before the DNI.
    const before = await portal({ method: 'GET', url: '/estado', cookie });
    expect(before.json()).toEqual({ oficina: t.config.ORG_NAME, digitos_dni: 0, dni_ok: false });
    const early = await subir(cookie, itemIds[0]!, { filename: 'dni.jpg', content: SAMPLE_FILES.jpg });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ message: PORTAL_RECLAMANTE_MESSAGES.dniRequerido });
    expect((await portal({ method: 'POST', url: '/mensajes', cookie, payload: { texto: 'Hola' } })).statusCode).toBe(403);

    const wrong = await portal({ method: 'POST', url: '/dni', cookie, payload: { dni: '99999999' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ message: PORTAL_MESSAGES.dniIncorrecto });
    const dni = await portal({ method: 'POST', url: '/dni', cookie, payload: { dni: '30000001' } });
    expect(dni.statusCode, dni.body).toBe(200);
    expect(dni.json()).toEqual({ oficina: t.config.ORG_NAME, digitos_dni: 0, dni_ok: true });
    // A right DNI forgets the link's wrong tries.
    expect(await t.rows(sql`select intentos_fallidos from portal_enlaces where id_caso = ${idCaso}`)).toEqual([{ intentos_fallidos: 0 }]);

    const estado = await portal({ method: 'GET', url: '/estado', cookie });
    expect(estado.statusCode, estado.body).toBe(200);
    const [reclamo] = await t.rows<{ reclamo_nro: string }>(sql`select reclamo_nro from casos where id = ${idCaso}`);
    expect(estado.json()).toMatchObject({
      oficina: t.config.ORG_NAME,
      reclamo: { numero: reclamo!.reclamo_nro, compania: 'Compañía Test', nombre: 'Juan Tercero1' },
      etapa: 'recibido',
      etapa_texto: 'Recibimos su reclamo',
      mensajes: [],
      items: [
        { id: itemIds[0], nombre: 'DNI del conductor', explicacion: 'Frente y dorso.', estado: 'pendiente', estado_texto: 'Falta enviar', motivo: null, archivos: 0, tiene_ejemplo: false },
        { id: itemIds[1], nombre: 'Foto del frente del vehículo', estado: 'pendiente', archivos: 0 },
      ],
    });
    expect(Math.abs(Date.parse(estado.json().expira) - (now().getTime() + 30 * DIA))).toBeLessThan(60_000);

    // A photo lands as a document of the case, typed by the item and named by the spec's rule.
    const upload = await subir(cookie, itemIds[0]!, { filename: 'IMG_2031.JPG', content: SAMPLE_FILES.jpg }, { header: 'subida-1' });
    expect(upload.statusCode, upload.body).toBe(201);
    expect(upload.json()).toEqual({
      message: PORTAL_MESSAGES.archivoSubido,
      item: expect.objectContaining({ id: itemIds[0], estado: 'recibido', estado_texto: 'Recibido, lo estamos revisando', archivos: 1 }),
    });
    const documentos = () => t.rows<{ nombre: string; tipo: string; usuario: string }>(sql`select nombre, tipo, usuario from documentos where id_caso = ${idCaso} order by id`);
    expect(await documentos()).toEqual([{ nombre: 'DNI.jpg', tipo: 'DNI', usuario: PORTAL_RECLAMANTE.autor }]);
    const [item] = await t.rows<{ estado: string; recibido: string | null; version: number }>(sql`select estado, recibido, version from portal_items where id = ${itemIds[0]}`);
    expect(item).toMatchObject({ estado: 'recibido', version: 2 });
    expect(item!.recibido).not.toBeNull();
    const historia = () => t.rows<{ msg: string; usuario: string }>(sql`select msg, usuario from historial where id_caso = ${idCaso} and usuario = ${PORTAL_RECLAMANTE.autor} order by id`);
    expect(await historia()).toEqual([{ msg: PORTAL_HISTORIA.recibido('Juan Tercero1', 'DNI del conductor'), usuario: PORTAL_RECLAMANTE.autor }]);
    // The staff's documents list shows it.
    expect((await t.request('user', { method: 'GET', url: `/api/documentacion/listado/${idCaso}` })).json()).toEqual(['DNI.jpg']);

    // The case's responsible user (no analyst, no fallback, its creator no user: the first Admin) hears the bell.
    const bell = await t.request('admin', { method: 'GET', url: '/api/notificaciones' });
    expect(bell.json().data).toContainEqual(expect.objectContaining({ tipo: 'portal_recibido', texto: 'Juan Tercero1 envió DNI del conductor', id_caso: idCaso }));

    // A retried upload with the same key lands once (header or field).
    const retry = await subir(cookie, itemIds[0]!, { filename: 'IMG_2031.JPG', content: SAMPLE_FILES.jpg }, { header: 'subida-1' });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().item.archivos).toBe(1);
    const second = await subir(cookie, itemIds[0]!, { filename: 'dorso.png', content: SAMPLE_FILES.png }, { clave: 'subida-2' });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().item.archivos).toBe(2);
    const secondRetry = await subir(cookie, itemIds[0]!, { filename: 'dorso.png', content: SAMPLE_FILES.png }, { clave: 'subida-2' });
    expect(secondRetry.statusCode).toBe(200);
    expect(await documentos()).toEqual([
      { nombre: 'DNI.jpg', tipo: 'DNI', usuario: PORTAL_RECLAMANTE.autor },
      { nombre: 'DNI.png', tipo: 'DNI', usuario: PORTAL_RECLAMANTE.autor },
    ]);
    // The second file of an item already received rings no second bell.
    const bellAfter = await t.request('admin', { method: 'GET', url: '/api/notificaciones' });
    expect(bellAfter.json().data.filter((row: { tipo: string; id_caso: number }) => row.tipo === 'portal_recibido' && row.id_caso === idCaso)).toHaveLength(1);
    // A third JPG of the same type takes _02.
    expect((await subir(cookie, itemIds[0]!, { filename: 'otra.jpeg', content: SAMPLE_FILES.jpg })).statusCode).toBe(201);
    expect((await documentos()).map((row) => row.nombre)).toEqual(['DNI.jpg', 'DNI.png', 'DNI.jpeg']);
    expect((await subir(cookie, itemIds[0]!, { filename: 'cuarta.jpg', content: SAMPLE_FILES.jpg })).statusCode).toBe(201);
    expect((await documentos()).map((row) => row.nombre)).toContain('DNI_02.jpg');

    // A rejected item reopens with a new file; an accepted one takes no more.
    await t.rows(sql`update portal_items set estado = 'rechazado', motivo = 'La imagen no se lee bien' where id = ${itemIds[1]}`);
    const rechazado = await portal({ method: 'GET', url: '/estado', cookie });
    expect(rechazado.json().items[1]).toMatchObject({ estado: 'rechazado', estado_texto: 'Hay que enviarlo de nuevo', motivo: 'La imagen no se lee bien' });
    const reopened = await subir(cookie, itemIds[1]!, { filename: 'frente.webp', content: SAMPLE_FILES.jpg });
    expect(reopened.statusCode, 'a JPEG named .webp is refused by its magic bytes').toBe(415);
    const again = await subir(cookie, itemIds[1]!, { filename: 'frente.jpg', content: SAMPLE_FILES.jpg });
    expect(again.statusCode).toBe(201);
    expect(again.json().item).toMatchObject({ estado: 'recibido', motivo: null });
    await t.rows(sql`update portal_items set estado = 'aceptado' where id = ${itemIds[1]}`);
    const accepted = await subir(cookie, itemIds[1]!, { filename: 'frente.jpg', content: SAMPLE_FILES.jpg });
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json()).toEqual({ message: PORTAL_RECLAMANTE_MESSAGES.itemYaAceptado });

    // A message: stored, a history row tagged as the claimant's, the bell; the claimant reads it back.
    const mensaje = await portal({ method: 'POST', url: '/mensajes', cookie, payload: { texto: '  ¿Cuándo me llaman?  ' } });
    expect(mensaje.statusCode, mensaje.body).toBe(201);
    expect(mensaje.json()).toEqual({ message: PORTAL_MESSAGES.mensajeEnviado, data: { id: expect.any(Number), autor: 'reclamante', texto: '¿Cuándo me llaman?', creado: expect.any(String) } });
    expect((await historia()).at(-1)!.msg).toBe('[Reclamante] Juan Tercero1: ¿Cuándo me llaman?');
    const bellMensaje = await t.request('admin', { method: 'GET', url: '/api/notificaciones' });
    expect(bellMensaje.json().data).toContainEqual(expect.objectContaining({ tipo: 'portal_mensaje', texto: 'Juan Tercero1: ¿Cuándo me llaman?', id_caso: idCaso }));
    await t.rows(sql`insert into portal_mensajes (id_caso, id_tercero, autor, usuario, texto) select id_caso, id_tercero, 'oficina', 'user@test.local', 'Mañana a las 10' from portal_items where id = ${itemIds[0]}`);
    const conMensajes = (await portal({ method: 'GET', url: '/estado', cookie })).json();
    expect(conMensajes.mensajes).toEqual([
      { id: expect.any(Number), autor: 'reclamante', texto: '¿Cuándo me llaman?', creado: expect.any(String) },
      { id: expect.any(Number), autor: 'oficina', texto: 'Mañana a las 10', creado: expect.any(String) },
    ]);

    // Leaving ends the session; the cookie goes.
    const salir = await portal({ method: 'POST', url: '/salir', cookie });
    expect(salir.statusCode).toBe(200);
    expect(salir.cookies.find((item) => item.name === 'portal_sid')).toMatchObject({ value: '', path: '/api/portal' });
    const after = await portal({ method: 'GET', url: '/estado', cookie });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: PORTAL_MESSAGES.sesionVencida });
  });

  it('refuses what is not one photo or PDF of a known item', async () => {
    const { token, itemIds } = await caso();
    const cookie = await abrir(token);
    expect((await portal({ method: 'POST', url: '/dni', cookie, payload: { dni: '30.000.001' } })).statusCode, 'dots are not digits of the schema').toBe(400);
    expect((await portal({ method: 'POST', url: '/dni', cookie, payload: { dni: '30000001' } })).statusCode).toBe(200);
    const txt = await subir(cookie, itemIds[0]!, { filename: 'nota.txt', content: Buffer.from('hola') });
    expect(txt.statusCode).toBe(415);
    expect(txt.json()).toEqual({ message: PORTAL_MESSAGES.archivoInvalido });
    const none = await portal({ method: 'POST', url: `/items/${itemIds[0]}/archivos`, cookie, ...multipart([['clave', 'x']]) });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: PORTAL_RECLAMANTE_MESSAGES.sinArchivo });
    const two = await portal({
      method: 'POST',
      url: `/items/${itemIds[0]}/archivos`,
      cookie,
      ...multipart([
        ['archivo', { filename: 'a.jpg', content: SAMPLE_FILES.jpg }],
        ['archivo', { filename: 'b.jpg', content: SAMPLE_FILES.jpg }],
      ]),
    });
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({ message: PORTAL_RECLAMANTE_MESSAGES.unArchivo });
    const json = await portal({ method: 'POST', url: `/items/${itemIds[0]}/archivos`, cookie, payload: { archivo: 'x' } });
    expect(json.statusCode).toBe(415);
    const longKey = await subir(cookie, itemIds[0]!, { filename: 'a.jpg', content: SAMPLE_FILES.jpg }, { header: 'k'.repeat(101) });
    expect(longKey.statusCode).toBe(400);
    const missing = await subir(cookie, 999_999, { filename: 'a.jpg', content: SAMPLE_FILES.jpg });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: PORTAL_MESSAGES.itemNoExiste });
    // Nothing of those landed.
    expect((await portal({ method: 'GET', url: '/estado', cookie })).json().items[0]).toMatchObject({ estado: 'pendiente', archivos: 0 });
  });

  it("serves the requirement's example picture, and 404 for an item without one", async () => {
    const { idCaso, terceroIds } = await caso();
    const [requisito] = await t.rows<{ id: number }>(sql`select id from documentacion_requerida where tipo = 'Cedula_Verde' limit 1`);
    await t.app.services.storage.put('portal/ejemplos/cedula-test', Readable.from([SAMPLE_FILES.png]));
    await t.rows(sql`update documentacion_requerida set ejemplo_key = 'portal/ejemplos/cedula-test', ejemplo_mime = 'image/png' where id = ${requisito!.id}`);
    const { token, itemIds } = await insertEnlace(t.database.db, {
      idCaso,
      idTercero: terceroIds[1]!,
      creado: now(),
      items: [
        { tipo: 'Cedula_Verde', nombre: 'Cédula verde', idRequisito: requisito!.id },
        { tipo: 'Otros', nombre: 'Otro' },
      ],
    });
    const cookie = await abrir(token);
    expect((await portal({ method: 'GET', url: `/items/${itemIds[0]}/ejemplo`, cookie })).statusCode, 'not before the DNI').toBe(403);
    expect((await portal({ method: 'POST', url: '/dni', cookie, payload: { dni: '30000002' } })).statusCode).toBe(200);
    expect((await portal({ method: 'GET', url: '/estado', cookie })).json().items.map((item: { tiene_ejemplo: boolean }) => item.tiene_ejemplo)).toEqual([true, false]);
    const picture = await portal({ method: 'GET', url: `/items/${itemIds[0]}/ejemplo`, cookie });
    expect(picture.statusCode, picture.body).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.headers['content-disposition']).toMatch(/^inline;/);
    expect(picture.rawPayload.equals(SAMPLE_FILES.png)).toBe(true);
    const none = await portal({ method: 'GET', url: `/items/${itemIds[1]}/ejemplo`, cookie });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: PORTAL_RECLAMANTE_MESSAGES.sinEjemplo });
  });

  it('tells the status line in plain words from the case, and never past its own payments', async () => {
    const { idCaso, terceroIds, token } = await caso();
    const cookie = await abrir(token);
    await portal({ method: 'POST', url: '/dni', cookie, payload: { dni: '30000001' } });
    const etapa = async () => {
      const body = (await portal({ method: 'GET', url: '/estado', cookie })).json();
      return [body.etapa, body.etapa_texto];
    };
    expect(await etapa()).toEqual(['recibido', 'Recibimos su reclamo']);
    await t.rows(sql`update casos set completa_doc = true where id = ${idCaso}`);
    expect(await etapa()).toEqual(['documentacion', 'Documentación completa']);
    await t.rows(sql`update casos set id_estado = 2 where id = ${idCaso}`);
    expect(await etapa()).toEqual(['documentacion', 'Documentación completa']);
    await t.rows(sql`insert into inspecciones (id_caso, id_inspector, fecha_inspeccion, direccion, detalle, estado) values (${idCaso}, ${t.ids.inspectorRecord}, '2026-03-20', 'Av. Corrientes 1234', 'interno', 'Coordinada')`);
    expect(await etapa()).toEqual(['inspeccion', 'Inspección coordinada para el 20/03 en Av. Corrientes 1234']);
    await t.rows(sql`update casos set id_estado = 3 where id = ${idCaso}`);
    expect(await etapa()).toEqual(['inspeccion', 'Estamos analizando su reclamo']);
    await t.rows(sql`update casos set id_estado = 4 where id = ${idCaso}`);
    expect(await etapa()).toEqual(['ofrecimiento', 'Ofrecimiento']);
    await t.rows(sql`update casos set id_estado = 6 where id = ${idCaso}`);
    expect(await etapa()).toEqual(['convenio', 'Convenio para firmar']);
    await t.rows(sql`update casos set id_estado = 7 where id = ${idCaso}`);
    expect(await etapa()).toEqual(['convenio', 'Convenio firmado: el pago está en trámite']);
    // A payment to the other third party is not this claimant's.
    const pago = (idTercero: number) =>
      t.rows(sql`insert into pagos (id_caso, id_tercero, beneficiario, beneficiario_nombre, cbu, monto, fecha_solicitud, estado, fecha_pago, creado_por)
        values (${idCaso}, ${idTercero}, 'tercero', 'X', '0000000000000000000000', 1000, '2026-03-01', 'pagado', '2026-03-02', 'user@test.local')`);
    await pago(terceroIds[1]!);
    expect((await etapa())[0]).toBe('convenio');
    await pago(terceroIds[0]!);
    expect(await etapa()).toEqual(['pago', 'Pago realizado']);
  });

  it('ends every session of a link that expires by the injected clock, and opens nothing with its token', async () => {
    const { token } = await caso();
    const cookie = await abrir(token);
    expect((await portal({ method: 'GET', url: '/estado', cookie })).statusCode).toBe(200);
    shiftMs = 9 * 3600_000;
    try {
      // Past the session's own 8 hours: a new exchange is needed, and works.
      expect((await portal({ method: 'GET', url: '/estado', cookie })).statusCode).toBe(401);
      const fresh = await abrir(token);
      shiftMs = 31 * DIA;
      expect((await portal({ method: 'GET', url: '/estado', cookie: fresh })).statusCode).toBe(401);
      const expired = await portal({ method: 'POST', url: '/sesion', payload: { token } });
      expect(expired.statusCode).toBe(404);
      expect(expired.json()).toEqual({ message: PORTAL_MESSAGES.enlaceInvalido });
    } finally {
      shiftMs = 0;
    }
  });

  it('compares the DNI whole (leading zeros apart) or by its last digits', () => {
    expect(dniCoincide('30.000.001', '30000001', 0)).toBe(true);
    expect(dniCoincide('07123456', '7123456', 0)).toBe(true);
    expect(dniCoincide('30000001', '3000000', 0)).toBe(false);
    expect(dniCoincide('30000001', '0001', 4)).toBe(true);
    expect(dniCoincide('30000001', '30000001', 4)).toBe(false);
    expect(dniCoincide(null, '30000001', 0)).toBe(false);
    expect(dniCoincide('', '', 0)).toBe(false);
  });
});
