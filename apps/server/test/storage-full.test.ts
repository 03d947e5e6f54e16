import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINGER_MS } from '../src/plugins/connections';
import { createLocalStorage, MSG_STORAGE_FULL, MSG_STORAGE_UNAVAILABLE } from '../src/shared/storage';
import { createTestApp, type TestApp } from './helpers';
import { insertCaso } from './fixtures';
import { multipart, SAMPLE_FILES } from './multipart';

/**
 * The file storage on a real small disk (a 4 MB tmpfs mounted by the test; needs root, which CI
 * has): a full disk answers 507 in Spanish with nothing half-saved, a read-only one 503, the
 * readiness check says which, and the log names the cause. Never a generic 500.
 */
const isRoot = process.getuid?.() === 0;

let t: TestApp;
let mountDir: string;
let idCaso: number;
const logLines: string[] = [];

const mount = (...args: string[]) => execFileSync('mount', args);

beforeAll(async () => {
  if (!isRoot) return;
  mountDir = await fs.mkdtemp(path.join(os.tmpdir(), 'siniestros-small-disk-'));
  mount('-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mountDir);
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp({ STORAGE_MIN_FREE_MB: '1' }, { storage: createLocalStorage(mountDir), logger: { level: 'warn', stream: logStream } });
  idCaso = (await insertCaso(t.database.db, {})).id;
});
afterAll(async () => {
  if (!isRoot) return;
  await t?.close();
  execFileSync('umount', ['-l', mountDir]);
  await fs.rm(mountDir, { recursive: true, force: true });
});

const pdfOf = (bytes: number) => Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(bytes, 37)]);
const upload = (content: Buffer) =>
  t.request('user', {
    method: 'POST',
    url: `/api/documentacion/t/${idCaso}`,
    ...multipart([
      ['tipo', 'Denuncia'],
      ['uploadFiles', { filename: 'denuncia.pdf', content }],
    ]),
  });

async function filesOnDisk(): Promise<string[]> {
  return (await fs.readdir(mountDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
}

async function documentsAndHistory() {
  const documents = (await t.request('user', { method: 'GET', url: `/api/documentacion/listado/${idCaso}` })).json() as unknown[];
  const history = (await t.request('user', { method: 'GET', url: `/api/historial/${idCaso}` })).json() as unknown[];
  return { documents: documents.length, history: history.length };
}

describe.skipIf(!isRoot)('file storage on a small disk (tmpfs, root only)', () => {
  it('is ready while there is room, and takes an upload', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', database: 'ok', storage: 'ok' });
    expect((await upload(pdfOf(500_000))).statusCode).toBe(201);
  });

  it('a file larger than the space left answers 507 mid-write and leaves no file, row or history', async () => {
    const before = await documentsAndHistory();
    const filesBefore = await filesOnDisk();
    const response = await upload(pdfOf(5_000_000));
    expect(response.statusCode).toBe(507);
    expect(response.json()).toEqual({ message: MSG_STORAGE_FULL });
    expect(await filesOnDisk()).toEqual(filesBefore);
    expect(await documentsAndHistory()).toEqual(before);
    expect(logLines.join('')).toMatch(/storage full: answered 507/);
    expect(logLines.join('')).toMatch(/ENOSPC/);
    expect(logLines.join('')).not.toMatch(/unhandled error/);
  });

  it('over a real connection, the 507 mid-write closes it at most LINGER_MS after the answer (docs/decisions/075)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as net.AddressInfo).port;
    const { payload, headers } = multipart([
      ['tipo', 'Denuncia'],
      ['uploadFiles', { filename: 'denuncia.pdf', content: pdfOf(5_000_000) }],
    ]);
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let answeredAt = 0;
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      answer += chunk;
      answeredAt ||= Date.now();
    });
    socket.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/documentacion/t/${idCaso} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${await t.login('user')}\r\n` +
        `Content-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
    );
    socket.write(payload);
    const timedOut = Symbol('still open');
    const outcome = await Promise.race([closed, new Promise((resolve) => setTimeout(() => resolve(timedOut), 10_000))]);
    socket.destroy();
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 507 Insufficient Storage');
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(outcome, 'the connection closed').not.toBe(timedOut);
    expect(Date.now() - answeredAt).toBeLessThan(LINGER_MS + 1_000);
  });

  it('below STORAGE_MIN_FREE_MB it refuses uploads before reading them and readiness says full', async () => {
    const filler = path.join(mountDir, 'filler.bin');
    const free = (await fs.statfs(mountDir)).bavail * (await fs.statfs(mountDir)).bsize;
    await fs.writeFile(filler, Buffer.alloc(free - 512 * 1024));
    try {
      const response = await upload(pdfOf(1_000));
      expect(response.statusCode).toBe(507);
      expect(response.json()).toEqual({ message: MSG_STORAGE_FULL });
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'unavailable', database: 'ok', storage: 'full', message: MSG_STORAGE_FULL });
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await fs.rm(filler);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('a read-only disk answers 503 to uploads and to readiness, and recovers when writable again', async () => {
    const before = await documentsAndHistory();
    mount('-o', 'remount,ro', mountDir);
    try {
      const response = await upload(pdfOf(1_000));
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: MSG_STORAGE_UNAVAILABLE });
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ database: 'ok', storage: 'unwritable', message: MSG_STORAGE_UNAVAILABLE });
    } finally {
      mount('-o', 'remount,rw', mountDir);
    }
    expect(await documentsAndHistory()).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await upload(pdfOf(1_000))).statusCode).toBe(201);
  });
});
