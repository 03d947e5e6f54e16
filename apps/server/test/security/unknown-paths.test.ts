import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_BAD_PATH, MSG_NOT_FOUND_ROUTE, MSG_VALIDATION } from '../../src/shared/errors';
import { createTestApp, type TestApp } from '../helpers';

/**
 * Paths that match no route, with the web app present (decision 029): only a path of the web app
 * gets its page; one that reads as the API gets the JSON 404, one with a backslash a Spanish 400.
 * Sent byte for byte on a raw socket: `inject` reads a backslash as '/' (WHATWG URL).
 */
let t: TestApp;
let port: number;
let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Siniestros</title>');
  t = await createTestApp({ WEB_DIST: webDist });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

type Answer = { status: number; contentType: string; body: string };

function get(target: string, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`${method} ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
    let raw = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (raw += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = raw.split('\r\n\r\n');
      resolve({
        status: Number(head.split(' ')[1]),
        contentType: /content-type: ([^\r\n]*)/i.exec(head)?.[1] ?? '',
        body: Buffer.from(body, 'latin1').toString('utf8'),
      });
    });
  });
}

describe('paths that match no route', () => {
  it('a path of the web app gets its page', async () => {
    for (const target of ['/casos', '/casos/detalleCaso/1', '/apis', '/login?next=/api/users']) {
      const answer = await get(target);
      expect(answer.status, target).toBe(200);
      expect(answer.body, target).toContain('<title>Siniestros</title>');
    }
  });

  it('a path whose first segment is the API with parameters (`/api;/users`) gets the JSON 404, not the page', async () => {
    for (const target of ['/api;/users', '/api;x=1/users', '/API;/casos', '/%61pi;/users', '/api%3b/users']) {
      const answer = await get(target);
      expect(answer.status, target).toBe(404);
      expect(answer.contentType, target).toContain('application/json');
      expect(JSON.parse(answer.body), target).toEqual({ message: MSG_NOT_FOUND_ROUTE });
    }
  });

  it('a path with a backslash, as typed or encoded, gets a 400 in Spanish', async () => {
    for (const target of ['/api\\users', '/\\api/users', '/casos\\1', '/%5capi/users', '/api%5Cusers']) {
      for (const method of ['GET', 'POST', 'DELETE']) {
        const answer = await get(target, method);
        expect(answer.status, `${method} ${target}`).toBe(400);
        expect(JSON.parse(answer.body), `${method} ${target}`).toEqual({ message: MSG_BAD_PATH });
      }
    }
    // A target that does not start with '/' is refused by Node's parser before any route (plugins/connections.ts).
    for (const target of ['\\api\\users', '\\']) {
      const answer = await get(target);
      expect(answer.status, target).toBe(400);
      expect(JSON.parse(answer.body), target).toEqual({ message: MSG_VALIDATION });
    }
  });
});
