import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  AUDIT_ACTION,
  CONVENIO_MESSAGES,
  ESTADO,
  PORTAL_CONVENIO,
  PORTAL_CONVENIO_HISTORIA,
  PORTAL_CONVENIO_MESSAGES,
  PORTAL_MESSAGES,
  type ConvenioPublicado,
  type PortalDelCaso,
} from '@siniestros/domain';
import { createTestApp, type Role, type TestApp } from '../../../test/helpers';
import { startSmtpCapture } from '../../../test/smtp';
import { insertCaso } from '../../../test/fixtures';
import { MIERCOLES, movableClock } from '../../../test/clock';
import { sofficeOnPath } from '../../shared/office-pdf';
import { CLAIMANT_DNI, insertEnlace } from './portal.test-fixtures';

/**
 * The convenio a distancia, the office's side (issue 42 item 7, docs/decisions/084): publishing the
 * generated convenio to a third party's portal. Through HTTP on a real database, with LibreOffice
 * for real and the claimant's e-mail through an SMTP server on loopback.
 */

const HAS_SOFFICE = sofficeOnPath(process.env.PATH) !== null;
const CBU = '2850590940090418135201';
const TITULAR = 'Daños Titular sin Letrado';

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const reloj = movableClock(MIERCOLES);
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ ...smtp.settings, ORG_NAME: 'Estudio Pérez' }, { now: reloj.now });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** A case at `idEstado` with an offer, its third party with a CBU, an e-mail and a cell number. */
async function caso(options: { idEstado?: number; terceros?: number; mail?: string | null; nroDoc?: string | null } = {}) {
  const row = await insertCaso(t.database.db, { idEstado: options.idEstado ?? ESTADO.CONVENIO, terceros: options.terceros ?? 1, valorOfertado: '850000' });
  const mail = options.mail === undefined ? 'juan.tercero@correo.test' : options.mail;
  for (const id of row.terceroIds) await t.rows(sql`update terceros set cbu = ${CBU}, mail = ${mail}, cel = '11 5555-1234' where id = ${id}`);
  if (options.nroDoc !== undefined) await t.rows(sql`update terceros set nro_doc = ${options.nroDoc} where id = ${row.terceroIds[0]!}`);
  return { id: row.id, idTercero: row.terceroIds[0]!, terceroIds: row.terceroIds };
}

const publicar = (idCaso: number, body: Record<string, unknown>, role: Role | null = 'user') =>
  t.request(role, { method: 'POST', url: `/api/casos/${idCaso}/portal/convenio`, payload: body });

async function publicado(idCaso: number, body: Record<string, unknown>): Promise<ConvenioPublicado> {
  const response = await publicar(idCaso, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const portalDe = async (idCaso: number) => (await t.request('user', { method: 'GET', url: `/api/casos/${idCaso}/portal` })).json() as PortalDelCaso;
const historyOf = async (idCaso: number) => (await t.rows<{ msg: string }>(sql`select msg from historial where id_caso = ${idCaso} order by id`)).map((row) => row.msg);
const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));
const archivoDelCaso = (idCaso: number, idArchivo: number) => t.request('user', { method: 'GET', url: `/api/casos/${idCaso}/portal/convenio/${idArchivo}` });

/** The portal cookie of a claimant who opened `enlace` and typed their DNI. */
async function claimantDe(enlace: string): Promise<string> {
  const opened = await t.app.inject({ method: 'POST', url: '/api/portal/sesion', payload: { token: enlace.split('#t=')[1] } });
  const cookie = `portal_sid=${opened.cookies.find((item) => item.name === 'portal_sid')!.value}`;
  expect((await t.app.inject({ method: 'POST', url: '/api/portal/dni', headers: { cookie }, payload: { dni: CLAIMANT_DNI } })).statusCode).toBe(200);
  return cookie;
}

/** The keys stored under the case's convenio folder. */
async function archivosGuardados(idCaso: number): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of t.app.services.storage.list()) if (key.startsWith(`portal/convenios/${idCaso}/`)) keys.push(key);
  return keys.sort();
}

describe('publishing the convenio to the portal', () => {
  it.runIf(HAS_SOFFICE)('at status 5, without a live link: the convenio as PDF, the item asked, a new link given once and e-mailed', async () => {
    const c = await caso();
    const respuesta = await publicado(c.id, { convenioFile: [TITULAR] });
    expect(respuesta).toMatchObject({ message: PORTAL_CONVENIO_MESSAGES.publicado, pdf: true, email: 'enviado' });
    expect(respuesta.enlace).toMatch(/^http:\/\/localhost(:80)?\/portal#t=[A-Za-z0-9_-]{43}$/);
    expect(respuesta.whatsapp).toMatch(/^https:\/\/wa\.me\/5491155551234\?text=/);
    const [archivo] = respuesta.convenio.archivos;
    expect(respuesta.convenio.archivos).toHaveLength(1);
    expect(archivo).toMatchObject({ plantilla: TITULAR, nombre: `Convenio_1_Danos_Titular_sin_Letrado_Caso_${c.id}.pdf`, mime: 'application/pdf' });
    expect(respuesta.convenio).toMatchObject({ publicado_por: 'user@test.local', firma: null });

    // The file as the staff downloads it: the PDF whose SHA-256 was recorded.
    const file = await archivoDelCaso(c.id, archivo!.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="Convenio_1_Danos_Titular_sin_Letrado_Caso_\d+\.pdf"/);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(archivo!.bytes).toBe(file.rawPayload.length);
    const { createHash } = await import('node:crypto');
    expect(archivo!.sha256).toBe(createHash('sha256').update(file.rawPayload).digest('hex'));
    // Stored outside casos/: the documents' orphan sweeper leaves it.
    expect(await archivosGuardados(c.id)).toHaveLength(1);

    // The claimant, with the new link and their DNI, opens the PDF in the browser.
    const cookie = await claimantDe(respuesta.enlace!);
    const inline = await t.app.inject({ method: 'GET', url: `/api/portal/convenio/${archivo!.id}`, headers: { cookie } });
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="Convenio_1_/);
    expect(inline.headers['x-content-type-options']).toBe('nosniff');
    expect(inline.headers['cache-control']).toBe('no-store');
    expect(inline.rawPayload.equals(file.rawPayload)).toBe(true);

    // The item 'Convenio firmado', pending, asked now, with no requirement behind it.
    const portal = await portalDe(c.id);
    const tercero = portal.terceros[0]!;
    expect(tercero.convenio).toEqual(respuesta.convenio);
    expect(tercero.items).toEqual([
      expect.objectContaining({
        id: respuesta.convenio.id_item,
        id_requisito: null,
        tipo: PORTAL_CONVENIO.itemTipo,
        nombre: PORTAL_CONVENIO.itemNombre,
        explicacion: PORTAL_CONVENIO.itemExplicacion,
        estado: 'pendiente',
      }),
    ]);
    expect(tercero.enlace).toMatchObject({ vigente: true, creado_por: 'user@test.local' });

    // The e-mail carries the new link; the send, the history and the audit are recorded.
    const [mail] = mailsTo('juan.tercero@correo.test').slice(-1);
    expect(mail!.mail.subject).toContain('Convenio para firmar');
    expect(mail!.mail.text).toContain(respuesta.enlace!);
    expect(await t.rows(sql`select canal, ok, destino from portal_envios e join portal_enlaces l on l.id = e.id_enlace where l.id_caso = ${c.id}`)).toEqual([
      { canal: 'email', ok: true, destino: 'juan.tercero@correo.test' },
    ]);
    expect(await historyOf(c.id)).toContain(PORTAL_CONVENIO_HISTORIA.publicado('Juan Tercero1', archivo!.nombre));
    expect(await t.rows(sql`select action from audit_log where entity_id = ${String(c.id)} and action = ${AUDIT_ACTION.portalConvenio}`)).toHaveLength(1);
  });

  it('at status 6 with a live link: the link is kept (no token in the answer) and the e-mail points to it', async () => {
    const c = await caso({ idEstado: ESTADO.ESPERA_CONVENIO });
    const { idEnlace, token } = await insertEnlace(t.database.db, { idCaso: c.id, idTercero: c.idTercero, creado: reloj.now() });
    const respuesta = await publicado(c.id, { convenioFile: TITULAR });
    expect(respuesta).toMatchObject({ enlace: null, whatsapp: null, email: 'enviado' });
    expect(await t.rows(sql`select id, revocado from portal_enlaces where id_tercero = ${c.idTercero}`)).toEqual([{ id: idEnlace, revocado: null }]);
    const [mail] = mailsTo('juan.tercero@correo.test').slice(-1);
    expect(mail!.mail.text).toContain('Tiene un convenio para firmar');
    expect(mail!.mail.text).toContain('ingrese con el enlace que le enviamos');
    expect(mail!.mail.text).not.toContain('/portal#t=');
    expect(mail!.mail.text).not.toContain(token);
    expect(await t.rows(sql`select canal, ok from portal_envios where id_enlace = ${idEnlace}`)).toEqual([{ canal: 'aviso_convenio', ok: true }]);
  });

  it('a republish retires the live files and keeps the item; once the signed copy is accepted it is refused and stores nothing', async () => {
    const c = await caso();
    const primero = await publicado(c.id, { convenioFile: [TITULAR] });
    await t.rows(sql`update portal_items set estado = 'rechazado', motivo = 'Falta una hoja', recibido = now() where id = ${primero.convenio.id_item}`);
    const segundo = await publicado(c.id, { convenioFile: [TITULAR, 'Aceptación Previa sin Letrado'] });
    expect(segundo.convenio.id_item).toBe(primero.convenio.id_item);
    expect(segundo.convenio.archivos.map((archivo) => archivo.plantilla)).toEqual([TITULAR, 'Aceptación Previa sin Letrado']);
    // The second publication made no new link: the first one is live.
    expect(segundo.enlace).toBeNull();
    const vivos = await t.rows<{ id: number; retirado: string | null }>(sql`select id, retirado from portal_convenios where id_tercero = ${c.idTercero} order by id`);
    expect(vivos.map((row) => row.retirado === null)).toEqual([false, true, true]);
    const [item] = (await portalDe(c.id)).terceros[0]!.items;
    expect(item).toMatchObject({ id: primero.convenio.id_item, estado: 'pendiente', motivo: null });
    // A retired file is still the staff's to read (a signature's certificate may name it).
    expect((await archivoDelCaso(c.id, primero.convenio.archivos[0]!.id)).statusCode).toBe(200);

    await t.rows(sql`update portal_items set estado = 'aceptado' where id = ${primero.convenio.id_item}`);
    const antes = await archivosGuardados(c.id);
    const refused = await publicar(c.id, { convenioFile: [TITULAR] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PORTAL_CONVENIO_MESSAGES.yaAceptado);
    expect(await archivosGuardados(c.id)).toEqual(antes);
    expect(await t.rows(sql`select count(*)::int as n from portal_convenios where id_tercero = ${c.idTercero}`)).toEqual([{ n: 3 }]);
  });

  it('refuses the wrong status (422), another case\'s third party, one without a document, a missing choice; an Inspector 403', async () => {
    const enOfrecimiento = await caso({ idEstado: ESTADO.OFRECIMIENTO });
    const wrong = await publicar(enOfrecimiento.id, { convenioFile: [TITULAR] });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(PORTAL_CONVENIO_MESSAGES.estadoInvalido);

    const c = await caso({ terceros: 2 });
    const otro = await caso();
    const ajeno = await publicar(c.id, { convenioFile: [TITULAR], id_tercero: otro.idTercero });
    expect(ajeno.statusCode).toBe(422);
    expect(ajeno.json().message).toBe(CONVENIO_MESSAGES.unknownTercero);
    const sinElegir = await publicar(c.id, { convenioFile: [TITULAR] });
    expect(sinElegir.statusCode).toBe(422);
    expect(sinElegir.json().message).toBe(CONVENIO_MESSAGES.chooseTercero);

    const sinDni = await caso({ nroDoc: null });
    const noDoc = await publicar(sinDni.id, { convenioFile: [TITULAR] });
    expect(noDoc.statusCode).toBe(422);
    expect(noDoc.json().message).toBe(PORTAL_MESSAGES.terceroSinDni);

    expect((await publicar(c.id, { convenioFile: [TITULAR], id_tercero: c.idTercero }, 'inspector')).statusCode).toBe(403);
    expect((await t.request('inspector', { method: 'GET', url: `/api/casos/${c.id}/portal/convenio/1` })).statusCode).toBe(403);
    expect((await publicar(c.id, { convenioFile: [TITULAR], id_tercero: c.idTercero }, null)).statusCode).toBe(401);

    // Nothing was published or stored by any of them.
    for (const id of [enOfrecimiento.id, c.id, sinDni.id]) {
      expect(await t.rows(sql`select id from portal_convenios where id_caso = ${id}`)).toEqual([]);
      expect(await archivosGuardados(id)).toEqual([]);
    }
  });

  it("a published file is read within its case only: another case's id is 404", async () => {
    const c = await caso();
    const otro = await caso();
    const { convenio } = await publicado(c.id, { convenioFile: [TITULAR] });
    const ajeno = await archivoDelCaso(otro.id, convenio.archivos[0]!.id);
    expect(ajeno.statusCode).toBe(404);
    expect(ajeno.json().message).toBe(PORTAL_CONVENIO_MESSAGES.noExiste);
  });
});

describe('without LibreOffice (SOFFICE_PATH=off) and without SMTP', () => {
  let sinSoffice: TestApp;
  beforeAll(async () => {
    sinSoffice = await createTestApp({ SOFFICE_PATH: 'off' }, { now: reloj.now });
  });
  afterAll(() => sinSoffice?.close());

  it('publishes the .docx, a download; the e-mail cannot go: the handler gets the link to give', async () => {
    const row = await insertCaso(sinSoffice.database.db, { idEstado: ESTADO.CONVENIO, valorOfertado: '850000' });
    await sinSoffice.rows(sql`update terceros set cbu = ${CBU}, mail = 'juan@correo.test' where id = ${row.terceroIds[0]!}`);
    const response = await sinSoffice.request('user', { method: 'POST', url: `/api/casos/${row.id}/portal/convenio`, payload: { convenioFile: [TITULAR] } });
    expect(response.statusCode, response.body).toBe(201);
    const respuesta = response.json() as ConvenioPublicado;
    expect(respuesta).toMatchObject({ pdf: false, email: 'sin_smtp' });
    expect(respuesta.enlace).toMatch(/\/portal#t=/);
    const [archivo] = respuesta.convenio.archivos;
    expect(archivo).toMatchObject({ nombre: `Convenio_1_Danos_Titular_sin_Letrado_Caso_${row.id}.docx`, mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    const file = await sinSoffice.request('user', { method: 'GET', url: `/api/casos/${row.id}/portal/convenio/${archivo!.id}` });
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(await sinSoffice.rows(sql`select canal, ok, detalle from portal_envios e join portal_enlaces l on l.id = e.id_enlace where l.id_caso = ${row.id} order by e.id`)).toEqual([
      { canal: 'email', ok: false, detalle: 'El correo no está configurado' },
      { canal: 'enlace', ok: true, detalle: null },
    ]);
  });
});
