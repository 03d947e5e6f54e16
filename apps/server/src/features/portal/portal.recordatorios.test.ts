import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ESTADO, PORTAL_CORREO, PORTAL_HISTORIA, PORTAL_TAREA_SIN_RESPUESTA, type PedidoRespuesta, type PortalDelCaso } from '@siniestros/domain';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { startSmtpCapture } from '../../../test/smtp';
import { insertCaso } from '../../../test/fixtures';
import { MIERCOLES, movableClock } from '../../../test/clock';
import { multipart, SAMPLE_FILES } from '../../../test/multipart';

/** The claimant's reminders go through a real SMTP server on loopback. */
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

/** The app's clock: a fixed Wednesday at noon, moved forward by `reloj.dias` when a test needs time to pass. */
const reloj = movableClock(MIERCOLES);

let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp(
    { ...smtp.settings, ORG_NAME: 'Estudio Pérez' },
    { now: reloj.now },
  );
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let requisitos: Map<string, number>;
beforeAll(async () => {
  const rows = await t.rows<{ id: number; nombre: string }>(sql`select id, nombre from documentacion_requerida`);
  requisitos = new Map(rows.map((row) => [row.nombre, row.id]));
});
const req = (nombre: string) => requisitos.get(nombre)!;

/** A staff request as a User signed in at the clock's present (a session of day 0 would be idle by day 7). */
async function comoUsuario(options: InjectOptions) {
  const cookie = await t.login('user');
  return t.app.inject({ ...options, headers: { ...(options.headers as Record<string, string>), cookie } });
}

/** A case whose third party has `mail`, asked for the DNI and the Cédula verde through the office's route at day 0. */
async function pedidoDe(mail: string | null) {
  const row = await insertCaso(t.database.db, { terceros: 1, reclamoNro: String(800000 + Math.floor(Math.random() * 99999)) });
  const idTercero = row.terceroIds[0]!;
  await t.rows(sql`update terceros set mail = ${mail} where id = ${idTercero}`);
  const response = await comoUsuario({
    method: 'POST',
    url: `/api/casos/${row.id}/portal/pedidos`,
    payload: { id_tercero: idTercero, requisitos: [req('DNI del conductor'), req('Cédula verde')] },
  });
  expect(response.statusCode, response.body).toBe(200);
  const pedido = response.json() as PedidoRespuesta;
  const [enlace] = await t.rows<{ id: number }>(sql`select id from portal_enlaces where id_tercero = ${idTercero} and revocado is null`);
  const [tercero] = await t.rows<{ nombre: string }>(
    sql`select trim(coalesce(nombre, '') || ' ' || apellido) as nombre from terceros where id = ${idTercero}`,
  );
  return { idCaso: row.id, idTercero, idEnlace: enlace!.id, nombre: tercero!.nombre, token: pedido.enlace.split('#t=')[1]!, mail };
}

/** The reminder run at day `dia` (counted from the request). */
async function correrEl(dia: number) {
  reloj.dias = dia;
  return t.app.services.portalRecordatorios.run();
}

const enviosDe = (idEnlace: number) =>
  t.rows<{ canal: string; destino: string | null; ok: boolean; detalle: string | null; usuario: string }>(
    sql`select canal, destino, ok, detalle, usuario from portal_envios where id_enlace = ${idEnlace} and canal in ('recordatorio', 'sin_respuesta') order by id`,
  );
const correosA = (mail: string) => smtp.received.filter((row) => row.to.includes(mail));
const historiaDe = async (idCaso: number) =>
  (await t.rows<{ msg: string }>(sql`select msg from historial where id_caso = ${idCaso} order by id`)).map((row) => row.msg);
const tareasDe = (idEnlace: number) =>
  t.rows<{ texto: string; id_usuario: number; hecha: unknown }>(
    sql`select texto, id_usuario, hecha from tareas where origen = 'portal' and origen_id = ${idEnlace}`,
  );

/** The claimant sends a file for `nombre` through their own routes, at the clock's present. */
async function subir(pedido: Awaited<ReturnType<typeof pedidoDe>>, nombre: string) {
  const sesion = await t.app.inject({ method: 'POST', url: '/api/portal/sesion', payload: { token: pedido.token } });
  expect(sesion.statusCode, sesion.body).toBe(200);
  const cookie = `portal_sid=${sesion.cookies.find((row) => row.name === 'portal_sid')!.value}`;
  expect(
    (await t.app.inject({ method: 'POST', url: '/api/portal/dni', payload: { dni: '30000001' }, headers: { cookie } })).statusCode,
  ).toBe(200);
  const [item] = await t.rows<{ id: number }>(
    sql`select id from portal_items where id_tercero = ${pedido.idTercero} and nombre = ${nombre}`,
  );
  const body = multipart([['archivo', { filename: 'doc.jpg', content: SAMPLE_FILES.jpg, contentType: 'image/jpeg' }]]);
  const subido = await t.app.inject({
    method: 'POST',
    url: `/api/portal/items/${item!.id}/archivos`,
    ...body,
    headers: { ...body.headers, cookie },
  });
  expect(subido.statusCode, subido.body).toBe(201);
}

/** The office accepts the item named `nombre`, sending its version. */
async function aceptar(pedido: Awaited<ReturnType<typeof pedidoDe>>, nombre: string) {
  const portal = (await comoUsuario({ method: 'GET', url: `/api/casos/${pedido.idCaso}/portal` })).json() as PortalDelCaso;
  const item = portal.terceros.find((row) => row.id_tercero === pedido.idTercero)!.items.find((row) => row.nombre === nombre)!;
  const response = await comoUsuario({
    method: 'PATCH',
    url: `/api/casos/${pedido.idCaso}/portal/items/${item.id}`,
    payload: { decision: 'aceptar', version: item.version },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('portal reminders (issue 42 item 6)', () => {
  it('reminds on days 3, 7 and 10, once each however often it runs, then gives the responsible user one task', async () => {
    reloj.dias = 0;
    const pedido = await pedidoDe('ana.recordatorio@correo.test');
    const pedidoMails = correosA(pedido.mail!).length;
    try {
      await correrEl(2);
      expect(await enviosDe(pedido.idEnlace)).toEqual([]);
      expect(correosA(pedido.mail!)).toHaveLength(pedidoMails);

      await correrEl(3);
      await correrEl(3);
      await correrEl(3.4);
      expect(await enviosDe(pedido.idEnlace)).toEqual([
        { canal: 'recordatorio', destino: pedido.mail, ok: true, detalle: null, usuario: 'sistema' },
      ]);
      const [recordatorio] = correosA(pedido.mail!).slice(pedidoMails);
      expect(correosA(pedido.mail!)).toHaveLength(pedidoMails + 1);
      const [caso] = await t.rows<{ reclamo_nro: string }>(sql`select reclamo_nro from casos where id = ${pedido.idCaso}`);
      expect(recordatorio!.mail.subject).toBe(
        PORTAL_CORREO.recordatorioAsunto({ nombre: pedido.nombre, org: 'Estudio Pérez', reclamo: caso!.reclamo_nro, compania: 'x' }),
      );
      const texto = recordatorio!.mail.text!;
      expect(texto).toContain(`Hola ${pedido.nombre}:`);
      expect(texto).toContain('- DNI del conductor\n- Cédula verde');
      expect(texto).toContain('use el enlace que le enviamos el 11/03/2026 (vale hasta el 10/04/2026)');
      expect(texto).toContain('Si no lo encuentra, pida uno nuevo a Estudio Pérez.');
      // The token is never stored: the reminder carries no link.
      expect(texto).not.toContain('#t=');
      expect(await historiaDe(pedido.idCaso)).toContain(PORTAL_HISTORIA.recordatorio(pedido.nombre, 3, `enviado a ${pedido.mail}`));

      await correrEl(6.9);
      expect(await enviosDe(pedido.idEnlace)).toHaveLength(1);
      await correrEl(7);
      await correrEl(7.2);
      await correrEl(10);
      await correrEl(10.5);
      expect((await enviosDe(pedido.idEnlace)).map((row) => row.canal)).toEqual(['recordatorio', 'recordatorio', 'recordatorio']);
      expect(correosA(pedido.mail!)).toHaveLength(pedidoMails + 3);
      expect(await historiaDe(pedido.idCaso)).toEqual(
        expect.arrayContaining([7, 10].map((dia) => PORTAL_HISTORIA.recordatorio(pedido.nombre, dia, `enviado a ${pedido.mail}`))),
      );
      expect(await tareasDe(pedido.idEnlace)).toEqual([]);

      // After the last day: the task, once.
      await correrEl(11);
      await correrEl(11);
      await correrEl(15);
      const tareas = await tareasDe(pedido.idEnlace);
      expect(tareas).toEqual([{ texto: PORTAL_TAREA_SIN_RESPUESTA(pedido.nombre, 10), id_usuario: expect.any(Number), hecha: null }]);
      expect(tareas[0]!.texto).toMatch(/^El reclamante no respondió/);
      const [responsable] = await t.rows<{ id: number }>(
        sql`select responsable_caso(c.id_analista, c.usuario) as id from casos c where c.id = ${pedido.idCaso}`,
      );
      expect(tareas[0]!.id_usuario).toBe(responsable!.id);
      expect((await enviosDe(pedido.idEnlace)).map((row) => [row.canal, row.ok])).toEqual([
        ['recordatorio', true],
        ['recordatorio', true],
        ['recordatorio', true],
        ['sin_respuesta', true],
      ]);
      expect(correosA(pedido.mail!)).toHaveLength(pedidoMails + 3);
      expect((await historiaDe(pedido.idCaso)).filter((msg) => msg === PORTAL_HISTORIA.sinRespuesta(pedido.nombre, 10))).toHaveLength(1);
    } finally {
      reloj.dias = 0;
    }
  });

  it('an item accepted meanwhile leaves the reminders; with every item accepted they stop and no task comes', async () => {
    reloj.dias = 0;
    const pedido = await pedidoDe('beto.recordatorio@correo.test');
    const pedidoMails = correosA(pedido.mail!).length;
    try {
      await correrEl(3);
      expect(correosA(pedido.mail!)).toHaveLength(pedidoMails + 1);

      reloj.dias = 4;
      await subir(pedido, 'DNI del conductor');
      await aceptar(pedido, 'DNI del conductor');
      await correrEl(7);
      const nuevos = correosA(pedido.mail!).slice(pedidoMails);
      expect(nuevos).toHaveLength(2);
      expect(nuevos[1]!.mail.text).toContain('- Cédula verde');
      expect(nuevos[1]!.mail.text).not.toContain('DNI del conductor');

      reloj.dias = 8;
      await subir(pedido, 'Cédula verde');
      // Received and not reviewed yet: nothing is pending for the claimant either.
      await correrEl(10);
      expect(correosA(pedido.mail!)).toHaveLength(pedidoMails + 2);
      reloj.dias = 10;
      await aceptar(pedido, 'Cédula verde');
      await correrEl(12);
      expect(correosA(pedido.mail!)).toHaveLength(pedidoMails + 2);
      expect((await enviosDe(pedido.idEnlace)).map((row) => row.canal)).toEqual(['recordatorio', 'recordatorio']);
      expect(await tareasDe(pedido.idEnlace)).toEqual([]);
    } finally {
      reloj.dias = 0;
    }
  });

  it('a third party without e-mail: each reminder is recorded as not sent, with the reason, once a day', async () => {
    reloj.dias = 0;
    const pedido = await pedidoDe(null);
    const before = smtp.received.length;
    try {
      await correrEl(3);
      await correrEl(3.5);
      expect(await enviosDe(pedido.idEnlace)).toEqual([
        { canal: 'recordatorio', destino: null, ok: false, detalle: 'El tercero no tiene correo electrónico', usuario: 'sistema' },
      ]);
      expect(await historiaDe(pedido.idCaso)).toContain(
        PORTAL_HISTORIA.recordatorio(pedido.nombre, 3, 'no enviado (El tercero no tiene correo electrónico)'),
      );
      const [caso] = await t.rows<{ reclamo_nro: string }>(sql`select reclamo_nro from casos where id = ${pedido.idCaso}`);
      expect(smtp.received.slice(before).filter((row) => row.mail.subject?.includes(caso!.reclamo_nro))).toHaveLength(0);
    } finally {
      reloj.dias = 0;
    }
  });

  it('a revoked or an expired link gets no reminder and no task', async () => {
    reloj.dias = 0;
    const revocado = await pedidoDe('carla.recordatorio@correo.test');
    const vencido = await pedidoDe('dario.recordatorio@correo.test');
    const revocar = await comoUsuario({ method: 'DELETE', url: `/api/casos/${revocado.idCaso}/portal/enlaces/${revocado.idTercero}` });
    expect(revocar.statusCode, revocar.body).toBe(200);
    // A link made to last two days (portal_ajustes.dias_validez is the office's, shared by the file's tests).
    await t.rows(sql`update portal_enlaces set expira = creado + interval '2 days' where id = ${vencido.idEnlace}`);
    try {
      await correrEl(3);
      await correrEl(7);
      expect(await enviosDe(revocado.idEnlace)).toEqual([]);
      expect(await enviosDe(vencido.idEnlace)).toEqual([]);
      await correrEl(11);
      expect(await enviosDe(revocado.idEnlace)).toEqual([]);
      expect(await tareasDe(revocado.idEnlace)).toEqual([]);
      // An expired link still pending after the last day: the responsible user is told (the claimant did not answer).
      expect((await enviosDe(vencido.idEnlace)).map((row) => row.canal)).toEqual(['sin_respuesta']);
      expect(await tareasDe(vencido.idEnlace)).toHaveLength(1);
    } finally {
      reloj.dias = 0;
    }
  });

  it('a closed case reminds nobody and gives no task', async () => {
    reloj.dias = 0;
    const pedido = await pedidoDe('elena.cerrado@correo.test');
    await t.rows(sql`update casos set id_estado = ${ESTADO.SIN_ACUERDO} where id = ${pedido.idCaso}`);
    try {
      await correrEl(3);
      await correrEl(11);
      expect(await enviosDe(pedido.idEnlace)).toEqual([]);
      expect(await tareasDe(pedido.idEnlace)).toEqual([]);
      expect(correosA(pedido.mail!)).toEqual([]);
    } finally {
      reloj.dias = 0;
    }
  });
});
