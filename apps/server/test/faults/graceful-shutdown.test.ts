import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgDatabase, PG_URL, rawRequest, sleep, spawnServer, type ServerProcess } from './faults.helpers';

/**
 * SIGTERM drains: the server stops accepting connections, the request in flight completes, the
 * idle keep-alive connection is closed, a client whose body stalls gets 408 two seconds later,
 * and the process exits 0 (docs/operations.md).
 */

const ADMIN = { username: 'admin@faults.local', password: 'Clave-Faults-2026' };

const drivers = [{ name: 'PGlite' }, ...(PG_URL ? [{ name: 'PostgreSQL' }] : [])];

describe.each(drivers)('SIGTERM during a request ($name)', ({ name }) => {
  let server: ServerProcess | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await server?.stop();
    await dropDatabase?.();
  });

  it('lets the request in flight finish, refuses new connections and exits 0', async () => {
    const env: Record<string, string> = { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };
    if (name === 'PostgreSQL') {
      const database = await createPgDatabase(PG_URL!);
      dropDatabase = database.drop;
      env.DATABASE_URL = database.url;
    }
    server = await spawnServer(env);
    const { port } = server;

    // Headers and half of the body now: the request is in flight while the signal arrives.
    const body = JSON.stringify(ADMIN);
    const request = rawRequest(port);
    await request.connected;
    request.write(
      `POST /api/users/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 12)}`,
    );
    // And a client whose upload stalls: it must not hold the exit.
    const stalled = rawRequest(port);
    await stalled.connected;
    stalled.write(
      `POST /api/users/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"username":`,
    );
    await sleep(300);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await sleep(700);
    expect(server.child.exitCode).toBeNull();

    const refused = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');

    request.write(body.slice(12));
    const answer = await request.ended;
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(answer).toMatch(/set-cookie: sid=/i);
    expect(answer).toContain(`"usr":"${ADMIN.username}"`);

    const stalledAnswer = await stalled.ended;
    expect(stalledAnswer.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    const code = await Promise.race([server.exited, sleep(15_000).then(() => 'timeout')]);
    expect(code, server.output()).toBe(0);
    // Bounded by the 2 s given to bodies still arriving, not by SHUTDOWN_GRACE_SECONDS (20 s).
    expect(Date.now() - signalled).toBeLessThan(4_000);
    expect(server.output()).toContain('SIGTERM: draining requests');
    expect(server.output()).toContain('shutdown complete');
  });
});
