import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROL, SUBIDAS, todayIso } from '@siniestros/domain';
import { buildApp } from '../../app';
import type { CurrentUser } from '../users';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { insertCaso } from '../../../test/fixtures';
import { errorLogStream } from '../../../test/logged-errors';
import { s3ServerAvailable, s3SkipReason, startS3Server, type S3TestServer } from '../../../test/s3-server';

/**
 * Resumable uploads on S3 (docs/decisions/089): @tus/s3-store in the documents' bucket under
 * `subidas/`, on moto's S3 server. Two app nodes share the database and the bucket, as behind
 * HAProxy: a chunk sent to either continues the upload.
 */
const BUCKET = 'subidas-test';
let s3: S3TestServer | undefined;
let t: TestApp;
let otherNode: FastifyInstance;

describe.skipIf(!s3ServerAvailable)(`resumable uploads on S3 ${s3SkipReason ?? ''}`, () => {
  beforeAll(async () => {
    s3 = await startS3Server();
    await s3.createBucket(BUCKET);
    t = await createTestApp(s3.env(BUCKET));
    otherNode = await buildApp({ database: t.database, config: t.config, logger: { level: 'error', stream: errorLogStream } });
    await otherNode.ready();
  });
  afterAll(async () => {
    await otherNode?.close();
    await t?.close();
    await s3?.stop();
  });

  it('takes chunks on either node, keeps them under subidas/ in the bucket, and hands the whole file to take()', async () => {
    const caso = await insertCaso(t.database.db, { idEstado: 2 });
    const scheduled = await t.request('user', {
      method: 'POST',
      url: `/api/inspeccion/${caso.id}`,
      payload: { id_inspector: t.ids.inspectorRecord, fecha_inspeccion: todayIso(), direccion: 'Ruta 3 km 12', detalle: 'Fotos' },
    });
    const idInspeccion = scheduled.json<{ id: number }>().id;
    const cookie = await t.login('inspector');
    const tus = { 'tus-resumable': '1.0.0', cookie };
    const head = Buffer.from('%PDF-1.4\n');
    const file = Buffer.concat([head, Buffer.from(Array.from({ length: 3 * SUBIDAS.parteBytes - head.length }, (_, i) => i % 253))]);
    const meta = ['filename informe.pdf', 'proposito inspeccion', `id ${idInspeccion}`]
      .map((pair) => pair.split(' '))
      .map(([key, value]) => `${key} ${Buffer.from(value!).toString('base64')}`)
      .join(',');

    const created = await t.app.inject({ method: 'POST', url: '/api/subidas/', headers: { ...tus, 'upload-length': String(file.length), 'upload-metadata': meta } });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.headers.location as string).split('/').pop()!;

    const nodes = [t.app, otherNode, t.app];
    for (const [index, node] of nodes.entries()) {
      const offset = index * SUBIDAS.parteBytes;
      const head = await node.inject({ method: 'HEAD', url: `/api/subidas/${id}`, headers: tus });
      expect(Number(head.headers['upload-offset'])).toBe(offset);
      const sent = await node.inject({
        method: 'PATCH',
        url: `/api/subidas/${id}`,
        headers: { ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        payload: file.subarray(offset, offset + SUBIDAS.parteBytes),
      });
      expect(sent.statusCode, sent.body).toBe(204);
    }

    const listed = await s3!.client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
    const keys = (listed.Contents ?? []).map((object) => object.Key);
    expect(keys).toContain(`subidas/${id}`);
    expect(keys.every((key) => key?.startsWith('subidas/'))).toBe(true);

    const user: CurrentUser = { id: t.ids.inspector, sessionId: '', username: 'inspector@test.local', nombre: '', apellido: '', rol: ROL.INSPECTOR, idInspect: t.ids.inspectorRecord, hasTotp: false };
    const taken = await otherNode.services.subidas.take(user, id, { proposito: 'inspeccion', id: idInspeccion });
    const chunks: Buffer[] = [];
    for await (const chunk of taken.contenido) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(file)).toBe(true);
    expect(taken.mime).toBe('application/pdf');

    await t.app.services.subidas.remove(user, [id]);
    const after = await s3!.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'subidas/' }));
    expect(after.Contents ?? []).toEqual([]);
  });
});
