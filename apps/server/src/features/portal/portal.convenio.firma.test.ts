import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  ESTADO,
  PORTAL_CONVENIO,
  PORTAL_CONVENIO_CONSTANCIA,
  PORTAL_CONVENIO_HISTORIA,
  PORTAL_CONVENIO_MESSAGES,
  PORTAL_MESSAGES,
  type ConvenioPublicado,
  type PortalDelCaso,
  type PortalEstado,
} from '@siniestros/domain';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { expectLoggedError } from '../../../test/logged-errors';
import { startSmtpCapture } from '../../../test/smtp';
import { insertCaso } from '../../../test/fixtures';
import { MIERCOLES, movableClock } from '../../../test/clock';
import { multipart, SAMPLE_FILES } from '../../../test/multipart';
import { CLAIMANT_DNI } from './portal.test-fixtures';

/**
 * The convenio a distancia, the claimant's side (issue 42 item 7, docs/decisions/084): reading the
 * published convenio, sending the signed copy, and the electronic signature with the DNI and a
 * code read from the e-mail that really reached an SMTP server on loopback.
 */

const CBU = '2850590940090418135201';
const TITULAR = 'Daños Titular sin Letrado';
const MAIL = 'juan.tercero@correo.test';
const UA = 'Mozilla/5.0 (Linux; Android 14) Prueba/1.0';
const SEGUNDO = 1 / 86_400;

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const reloj = movableClock(MIERCOLES);
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  // The .docx is published (no LibreOffice needed): the claimant's side is the same for both.
  t = await createTestApp({ ...smtp.settings, ORG_NAME: 'Estudio Pérez', SOFFICE_PATH: 'off' }, { now: reloj.now });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

function expectPortalHeaders(response: LightMyRequestResponse) {
  expect(response.headers['referrer-policy'], response.body).toBe('no-referrer');
  expect(response.headers['cache-control'], response.body).toBe('no-store');
}

/** A case at status 5 whose convenio was published (a new link), and the claimant past the DNI with it. */
async function claimantConConvenio(options: { mail?: string | null } = {}) {
  const row = await insertCaso(t.database.db, { idEstado: ESTADO.CONVENIO, valorOfertado: '850000' });
  const idTercero = row.terceroIds[0]!;
  await t.rows(sql`update terceros set cbu = ${CBU}, mail = ${options.mail === undefined ? MAIL : options.mail} where id = ${idTercero}`);
  const response = await t.request('user', { method: 'POST', url: `/api/casos/${row.id}/portal/convenio`, payload: { convenioFile: [TITULAR] } });
  expect(response.statusCode, response.body).toBe(201);
  const publicado = response.json() as ConvenioPublicado;
  const token = publicado.enlace!.split('#t=')[1]!;
  const opened = await t.app.inject({ method: 'POST', url: '/api/portal/sesion', payload: { token } });
  const cookie = `portal_sid=${opened.cookies.find((item) => item.name === 'portal_sid')!.value}`;
  expect((await t.app.inject({ method: 'POST', url: '/api/portal/dni', headers: { cookie }, payload: { dni: CLAIMANT_DNI } })).statusCode).toBe(200);
  return { idCaso: row.id, idTercero, cookie, publicado, idItem: publicado.convenio.id_item };
}

async function portal(cookie: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const response = await t.app.inject({ method, url: `/api/portal${url}`, headers: { cookie, 'user-agent': UA }, ...(payload === undefined ? {} : { payload: payload as string }) });
  expectPortalHeaders(response);
  return response;
}

const estado = async (cookie: string) => (await portal(cookie, 'GET', '/estado')).json() as PortalEstado;
const firmaElectronica = (on: boolean) => t.rows(sql`update portal_ajustes set firma_electronica = ${on}`);

/** The code of the last e-mail to `to`. */
function codigoDelCorreo(to: string): string {
  const mail = smtp.received.filter((item) => item.to.includes(to)).at(-1)!;
  const codigo = /^(\d{6})$/m.exec(mail.mail.text ?? '')?.[1];
  if (!codigo) throw new Error(`no code in: ${mail.mail.text}`);
  return codigo;
}

describe('the claimant and the published convenio', () => {
  it('sees it, opens only its own file, sends the signed copy through the item; accepted, no further publication', async () => {
    const c = await claimantConConvenio();
    const otro = await claimantConConvenio();
    const [archivo] = c.publicado.convenio.archivos;

    const { convenio, items } = await estado(c.cookie);
    expect(convenio).toEqual({
      archivos: [{ id: archivo!.id, nombre: archivo!.nombre, mime: archivo!.mime, bytes: archivo!.bytes }],
      id_item: c.idItem,
      firma_electronica: false,
      destino: 'j•••@correo.test',
      firmado: null,
    });
    expect(items).toEqual([expect.objectContaining({ id: c.idItem, nombre: PORTAL_CONVENIO.itemNombre, estado: 'pendiente', tiene_ejemplo: false })]);

    // A .docx is a download; the bytes are the ones published.
    const file = await portal(c.cookie, 'GET', `/convenio/${archivo!.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="Convenio_1_/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(crypto.createHash('sha256').update(file.rawPayload).digest('hex')).toBe(archivo!.sha256);
    // Another claimant's file does not exist for this one.
    const ajeno = await portal(c.cookie, 'GET', `/convenio/${otro.publicado.convenio.archivos[0]!.id}`);
    expect(ajeno.statusCode).toBe(404);
    expect(ajeno.json().message).toBe(PORTAL_CONVENIO_MESSAGES.noExiste);

    // The signed copy through the existing upload: a 'Convenio' document named by the rule.
    const body = multipart([['archivo', { filename: 'IMG_0001.jpg', content: SAMPLE_FILES.jpg }]]);
    const upload = await t.app.inject({ method: 'POST', url: `/api/portal/items/${c.idItem}/archivos`, headers: { cookie: c.cookie, ...body.headers }, payload: body.payload });
    expect(upload.statusCode, upload.body).toBe(201);
    expect(await t.rows(sql`select nombre, tipo from documentos where id_caso = ${c.idCaso}`)).toEqual([{ nombre: 'Convenio.jpg', tipo: 'Convenio' }]);

    const portalDelCaso = (await t.request('user', { method: 'GET', url: `/api/casos/${c.idCaso}/portal` })).json() as PortalDelCaso;
    const item = portalDelCaso.terceros[0]!.items[0]!;
    expect(item).toMatchObject({ estado: 'recibido', documentos: ['Convenio.jpg'] });
    const review = await t.request('user', { method: 'PATCH', url: `/api/casos/${c.idCaso}/portal/items/${c.idItem}`, payload: { decision: 'aceptar', version: item.version } });
    expect(review.statusCode, review.body).toBe(200);
    const again = await t.request('user', { method: 'POST', url: `/api/casos/${c.idCaso}/portal/convenio`, payload: { convenioFile: [TITULAR] } });
    expect(again.statusCode).toBe(409);
  });

  it('before the DNI nothing of it answers', async () => {
    const c = await claimantConConvenio();
    const row = await t.rows<{ token_hash: string }>(sql`select token_hash from portal_enlaces where id_tercero = ${c.idTercero}`);
    expect(row).toHaveLength(1);
    const token = c.publicado.enlace!.split('#t=')[1]!;
    const opened = await t.app.inject({ method: 'POST', url: '/api/portal/sesion', payload: { token } });
    const cookie = `portal_sid=${opened.cookies.find((item) => item.name === 'portal_sid')!.value}`;
    const calls = [
      ['GET', `/convenio/${c.publicado.convenio.archivos[0]!.id}`, undefined],
      ['POST', '/convenio/codigo', {}],
      ['POST', '/convenio/firma', { dni: CLAIMANT_DNI, codigo: '123456', acepto: true }],
    ] as const;
    for (const [method, url, payload] of calls) expect((await portal(cookie, method, url, payload)).statusCode, url).toBe(403);
  });
});

describe('the electronic signature', () => {
  it('off by default (409); with it on, a third party without e-mail is told to print it (409)', async () => {
    await firmaElectronica(false);
    const c = await claimantConConvenio();
    const off = await portal(c.cookie, 'POST', '/convenio/codigo', {});
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(PORTAL_CONVENIO_MESSAGES.firmaDesactivada);

    await firmaElectronica(true);
    try {
      const sinMail = await claimantConConvenio({ mail: null });
      expect((await estado(sinMail.cookie)).convenio).toMatchObject({ firma_electronica: false, destino: null });
      const refused = await portal(sinMail.cookie, 'POST', '/convenio/codigo');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(PORTAL_CONVENIO_MESSAGES.sinCorreo);
    } finally {
      await firmaElectronica(false);
    }
  });

  it('a code by e-mail; wrong DNI and wrong codes count until it is void; a new one a minute later signs: the certificate is filed', async () => {
    await firmaElectronica(true);
    try {
      const c = await claimantConConvenio();
      expect((await estado(c.cookie)).convenio).toMatchObject({ firma_electronica: true, destino: 'j•••@correo.test' });

      const pedido = await portal(c.cookie, 'POST', '/convenio/codigo');
      expect(pedido.statusCode, pedido.body).toBe(202);
      expect(pedido.json()).toEqual({ message: PORTAL_CONVENIO_MESSAGES.codigoEnviado('j•••@correo.test'), destino: 'j•••@correo.test' });
      const primero = codigoDelCorreo(MAIL);
      const correo = smtp.received.at(-1)!.mail;
      expect(correo.subject).toContain('Código para firmar el convenio');
      expect(correo.text).toContain('No lo comparta con nadie');
      // Only its salted hash is stored.
      const [guardado] = await t.rows<Record<string, unknown>>(sql`select c.* from portal_firma_codigos c join portal_enlaces e on e.id = c.id_enlace where e.id_tercero = ${c.idTercero}`);
      expect(JSON.stringify(guardado)).not.toContain(primero);

      // A second code within the minute: wait.
      const pronto = await portal(c.cookie, 'POST', '/convenio/codigo');
      expect(pronto.statusCode).toBe(429);
      expect(pronto.json().message).toBe(PORTAL_CONVENIO_MESSAGES.codigoEspera);
      expect(Number(pronto.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(pronto.headers['retry-after'])).toBeLessThanOrEqual(PORTAL_CONVENIO.codigoEsperaSegundos);

      // The whole DNI is required; a wrong one counts as a try on the code.
      const dni = await portal(c.cookie, 'POST', '/convenio/firma', { dni: '30000009', codigo: primero, acepto: true });
      expect(dni.statusCode).toBe(422);
      expect(dni.json()).toMatchObject({ message: PORTAL_MESSAGES.dniIncorrecto, errors: [{ path: 'dni' }] });
      const sinAceptar = await portal(c.cookie, 'POST', '/convenio/firma', { dni: CLAIMANT_DNI, codigo: primero, acepto: false });
      expect(sinAceptar.statusCode).toBe(400);
      const otro = primero === '000000' ? '111111' : '000000';
      for (let intento = 2; intento < PORTAL_CONVENIO.codigoMaxIntentos; intento++) {
        const wrong = await portal(c.cookie, 'POST', '/convenio/firma', { dni: CLAIMANT_DNI, codigo: otro, acepto: true });
        expect(wrong.statusCode).toBe(422);
        expect(wrong.json()).toMatchObject({ message: PORTAL_CONVENIO_MESSAGES.codigoInvalido, errors: [{ path: 'codigo' }] });
      }
      const last = await portal(c.cookie, 'POST', '/convenio/firma', { dni: CLAIMANT_DNI, codigo: otro, acepto: true });
      expect(last.json().message).toBe(PORTAL_CONVENIO_MESSAGES.codigoAgotado);
      // Void: even the right code no longer signs.
      const void_ = await portal(c.cookie, 'POST', '/convenio/firma', { dni: CLAIMANT_DNI, codigo: primero, acepto: true });
      expect(void_.statusCode).toBe(422);
      expect(void_.json().message).toBe(PORTAL_CONVENIO_MESSAGES.codigoAgotado);
      expect((await estado(c.cookie)).items[0]).toMatchObject({ estado: 'pendiente' });

      reloj.dias += 61 * SEGUNDO;
      expect((await portal(c.cookie, 'POST', '/convenio/codigo')).statusCode).toBe(202);
      const segundo = codigoDelCorreo(MAIL);
      const firma = await portal(c.cookie, 'POST', '/convenio/firma', { dni: `  ${CLAIMANT_DNI}`, codigo: segundo, acepto: true });
      expect(firma.statusCode, firma.body).toBe(201);
      expect(firma.json()).toEqual({ message: PORTAL_CONVENIO_MESSAGES.firmado, item: expect.objectContaining({ id: c.idItem, estado: 'recibido', archivos: 1 }) });

      // The certificate: a 'Convenio' document of the case, a PDF naming the signed file by its SHA-256.
      const [documento] = await t.rows<{ nombre: string; tipo: string; usuario: string }>(sql`select nombre, tipo, usuario from documentos where id_caso = ${c.idCaso}`);
      expect(documento).toEqual({ nombre: 'Convenio.pdf', tipo: 'Convenio', usuario: 'Portal del reclamante' });
      const pdf = await t.request('user', { method: 'GET', url: `/api/documentacion/downloadfile/?id=${c.idCaso}&name=Convenio.pdf` });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
      const [archivo] = c.publicado.convenio.archivos;
      for (const expected of [
        PORTAL_CONVENIO_CONSTANCIA.titulo,
        'Estudio Pérez',
        `${c.idCaso}`,
        'Juan Tercero1',
        `DNI ${CLAIMANT_DNI}`,
        archivo!.nombre,
        archivo!.sha256,
        PORTAL_CONVENIO_CONSTANCIA.aceptacion,
        'Ley 25.506',
        '127.0.0.1',
        UA,
        `${PORTAL_CONVENIO.canalCodigo} (j•••@correo.test)`,
      ]) {
        expect(text.replace(/\s+/g, ' '), expected).toContain(expected);
      }

      // The signature, the history row, the bell; the code is used.
      const [firmaRow] = await t.rows<Record<string, unknown>>(sql`select direccion, user_agent, destino from portal_firmas where id_tercero = ${c.idTercero}`);
      expect(firmaRow).toEqual({ direccion: '127.0.0.1', user_agent: UA, destino: MAIL });
      expect(await t.rows(sql`select msg from historial where id_caso = ${c.idCaso} and msg = ${PORTAL_CONVENIO_HISTORIA.firmado('Juan Tercero1')}`)).toHaveLength(1);
      const bell = await t.request('admin', { method: 'GET', url: '/api/notificaciones' });
      expect(bell.json().data).toContainEqual(expect.objectContaining({ tipo: 'portal_recibido', id_caso: c.idCaso, texto: `Juan Tercero1 envió ${PORTAL_CONVENIO.itemNombre}` }));
      const visto = await estado(c.cookie);
      expect(visto.convenio?.firmado).toEqual(expect.any(String));
      const staff = (await t.request('user', { method: 'GET', url: `/api/casos/${c.idCaso}/portal` })).json() as PortalDelCaso;
      expect(staff.terceros[0]!.convenio!.firma).toEqual({ firmado: visto.convenio!.firmado, direccion: '127.0.0.1', user_agent: UA, destino: MAIL });

      // Signed: no further code, no second signature.
      reloj.dias += 61 * SEGUNDO;
      const otroCodigo = await portal(c.cookie, 'POST', '/convenio/codigo');
      expect(otroCodigo.statusCode).toBe(409);
      expect(otroCodigo.json().message).toBe(PORTAL_CONVENIO_MESSAGES.yaFirmado);
      expect((await portal(c.cookie, 'POST', '/convenio/firma', { dni: CLAIMANT_DNI, codigo: segundo, acepto: true })).statusCode).toBe(409);
    } finally {
      await firmaElectronica(false);
    }
  });

  it(`at most ${PORTAL_CONVENIO.codigosPorDia} codes a day per link`, async () => {
    await firmaElectronica(true);
    try {
      const c = await claimantConConvenio();
      for (let n = 0; n < PORTAL_CONVENIO.codigosPorDia; n++) {
        expect((await portal(c.cookie, 'POST', '/convenio/codigo')).statusCode).toBe(202);
        reloj.dias += 61 * SEGUNDO;
      }
      const limite = await portal(c.cookie, 'POST', '/convenio/codigo');
      expect(limite.statusCode).toBe(429);
      expect(limite.json().message).toBe(PORTAL_CONVENIO_MESSAGES.codigoLimite);
      expect(Number(limite.headers['retry-after'])).toBeGreaterThan(86_400 - 10 * 60);
    } finally {
      await firmaElectronica(false);
    }
  });
});

describe('without SMTP', () => {
  let sinSmtp: TestApp;
  beforeAll(async () => {
    sinSmtp = await createTestApp({ SOFFICE_PATH: 'off' }, { now: reloj.now });
  });
  afterAll(() => sinSmtp?.close());

  it('the signature is not offered, and no code can be sent: 503, nothing stored', async () => {
    const row = await insertCaso(sinSmtp.database.db, { idEstado: ESTADO.CONVENIO, valorOfertado: '850000' });
    await sinSmtp.rows(sql`update terceros set cbu = ${CBU}, mail = ${MAIL} where id = ${row.terceroIds[0]!}`);
    await sinSmtp.rows(sql`update portal_ajustes set firma_electronica = true`);
    const publicado = (await sinSmtp.request('user', { method: 'POST', url: `/api/casos/${row.id}/portal/convenio`, payload: { convenioFile: [TITULAR] } })).json() as ConvenioPublicado;
    const opened = await sinSmtp.app.inject({ method: 'POST', url: '/api/portal/sesion', payload: { token: publicado.enlace!.split('#t=')[1]! } });
    const cookie = `portal_sid=${opened.cookies.find((item) => item.name === 'portal_sid')!.value}`;
    await sinSmtp.app.inject({ method: 'POST', url: '/api/portal/dni', headers: { cookie }, payload: { dni: CLAIMANT_DNI } });
    // Not offered on the page; asked all the same, it cannot go.
    const visto = await sinSmtp.app.inject({ method: 'GET', url: '/api/portal/estado', headers: { cookie } });
    expect(visto.json().convenio).toMatchObject({ firma_electronica: false, destino: 'j•••@correo.test' });
    const response = await sinSmtp.app.inject({ method: 'POST', url: '/api/portal/convenio/codigo', headers: { cookie } });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe(PORTAL_CONVENIO_MESSAGES.codigoNoEnviado);
    expectLoggedError(/No pudimos enviarle el código/);
    expect(await sinSmtp.rows(sql`select id from portal_firma_codigos`)).toEqual([]);
  });
});
