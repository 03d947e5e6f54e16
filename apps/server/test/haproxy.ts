import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Debian's HAProxy, on the PATH or where Debian puts it (root's PATH is not everyone's); null when absent. */
export const HAPROXY = ['haproxy', '/usr/sbin/haproxy'].find((command) => spawnSync(command, ['-v'], { stdio: 'ignore' }).status === 0) ?? null;

export type Balancer = { port: number; child: ChildProcess; stop: () => Promise<void> };

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * HAProxy on a free loopback port, round robin over `backends` (ports on 127.0.0.1), each answer
 * marked `X-Node: n1|n2…`; health-checked on /api/health every 250 ms (down after 2 failures).
 * A request the dead node never answered goes to the other (creations carry an Idempotency-Key:
 * docs/decisions/047). Used by the fleet test and the benchmark's two-node run.
 */
export async function startHaproxy(backends: number[], options: { healthChecks?: boolean } = {}): Promise<Balancer> {
  // The benchmark turns them off: on a saturated machine a slow /api/health would take a node out mid-measurement.
  const checked = options.healthChecks === false ? '' : ' check';
  if (!HAPROXY) throw new Error('haproxy is not installed (apt-get install haproxy)');
  const port = await freePort();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'siniestros-haproxy-'));
  const config = [
    'global',
    '  maxconn 512',
    'defaults',
    '  mode http',
    '  timeout connect 1s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  timeout http-request 10s',
    '  retries 2',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response',
    '  option httpchk GET /api/health',
    '  default-server inter 250ms fall 2 rise 2',
    'frontend fleet',
    `  bind 127.0.0.1:${port}`,
    '  default_backend nodes',
    'backend nodes',
    '  balance roundrobin',
    '  http-response set-header X-Node %[srv_name]',
    ...backends.map((backendPort, index) => `  server n${index + 1} 127.0.0.1:${backendPort}${checked}`),
    '',
  ].join('\n');
  const file = path.join(dir, 'haproxy.cfg');
  await fs.writeFile(file, config);
  const check = spawnSync(HAPROXY, ['-c', '-f', file], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy refused its configuration: ${check.stderr}${check.stdout}`);
  let output = '';
  const child = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  for (let i = 0; ; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health/live`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (i > 80 || child.exitCode !== null) throw new Error(`haproxy did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    child,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
