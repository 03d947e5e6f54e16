import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { looksLikeApiPath } from '../../src/app';
import { createTestApp, type TestApp } from '../helpers';
import { absoluteTargetsOf, spellingsOf, type Spelling } from './path-spellings';

/**
 * Every route of the server (as Fastify registered them) × every other spelling of its path ×
 * anonymous, Inspector and User: where the plain path refuses the caller (401/403), no spelling
 * may answer a success. Sent over real sockets, byte for byte (Node's client sends the request
 * target as given: no dot-segment removal, no re-encoding), absolute-form targets included.
 */
let t: TestApp;
let port: number;
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

type Answer = { status: number; body: string; cacheControl?: string };

function send(method: string, target: string, cookie: string | undefined): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const hasBody = !['GET', 'HEAD', 'DELETE'].includes(method);
    const headers: Record<string, string> = { host: `127.0.0.1:${port}` };
    if (cookie) headers.cookie = cookie;
    if (hasBody) headers['content-type'] = 'application/json';
    const request = http.request({ host: '127.0.0.1', port, method, path: target, headers, agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body, cacheControl: response.headers['cache-control'] }));
    });
    request.on('error', reject);
    request.end(hasBody ? '{}' : undefined);
  });
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  agent.destroy();
  await t?.close();
});

const ROLES = [null, 'inspector', 'user'] as const;

describe('decisions by the matched route, not the URL string', () => {
  it('no spelling of a path reaches a route that its plain spelling refuses (401/403)', async () => {
    const cookies = { inspector: await t.login('inspector'), user: await t.login('user') };
    const routes = t.app.routeTable.filter((route) => route.access !== 'public');
    expect(routes.length, 'routes enumerated from Fastify').toBeGreaterThan(80);
    const failures: string[] = [];
    let refusedCombos = 0;
    let spelledRequests = 0;
    let sameRouteSpellings = 0;
    for (const route of routes) {
      const path = route.url.replace(/:[a-zA-Z_]+/g, '1');
      const spellings: Spelling[] = [...spellingsOf(path), ...absoluteTargetsOf(path, `127.0.0.1:${port}`)];
      for (const role of ROLES) {
        const cookie = role ? cookies[role] : undefined;
        const plain = await send(route.method, path, cookie);
        if (plain.status !== 401 && plain.status !== 403) continue;
        refusedCombos++;
        for (const spelling of spellings) {
          const answer = await send(route.method, spelling.path, cookie);
          spelledRequests++;
          if (answer.status === plain.status) sameRouteSpellings++;
          if (answer.status < 400 || answer.status >= 500) {
            failures.push(`${route.method} ${spelling.path} (${spelling.name}) as ${role ?? 'anonymous'}: ${answer.status} ${answer.body.slice(0, 80)}`);
          } else if (answer.cacheControl !== 'no-store') {
            failures.push(`${route.method} ${spelling.path} (${spelling.name}) as ${role ?? 'anonymous'}: Cache-Control ${answer.cacheControl}`);
          }
        }
      }
    }
    console.info(`path spellings: ${refusedCombos} refused route × role, ${spelledRequests} spelled requests, ${sameRouteSpellings} reached the route`);
    expect(failures).toEqual([]);
    // The walk really tried spellings that the router takes to the same route (encoded letters, absolute form...).
    expect(sameRouteSpellings).toBeGreaterThan(refusedCombos * 3);
  });

  it('HEAD, which Fastify adds to every GET, is refused like the GET in any spelling', async () => {
    for (const target of ['/api/users', '/%61pi/users', `http://127.0.0.1:${port}/api/casos/1`]) {
      expect((await send('HEAD', target, undefined)).status, target).toBe(401);
      expect((await send('HEAD', target, await t.login('user'))).status, target).toBe(target.includes('users') ? 403 : 404);
    }
  });

  it('a spelling that matches no route answers the JSON 404, never the web app or data', async () => {
    for (const target of ['/API/users', '//api/users', '/Api/casos/1', '/%41PI/users', '/api/casos;x=1', '/api%2fusers']) {
      const answer = await send('GET', target, undefined);
      expect(answer.status, target).toBe(404);
      expect(JSON.parse(answer.body), target).toEqual({ message: 'Recurso no encontrado' });
    }
  });

  it('sends a path that reads as the API to the JSON 404, whatever its spelling', () => {
    for (const url of ['/api', '/API/users', '//api/x', '/./api', '/%61pi/x', 'http://host/Api/x?y=1', '/%zz', '/api;/users', '/api;x=1/users', '/api%3B/x']) expect(looksLikeApiPath(url), url).toBe(true);
    for (const url of ['/', '/casos', '/casos/1', '/apis', '/login?next=/api/users']) expect(looksLikeApiPath(url), url).toBe(false);
  });
});
