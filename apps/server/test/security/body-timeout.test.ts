import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_BODY_TIMEOUT } from '../../src/plugins/body-timeout';
import { createTestApp, type TestApp } from '../helpers';
import { insertCaso } from '../fixtures';
import { MULTIPART_BOUNDARY } from '../multipart';

/**
 * A request body that stalls or trickles is given up with a Spanish 408 and the connection
 * closed; an upload in progress leaves no partial file (docs/decisions/032-request-body-timeout.md).
 * Real sockets, with the limits shortened: idle 600 ms, 4 KB/s after 1.2 s.
 */
let t: TestApp;
let port: number;
let cookie: string;
let idCaso: number;
const SHORT = { idleMs: 600, minBytesPerSecond: 4096, graceMs: 1_200, checkEveryMs: 100 };

beforeAll(async () => {
  t = await createTestApp({}, { bodyTimeout: SHORT });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  cookie = await t.login('user');
  idCaso = (await insertCaso(t.database.db, {})).id;
});
afterAll(() => t?.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens a request whose body is announced as `length` bytes and sends it with `write` on its own pace. */
function slowRequest(head: string, write: (socket: net.Socket) => Promise<void>) {
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (answer += chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(answer)));
  const started = Date.now();
  socket.once('connect', () => {
    socket.write(head);
    void write(socket).catch(() => undefined);
  });
  return closed.then((text) => ({ text, ms: Date.now() - started }));
}

const uploadHead = (length: number) =>
  `POST /api/documentacion/t/${idCaso} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n` +
  `Content-Type: multipart/form-data; boundary=${MULTIPART_BOUNDARY}\r\nContent-Length: ${length}\r\n\r\n`;

const partStart =
  `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="tipo"\r\n\r\nDenuncia\r\n` +
  `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="uploadFiles"; filename="denuncia.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`;

async function partFiles(): Promise<string[]> {
  const root = path.join(t.dataDir, 'files');
  const entries = await fs.readdir(root, { recursive: true }).catch(() => [] as string[]);
  return entries.filter((entry) => entry.endsWith('.part'));
}

function expect408(text: string) {
  expect(text.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
  expect(text).toMatch(/\r\nconnection: close\r\n/i);
  expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({ message: MSG_BODY_TIMEOUT });
}

describe('request bodies that arrive too slowly', () => {
  it('an upload that stalls mid-file answers 408, closes, and leaves no partial file', async () => {
    const { text, ms } = await slowRequest(uploadHead(1_000_000), async (socket) => {
      socket.write(partStart + 'x'.repeat(20_000));
      await sleep(300);
      expect((await partFiles()).length, 'the upload was being written').toBe(1);
    });
    expect408(text);
    expect(ms).toBeLessThan(3_000);
    expect(await partFiles()).toEqual([]);
    const documents = await t.request('user', { method: 'GET', url: `/api/documentacion/listado/${idCaso}` });
    expect(documents.json()).toEqual([]);
  });

  it('an upload that trickles (a byte every 200 ms, never idle) is given up after the grace period', async () => {
    let stop = false;
    const { text, ms } = await slowRequest(uploadHead(1_000_000), async (socket) => {
      socket.write(partStart);
      while (!stop && !socket.destroyed) {
        socket.write('x');
        await sleep(200);
      }
    });
    stop = true;
    expect408(text);
    expect(ms).toBeGreaterThanOrEqual(SHORT.graceMs);
    expect(ms).toBeLessThan(4_000);
    expect(await partFiles()).toEqual([]);
  });

  it('a JSON body that stalls answers 408 too', async () => {
    const head = `POST /api/historial HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n`;
    const { text } = await slowRequest(head, async (socket) => void socket.write('{"id_caso": 1, "msg": "hola'));
    expect408(text);
  });

  it('a slow but steady upload gets through', async () => {
    const content = Buffer.concat([Buffer.from(partStart), Buffer.alloc(24_000, 120), Buffer.from(`\r\n--${MULTIPART_BOUNDARY}--\r\n`)]);
    const { text } = await slowRequest(uploadHead(content.length), async (socket) => {
      // 8 KB every 250 ms: 32 KB/s, above the floor, for about a second.
      for (let offset = 0; offset < content.length; offset += 8192) {
        socket.write(content.subarray(offset, offset + 8192));
        await sleep(250);
      }
      await sleep(300);
      socket.end();
    });
    expect(text.split('\r\n')[0]).toBe('HTTP/1.1 201 Created');
  });

  it('shutdown gives up the bodies still arriving at once', async () => {
    const answered = slowRequest(uploadHead(1_000_000), async (socket) => {
      socket.write(partStart);
      await sleep(200);
      t.app.abortArrivingBodies();
    });
    const { text, ms } = await answered;
    expect408(text);
    expect(ms).toBeLessThan(SHORT.idleMs);
  });
});
