import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../app';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { clockAt } from '../../../test/clock';
import { errorLogStream } from '../../../test/logged-errors';
import { startSmtpCapture } from '../../../test/smtp';

/**
 * The monthly informe by e-mail (issue 46 item 4, docs/decisions/094) against a real SMTP server on
 * loopback, with two app instances on one database running the job at once: each company's
 * recipients get the previous month's PDF once, on the first working day (1 January 2027 is a
 * holiday, then a weekend: Monday the 4th), and the copy is kept and listed.
 */
let t: TestApp;
let otherNode: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let idCompania: number;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ ...smtp.settings, ORG_NAME: 'Estudio Pérez' }, { now: clockAt('2027-01-04') });
  otherNode = await buildApp({
    database: t.database,
    config: t.config,
    logger: { level: 'error', stream: errorLogStream },
    now: clockAt('2027-01-04'),
  });
  await otherNode.ready();
  idCompania = (await t.rows<{ id: number }>(sql`insert into companias (nombre) values ('Seguros Envío') returning id`))[0]!.id;
  const [asegurado] = await t.rows<{ id: number }>(sql`insert into asegurados (apellido) values ('Envío') returning id`);
  await t.rows(sql`insert into casos (id_compania, reclamo_nro, gestor, fecha_creado, usuario, id_estado, fecha_estado, id_asegurado)
    values (${idCompania}, '900001', 'Gestor', '2026-12-10', 'test', 1, '2026-12-10', ${asegurado!.id}) returning id`);
});
afterAll(async () => {
  await otherNode?.close();
  await t?.close();
  await smtp?.close();
});

describe('the monthly informe by e-mail', () => {
  it('only an Admin sets the recipients; bad addresses and an unknown company are refused', async () => {
    const url = `/api/informes/destinatarios/${idCompania}`;
    const payload = { destinatarios: ['gerencia@seguros.test', 'Siniestros@Seguros.test'] };
    expect((await t.request('user', { method: 'PUT', url, payload })).statusCode).toBe(403);
    expect((await t.request('inspector', { method: 'GET', url: '/api/informes/destinatarios' })).statusCode).toBe(403);
    expect((await t.request('admin', { method: 'PUT', url, payload: { destinatarios: ['no es correo'] } })).statusCode).toBe(400);
    expect((await t.request('admin', { method: 'PUT', url, payload: { destinatarios: [] } })).json()).toMatchObject({
      message: expect.stringContaining('destinatario'),
    });
    expect((await t.request('admin', { method: 'PUT', url: '/api/informes/destinatarios/999999', payload })).statusCode).toBe(404);
    const saved = await t.request('admin', { method: 'PUT', url, payload });
    expect(saved.statusCode, saved.body).toBe(200);
    const list = await t.request('admin', { method: 'GET', url: '/api/informes/destinatarios' });
    expect(
      (list.json() as { id_compania: number; destinatarios: string[] }[]).find((row) => row.id_compania === idCompania)?.destinatarios,
    ).toEqual(['gerencia@seguros.test', 'siniestros@seguros.test']);
  });

  it('nothing goes before the first working day; then the previous month goes once although two nodes run the job at once', async () => {
    const a = t.app.services.informesEnvios;
    const b = otherNode.services.informesEnvios;
    for (const dia of ['2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03'])
      expect(await a.tick(dia)).toEqual({ enviados: 0, fallidos: 0 });
    expect(smtp.received).toHaveLength(0);

    const results = await Promise.all([a.tick('2027-01-04'), b.tick('2027-01-04'), a.tick('2027-01-04')]);
    expect(results.reduce((sum, result) => sum + result.enviados, 0)).toBe(1);
    expect(await b.tick('2027-01-05')).toEqual({ enviados: 0, fallidos: 0 });
    expect(await b.tick('2027-01-20')).toEqual({ enviados: 0, fallidos: 0 });
    expect(smtp.received).toHaveLength(1);
    const [{ to, mail }] = smtp.received as [(typeof smtp.received)[number]];
    expect(to.sort()).toEqual(['gerencia@seguros.test', 'siniestros@seguros.test']);
    expect(mail.subject).toBe('Informe de gestión Seguros Envío 2026-12');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]!.contentType).toBe('application/pdf');
    expect(mail.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');

    // The copy kept, listed to staff and downloadable as it was sent.
    const enviados = await t.request('user', { method: 'GET', url: '/api/informes/enviados' });
    expect(enviados.statusCode).toBe(200);
    const [copia] = enviados.json() as { id: number; mes: string; compania: string; archivo: string }[];
    expect(copia).toMatchObject({ mes: '2026-12', compania: 'Seguros Envío', archivo: `/api/informes/enviados/${copia!.id}.pdf` });
    const pdf = await t.request('user', { method: 'GET', url: copia!.archivo });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.equals(mail.attachments[0]!.content)).toBe(true);
    expect((await t.request('inspector', { method: 'GET', url: '/api/informes/enviados' })).statusCode).toBe(403);
  });
});
