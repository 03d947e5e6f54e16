import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { addDaysIso } from '@siniestros/domain';
import { createTestApp, USERNAMES, type TestApp } from '../../../test/helpers';
import { insertCaso } from '../../../test/fixtures';
import { clockAt, MIERCOLES } from '../../../test/clock';
import { createMailer } from './notificaciones.correo';

/**
 * The daily digest against a real SMTP server on loopback (smtp-server, by nodemailer's authors),
 * with authentication; what arrives is parsed by mailparser. No mock transport.
 */
const SMTP_USER = 'siniestros';
const SMTP_PASS = 'clave-smtp-de-prueba';
const received: { envelopeTo: string[]; mail: ParsedMail }[] = [];
let refuse = false;

const server = new SMTPServer({
  // Plain SMTP on loopback: the test has no certificate to offer, so no STARTTLS.
  disabledCommands: ['STARTTLS'],
  allowInsecureAuth: true,
  onAuth(auth, _session, callback) {
    if (auth.username === SMTP_USER && auth.password === SMTP_PASS) callback(null, { user: auth.username });
    else callback(new Error('Invalid username or password'));
  },
  onData(stream, session, callback) {
    if (refuse) {
      stream.resume();
      stream.on('end', () => callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 451 })));
      return;
    }
    simpleParser(stream)
      .then((mail) => {
        received.push({ envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail });
        callback();
      })
      .catch(callback);
  },
});

const today = MIERCOLES;
let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const env = {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(port),
    SMTP_USER,
    SMTP_PASS,
    SMTP_FROM: 'Siniestros <siniestros@oficina.test>',
    APP_URL: 'https://siniestros.oficina.test',
    ORG_NAME: 'Estudio Pérez',
  };
  t = await createTestApp(env, { now: clockAt(today) });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const rows = async (query: string) =>
  ((await t.database.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows;

describe('daily e-mail digest', () => {
  it('sends each user who asked for it one e-mail with their unread items in Spanish, and never twice', async () => {
    const caso = await insertCaso(t.database.db, { reclamoNro: 'R-7788' });
    for (const texto of ['Pedir la denuncia policial', 'Llamar al tercero']) {
      const response = await t.request('admin', {
        method: 'POST',
        url: `/api/tareas/caso/${caso.id}`,
        payload: { texto, vence: addDaysIso(today, 2), id_usuario: t.ids.user },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    // The User asks for the digest; the Admin has items too (none) but did not ask.
    const optIn = await t.request('user', {
      method: 'PATCH',
      url: '/api/notificaciones/preferencias',
      payload: { resumen_diario: true },
    });
    expect(optIn.json()).toMatchObject({ resumen_diario: true, correo: USERNAMES.user, correo_configurado: true });

    expect(await t.app.services.notificaciones.enviarResumenes(today)).toEqual({ enviados: 1, sinNovedades: 0, fallidos: 0 });
    expect(received).toHaveLength(1);
    const [{ envelopeTo, mail }] = received as [(typeof received)[number]];
    expect(envelopeTo).toEqual([USERNAMES.user]);
    expect(mail.from?.value).toEqual([{ name: 'Siniestros', address: 'siniestros@oficina.test' }]);
    expect(mail.subject).toBe('Estudio Pérez: 2 notificaciones sin leer');
    const vence = addDaysIso(today, 2).split('-').reverse().join('/');
    expect(mail.text).toContain('Hola Usuario:');
    expect(mail.text).toContain('Tiene 2 notificaciones sin leer:');
    expect(mail.text).toContain(`- Tarea asignada: Reclamo R-7788 · Llamar al tercero · vence ${vence}`);
    expect(mail.text).toContain(`- Tarea asignada: Reclamo R-7788 · Pedir la denuncia policial · vence ${vence}`);
    expect(mail.text).toContain('Véalas en https://siniestros.oficina.test/notificaciones');

    // A second run (another node, a restart) the same day sends nothing.
    expect(await t.app.services.notificaciones.enviarResumenes(today)).toEqual({ enviados: 0, sinNovedades: 0, fallidos: 0 });
    expect(received).toHaveLength(1);
    expect(await rows(`select id_usuario, items from resumenes_enviados where dia = '${today}'`)).toEqual([
      { id_usuario: t.ids.user, items: 2 },
    ]);
  });

  it('a refused send is retried at the next run; a day with nothing unread sends nothing', async () => {
    const day = addDaysIso(today, 1);
    refuse = true;
    expect(await t.app.services.notificaciones.enviarResumenes(day)).toEqual({ enviados: 0, sinNovedades: 0, fallidos: 1 });
    expect(await rows(`select id_usuario from resumenes_enviados where dia = '${day}'`)).toEqual([]);
    refuse = false;
    expect(await t.app.services.notificaciones.enviarResumenes(day)).toEqual({ enviados: 1, sinNovedades: 0, fallidos: 0 });
    expect(received).toHaveLength(2);

    await t.request('user', { method: 'PATCH', url: '/api/notificaciones/leidas' });
    const next = addDaysIso(today, 2);
    expect(await t.app.services.notificaciones.enviarResumenes(next)).toEqual({ enviados: 0, sinNovedades: 1, fallidos: 0 });
    expect(received).toHaveLength(2);
  });

  it('wrong SMTP credentials: nothing sent, the failure logged as a warning, the day left to retry', async () => {
    const { port } = server.server.address() as AddressInfo;
    const mailer = createMailer({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: port,
      SMTP_SECURE: false,
      SMTP_USER,
      SMTP_PASS: 'otra',
      SMTP_FROM: 'x@oficina.test',
    })!;
    await expect(mailer.send({ to: USERNAMES.user, subject: 'x', text: 'x' })).rejects.toThrow(/Invalid login|Invalid username/);
    mailer.close();
  });
});
