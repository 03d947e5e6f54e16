import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@siniestros/domain';
import { LINGER_MS } from '../../src/plugins/connections';
import { createTestApp, type TestApp } from '../helpers';

/**
 * A request answered before its body arrived (401, 403, 413, 429) closes its connection: the
 * answer says `Connection: close` and the socket is cut at most LINGER_MS later although the
 * client keeps trickling the body (docs/decisions/075-connections-never-stuck.md). Real sockets.
 */
let t: TestApp;
let port: number;
let cookie: string;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  cookie = await t.login('inspector');
  adminCookie = await t.login('admin');
});
afterAll(() => t?.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends `head` and then a byte of body every 100 ms for as long as the socket is open (20 s at most). */
function tricklingRequest(head: string) {
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  let answeredAt = 0;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    answer += chunk;
    answeredAt ||= Date.now();
  });
  socket.on('error', () => undefined);
  const closed = new Promise<{ text: string; openAfterAnswerMs: number }>((resolve) =>
    socket.on('close', () => resolve({ text: answer, openAfterAnswerMs: Date.now() - answeredAt })),
  );
  socket.once('connect', async () => {
    socket.write(head);
    const until = Date.now() + 20_000;
    while (!socket.destroyed && !socket.writableEnded && Date.now() < until) {
      socket.write('x');
      await sleep(100);
    }
    socket.destroy();
  });
  return closed;
}

const head = (method: string, url: string, headers: string, length = 1_000_000) =>
  `${method} ${url} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n${headers}\r\n`;

function expectClosedAnswer(answer: { text: string; openAfterAnswerMs: number }, status: string, message?: string) {
  expect(answer.text.split('\r\n')[0]).toBe(`HTTP/1.1 ${status}`);
  expect(answer.text).toMatch(/\r\nconnection: close\r\n/i);
  if (message) expect(JSON.parse(answer.text.slice(answer.text.indexOf('\r\n\r\n') + 4))).toEqual({ message });
  expect(answer.openAfterAnswerMs).toBeLessThan(LINGER_MS + 1_000);
}

describe('an answer given before the body arrived closes the connection', () => {
  it('401: no session', async () => {
    expectClosedAnswer(await tricklingRequest(head('POST', '/api/companias', '')), '401 Unauthorized', AUTH_MESSAGES.unauthenticated);
  });

  it('403: a role the route refuses', async () => {
    expectClosedAnswer(
      await tricklingRequest(head('POST', '/api/companias', `Cookie: ${cookie}\r\n`)),
      '403 Forbidden',
      AUTH_MESSAGES.forbidden,
    );
  });

  it('413: a body announced larger than the limit', async () => {
    expectClosedAnswer(
      await tricklingRequest(head('POST', '/api/companias', `Cookie: ${adminCookie}\r\n`, 50_000_000)),
      '413 Payload Too Large',
    );
  });

  it('429: the sign-in limit', async () => {
    const payload = { username: 'nadie@test.local', password: 'no-es-la-clave' };
    for (let i = 0; i < 40; i++) {
      const response = await t.app.inject({ method: 'POST', url: '/api/users/login', payload, remoteAddress: '127.0.0.1' });
      if (response.statusCode === 429) break;
    }
    expectClosedAnswer(await tricklingRequest(head('POST', '/api/users/login', '')), '429 Too Many Requests');
  });

  it('a request whose body came whole keeps its connection', async () => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(head('POST', '/api/companias', '', 2) + '{}');
    await sleep(LINGER_MS + 500);
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 401 Unauthorized');
    expect(answer).toMatch(/\r\nconnection: keep-alive\r\n/i);
    expect(socket.destroyed).toBe(false);
    socket.destroy();
  });
});
