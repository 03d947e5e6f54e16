import crypto from 'node:crypto';
import { existsSync as existsOnDisk } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DeleteBucketCommand } from '@aws-sdk/client-s3';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '../src/shared/storage.open';
import { createLocalStorage, isMissingFile, MSG_STORAGE_UNAVAILABLE, type Storage, type StoredEntry } from '../src/shared/storage';
import { createS3Storage, S3_PART_SIZE } from '../src/shared/storage-s3';
import { ORPHAN_GRACE_MS, sweepOrphanFiles } from '../src/features/documentacion/documentacion.sweeper';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { documentos } from '../src/db/tables/documentacion';
import { backupOffice, restoreOffice } from '../src/ops/backup';
import { createTestApp, type TestApp } from './helpers';
import { insertCaso } from './fixtures';
import { multipart, SAMPLE_FILES, type Part } from './multipart';
import { s3ServerAvailable, s3SkipReason, startS3Server, S3_TEST_CREDENTIALS, type S3TestServer } from './s3-server';

/**
 * One storage suite, two drivers (docs/decisions/045-s3-document-storage.md): the disk under
 * DATA_DIR/files and an S3 bucket on a real S3-protocol server (moto, on loopback). Each driver
 * must keep the same promises: a file visible only once whole, streamed both ways, a failed body
 * leaving nothing, half-written uploads listed for the sweeper, the documents' routes
 * (upload, download, zip, delete, size limit) answering the same.
 */
let s3: S3TestServer | undefined;
beforeAll(async () => {
  if (s3ServerAvailable) s3 = await startS3Server();
}, 30_000);
afterAll(() => s3?.stop());

type Driver = {
  name: 'disk' | 's3';
  /** A fresh, empty store. */
  open: () => Promise<Storage>;
  /** What the app needs to use a fresh store of this driver. */
  appEnv: () => Promise<Record<string, string>>;
};

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup().catch(() => undefined);
});

let bucketCount = 0;
async function newBucket(): Promise<string> {
  const bucket = `siniestros-test-${process.pid}-${++bucketCount}`;
  await s3!.createBucket(bucket);
  return bucket;
}

const drivers: Driver[] = [
  {
    name: 'disk',
    async open() {
      const root = await fs.mkdtemp(path.join(os.tmpdir(), 'siniestros-storage-'));
      cleanups.push(() => fs.rm(root, { recursive: true, force: true }));
      return createLocalStorage(root);
    },
    appEnv: async () => ({}),
  },
  {
    name: 's3',
    async open() {
      const storage = createS3Storage({ bucket: await newBucket(), endpoint: s3!.endpoint, region: 'us-east-1', credentials: S3_TEST_CREDENTIALS, forcePathStyle: true });
      cleanups.push(async () => storage.close?.());
      return storage;
    },
    appEnv: async () => s3!.env(await newBucket()),
  },
];

const MB = 1024 * 1024;
const sha256 = (buffer: Buffer) => crypto.createHash('sha256').update(buffer).digest('hex');
async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}
/** `size` bytes in 1 MiB chunks, made as they are read (never the whole body in memory). */
function bytesOf(size: number, seed = 7): Readable {
  return Readable.from(
    (function* () {
      for (let sent = 0; sent < size; sent += MB) yield Buffer.alloc(Math.min(MB, size - sent), (seed + sent / MB) % 251);
    })(),
  );
}
const expected = (size: number, seed = 7) => readAll(bytesOf(size, seed));

/** A body that sends `before` bytes, then waits for `release()` (and then ends, or fails with `error`). */
function heldBody(before: number) {
  let release!: (error?: Error) => void;
  const gate = new Promise<Error | undefined>((resolve) => (release = resolve));
  const body = Readable.from(
    (async function* () {
      for (let sent = 0; sent < before; sent += MB) yield Buffer.alloc(MB, 3);
      const error = await gate;
      if (error) throw error;
      yield Buffer.from('fin');
    })(),
  );
  return { body, release };
}

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const partialOf = async (storage: Storage, key: string): Promise<StoredEntry | undefined> =>
  (await collect(storage.entries())).find((entry) => entry.isPartial && entry.key.startsWith(key));

describe.each(drivers)('storage driver: $name', (driver) => {
  const skip = driver.name === 's3' && !s3ServerAvailable;
  if (skip) it.skip(`skipped: ${s3SkipReason}`, () => undefined);
  const test = skip ? it.skip : it;
  let storage: Storage;
  beforeAll(async () => {
    if (!skip) storage = await driver.open();
  });

  test('stores, reads back, lists and removes a file under its key, and tells its size', async () => {
    const key = 'casos/1/0f7c3d1e-documento';
    expect(await storage.put(key, Readable.from([Buffer.from('hola '), Buffer.from('mundo')]))).toBe(10);
    expect(await storage.exists(key)).toBe(true);
    expect((await readAll(await storage.get(key))).toString()).toBe('hola mundo');
    expect(await collect(storage.list())).toContain(key);
    const [entry] = (await collect(storage.entries())).filter((item) => item.key === key);
    expect(entry).toMatchObject({ key, isPartial: false });
    expect(Math.abs(entry!.modifiedMs - Date.now())).toBeLessThan(60_000);
    await storage.remove(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await collect(storage.list())).not.toContain(key);
    await storage.remove(key); // removing what is gone is not an error
  });

  test('an empty file is a file', async () => {
    expect(await storage.put('casos/1/vacio', Readable.from([]))).toBe(0);
    expect((await readAll(await storage.get('casos/1/vacio'))).length).toBe(0);
  });

  test('a missing file reads as missing (a 404 to the office), not as a failing store', async () => {
    const error = await storage.get('casos/1/no-existe').catch((caught: unknown) => caught);
    expect(isMissingFile(error)).toBe(true);
  });

  test('refuses keys that could leave the store', async () => {
    for (const key of ['../x', 'casos/../../etc/passwd', '/abs', 'casos//x', 'casos/1/.', '']) {
      await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(/unsafe storage key/);
    }
  });

  test('streams a file larger than several S3 parts both ways, byte for byte', async () => {
    const size = 3 * S3_PART_SIZE + 12_345;
    const key = 'casos/2/grande';
    expect(await storage.put(key, bytesOf(size))).toBe(size);
    const back = await readAll(await storage.get(key));
    expect(back.length).toBe(size);
    expect(sha256(back)).toBe(sha256(await expected(size)));
  });

  test('a file being written is invisible under its key, listed as half-written, and appears whole when done', async () => {
    const key = 'casos/3/en-curso';
    const held = heldBody(S3_PART_SIZE + MB);
    const writing = storage.put(key, held.body);
    const partial = await until(() => partialOf(storage, key));
    expect(partial.isPartial).toBe(true);
    expect(await storage.exists(key)).toBe(false);
    expect(await collect(storage.list())).not.toContain(key);
    held.release();
    expect(await writing).toBe(S3_PART_SIZE + MB + 3);
    expect(await storage.exists(key)).toBe(true);
    expect(await partialOf(storage, key)).toBeUndefined();
  });

  test('a body that fails half way rejects with its own error and leaves nothing, not even a half-written upload', async () => {
    const key = 'casos/4/roto';
    const held = heldBody(S3_PART_SIZE + MB);
    const writing = storage.put(key, held.body);
    await until(() => partialOf(storage, key));
    const cause = Object.assign(new Error('demasiado grande'), { statusCode: 413 });
    held.release(cause);
    await expect(writing).rejects.toBe(cause);
    expect(await storage.exists(key)).toBe(false);
    expect((await collect(storage.entries())).filter((entry) => entry.key.startsWith(key))).toEqual([]);
  });

  test('a half-written upload left behind (a crash) is removed by removeEntry', async () => {
    const key = 'casos/5/abandonado';
    const held = heldBody(S3_PART_SIZE + MB);
    const writing = storage.put(key, held.body).catch(() => undefined);
    const partial = await until(() => partialOf(storage, key));
    await storage.removeEntry(partial);
    expect(await partialOf(storage, key)).toBeUndefined();
    held.release(new Error('the process that wrote it is gone'));
    await writing;
  });

  test('is ready when it can take files', async () => {
    const health = await storage.check();
    expect(health.writable).toBe(true);
    expect(health.reachable).not.toBe(false);
    if (driver.name === 'disk') expect(health.freeBytes).toBeGreaterThan(0);
    else expect(health.freeBytes).toBeNull();
  });
});

describe('the S3 driver when its store fails', () => {
  const test = s3ServerAvailable ? it : it.skip;
  test('a bucket that does not answer: readiness says unavailable, writes and reads answer 503, never a hang', async () => {
    const storage = createS3Storage({ bucket: 'no-existe-este-bucket', endpoint: s3!.endpoint, region: 'us-east-1', credentials: S3_TEST_CREDENTIALS, forcePathStyle: true });
    try {
      expect(await storage.check()).toMatchObject({ writable: false, reachable: false });
      await expect(storage.put('casos/1/x', Readable.from([Buffer.from('x')]))).rejects.toMatchObject({ statusCode: 503, message: MSG_STORAGE_UNAVAILABLE });
      const error = await storage.get('casos/1/x').catch((caught: unknown) => caught);
      expect(isMissingFile(error)).toBe(false);
      expect(error).toMatchObject({ statusCode: 503 });
    } finally {
      storage.close?.();
    }
    const unreachable = createS3Storage({ bucket: 'b', endpoint: 'http://127.0.0.1:9', region: 'us-east-1', credentials: S3_TEST_CREDENTIALS, forcePathStyle: true });
    try {
      const started = Date.now();
      expect(await unreachable.check()).toMatchObject({ reachable: false });
      expect(Date.now() - started).toBeLessThan(5_000);
      const error = await unreachable.get('casos/1/x').catch((caught: unknown) => caught);
      expect(isMissingFile(error)).toBe(false);
      expect(error).toMatchObject({ statusCode: 503 });
    } finally {
      unreachable.close?.();
    }
  });
});

describe.each(drivers)('documents and the sweeper on $name', (driver) => {
  const skip = driver.name === 's3' && !s3ServerAvailable;
  if (skip) it.skip(`skipped: ${s3SkipReason}`, () => undefined);
  const test = skip ? it.skip : it;
  let t: TestApp;
  let idCaso: number;
  beforeAll(async () => {
    if (skip) return;
    t = await createTestApp({ ...(await driver.appEnv()), UPLOAD_MAX_MB: '8' });
    idCaso = (await insertCaso(t.database.db, {})).id;
  });
  afterAll(() => t?.close());

  const upload = (files: [string, Buffer][]) =>
    t.request('user', {
      method: 'POST',
      url: `/api/documentacion/t/${idCaso}`,
      ...multipart(files.flatMap(([filename, content]): Part[] => [['tipo', 'Denuncia'], ['uploadFiles', { filename, content }]])),
    });
  const storedKeys = async () => (await collect(t.app.services.storage.entries())).map((entry) => entry.key).sort();

  test('the app runs on this driver and readiness says so', async () => {
    expect(t.config.STORAGE).toBe(driver.name);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode, health.body).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', storage: 'ok' });
  });

  test('upload, list, download, zip and delete answer the same', async () => {
    const big = Buffer.concat([SAMPLE_FILES.pdf, await expected(6 * MB, 11)]);
    const response = await upload([
      ['denuncia.pdf', SAMPLE_FILES.pdf],
      ['Foto Ñandú.png', SAMPLE_FILES.png],
      ['grande.pdf', big],
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const names = (response.json() as { files: string[] }).files;
    expect(names).toHaveLength(3);
    expect(((await t.request('user', { method: 'GET', url: `/api/documentacion/listado/${idCaso}` })).json() as string[]).sort()).toEqual([...names].sort());

    const download = await t.request('user', { method: 'GET', url: `/api/documentacion/downloadfile?id=${idCaso}&name=${encodeURIComponent(names[2]!)}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('attachment;');
    expect(sha256(download.rawPayload)).toBe(sha256(big));

    const zip = await t.request('user', { method: 'GET', url: `/api/documentacion/${idCaso}` });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const archive = await JSZip.loadAsync(zip.rawPayload);
    expect(Object.keys(archive.files).sort()).toEqual([...names].sort());
    expect(sha256(await archive.file(names[2]!)!.async('nodebuffer'))).toBe(sha256(big));
    expect(await archive.file(names[0]!)!.async('nodebuffer')).toEqual(SAMPLE_FILES.pdf);

    const keysBefore = await storedKeys();
    const removed = await t.request('user', { method: 'DELETE', url: `/api/documentacion/${idCaso}?name=${encodeURIComponent(names[2]!)}` });
    expect(removed.statusCode).toBe(200);
    expect(await storedKeys()).toHaveLength(keysBefore.length - 1);
    const gone = await t.request('user', { method: 'GET', url: `/api/documentacion/downloadfile?id=${idCaso}&name=${encodeURIComponent(names[2]!)}` });
    expect(gone.statusCode).toBe(404);
  });

  test('a file over UPLOAD_MAX_MB answers 413 and leaves nothing stored; content that lies about its type 415', async () => {
    const keysBefore = await storedKeys();
    const tooBig = await upload([
      ['chica.pdf', SAMPLE_FILES.pdf],
      ['enorme.pdf', Buffer.concat([SAMPLE_FILES.pdf, await expected(9 * MB)])],
    ]);
    expect(tooBig.statusCode, tooBig.body).toBe(413);
    const lying = await upload([['foto.png', SAMPLE_FILES.pdf]]);
    expect(lying.statusCode).toBe(415);
    expect(await storedKeys()).toEqual(keysBefore);
  });

  test('the sweeper removes old files without rows and old half-written uploads, and keeps the rest', async () => {
    const kept = await upload([['conservar.pdf', SAMPLE_FILES.pdf]]);
    expect(kept.statusCode).toBe(201);
    const { storage } = t.app.services;
    const keysWithRows = await storedKeys();
    await storage.put(`casos/${idCaso}/huerfano`, Readable.from([Buffer.from('sin fila')]));
    // Not a key the app makes (a bucket may be shared): never swept, however old.
    await storage.put('otra-aplicacion/informe.pdf', Readable.from([Buffer.from('ajeno')]));
    const held = heldBody(S3_PART_SIZE + MB);
    const writing = storage.put(`casos/${idCaso}/a-medias`, held.body).catch(() => undefined);
    // Listed with a recent activity (its first part landed): moto reports every upload as begun in
    // 2010, so until a part is there it would look old (decision 045).
    await until(async () => {
      const partial = await partialOf(storage, `casos/${idCaso}/a-medias`);
      return partial && Date.now() - partial.modifiedMs < 60_000 ? partial : undefined;
    });

    // Young: a file whose row may be about to commit, an upload still in flight: kept.
    const young = await sweepOrphanFiles({ db: t.database.db, storage });
    expect(young.removed).toBe(0);
    // Two hours later both are old enough: the orphan and the half-written upload go, files with rows stay.
    const later = await sweepOrphanFiles({ db: t.database.db, storage, now: () => Date.now() + 2 * ORPHAN_GRACE_MS });
    expect(later).toMatchObject({ removed: 2, skippedForBackup: 0 });
    expect(await storedKeys()).toEqual([...keysWithRows, 'otra-aplicacion/informe.pdf'].sort());
    await storage.remove('otra-aplicacion/informe.pdf');
    expect((await collect(storage.entries())).some((entry) => entry.isPartial)).toBe(false);
    held.release(new Error('gone'));
    await writing;
  });
});

describe('readiness on S3 when the bucket goes away', () => {
  const test = s3ServerAvailable ? it : it.skip;
  test('answers 503 storage: unavailable, and liveness stays 200', async () => {
    const env = s3!.env(await newBucket());
    const t = await createTestApp(env);
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await s3!.client.send(new DeleteBucketCommand({ Bucket: env.S3_BUCKET }));
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'unavailable', database: 'ok', storage: 'unavailable', message: MSG_STORAGE_UNAVAILABLE });
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('backup and restore with STORAGE=s3 (embedded database)', () => {
  // The PostgreSQL backup copies files through the same code (backupFiles); this one needs the PGlite snapshot.
  const test = s3ServerAvailable && process.env.TEST_DB !== 'postgres' ? it : it.skip;
  test('the backup streams the referenced objects out of the bucket; the restore puts them back and removes the rest', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'siniestros-s3-office-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const seed = await openDatabase({ dataDir, loadDataDir: new Blob([await fs.readFile(inject('pgliteSnapshot'))]) });
    await seed.close();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, CAPTCHA: 'off', LOG_LEVEL: 'silent', ...s3!.env(await newBucket()) });
    const content = await expected(S3_PART_SIZE + 100, 5);
    const key = 'casos/1/8d3f0c8e-poliza';
    {
      const database = await openDatabase({ dataDir });
      const app = await buildApp({ database, config, logger: false });
      const idCaso = (await insertCaso(database.db, {})).id;
      await app.services.storage.put(key.replace('/1/', `/${idCaso}/`), Readable.from([content]));
      await database.db.insert(documentos).values({ id_caso: idCaso, usuario: 'admin', nombre: 'poliza.pdf', tipo: 'Denuncia', storage_key: key.replace('/1/', `/${idCaso}/`), tamano: content.length, mime: 'application/pdf' });
      await app.services.storage.put(`casos/${idCaso}/sin-fila`, Readable.from([Buffer.from('x')]));
      await app.close();
      await database.close();
    }
    const out = path.join(dataDir, '..', `${path.basename(dataDir)}-backup`);
    cleanups.push(() => fs.rm(out, { recursive: true, force: true }));
    const manifest = await backupOffice({ config, out });
    expect(manifest.files.count).toBe(1);
    const [entry] = manifest.files.entries;
    expect(entry!.sha256).toBe(sha256(content));
    expect(existsOnDisk(path.join(dataDir, 'files'))).toBe(false); // nothing went to the node's disk

    const storage = await openStorage(config);
    try {
      await storage.remove(entry!.key);
      await storage.put('casos/99/despues-del-backup', Readable.from([Buffer.from('y')]));
      await storage.put('otra-aplicacion/dato', Readable.from([Buffer.from('z')]));
      await restoreOffice({ config, from: out });
      expect((await collect(storage.list())).sort()).toEqual([entry!.key, 'otra-aplicacion/dato'].sort());
      expect(sha256(await readAll(await storage.get(entry!.key)))).toBe(sha256(content));
    } finally {
      storage.close?.();
    }
  });
});
