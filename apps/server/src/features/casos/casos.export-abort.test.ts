import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo/demo-load';
import { createTestApp, type TestApp } from '../../../test/helpers';

/**
 * Clients that hang up on an export (closed tab, cancelled download) are not faults: nothing is
 * logged at error level, the database is not taken for down, and the next request is served.
 * Real sockets reset at different moments: before the answer, after its first bytes, mid-file.
 */
let t: TestApp;
let port: number;
let cookie: string;
const logLines: { level: number; msg: string }[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as { level: number; msg: string });
      done();
    },
  });
  t = await createTestApp({}, { logger: { level: 'info', stream } });
  await seedDemo(t.database, { cases: 2_000, vacuum: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  cookie = await t.login('user');
});
afterAll(() => t?.close());

/** Asks for the export of every case and resets the socket after `chunks` chunks of the answer (0: before any). */
function abortedExport(chunks: number, afterMs = 0): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`POST /api/casos/export HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`);
      if (chunks === 0) setTimeout(() => socket.resetAndDestroy(), afterMs);
    });
    let received = 0;
    socket.on('data', () => {
      if (++received === chunks) socket.resetAndDestroy();
    });
    socket.on('close', () => resolve(received));
    socket.on('error', () => undefined);
  });
}

describe('an export the client abandons', () => {
  it('logs no error, does not take the database for down, and the next requests are served', async () => {
    const received = await Promise.all([
      abortedExport(0, 0),
      abortedExport(0, 5),
      abortedExport(0, 30),
      abortedExport(1),
      abortedExport(2),
      abortedExport(5),
      abortedExport(20),
      abortedExport(60),
    ]);
    // Some were cut mid-file, after the answer had started.
    expect(received.filter((count) => count >= 2).length).toBeGreaterThanOrEqual(3);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const errors = logLines.filter((line) => line.level >= 50);
    expect(errors.map((line) => line.msg)).toEqual([]);
    expect(logLines.some((line) => /database (down|unavailable)/.test(line.msg))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const whole = await t.request('user', { method: 'POST', url: '/api/casos/export', payload: {} });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.length).toBeGreaterThan(50_000);
  });
});
