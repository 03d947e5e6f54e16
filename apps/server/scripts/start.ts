/**
 * `npm start`: builds the web app and the server only when their sources changed since the last
 * build, then runs the production server as this process's child, passing on the signals that
 * stop it (package.json's `exec` makes this process npm's own child), so that one Ctrl-C or one
 * `kill` of npm stops everything (docs/decisions/031-first-hour.md).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PRODUCTION_NODE_ARGS, SERVER_BUNDLE, SERVER_DIR } from '../src/paths';

const ROOT = path.resolve(SERVER_DIR, '../..');
const at = (...parts: string[]) => path.join(ROOT, ...parts);

/** What each build reads, and the file it writes last. */
const SHARED_INPUTS = [at('packages/domain/src'), at('package-lock.json')];
const BUILDS = [
  {
    workspace: '@siniestros/web',
    inputs: [
      at('apps/web/src'),
      at('apps/web/index.html'),
      at('apps/web/portal.html'),
      at('apps/web/vite.config.ts'),
      at('apps/web/postcss.config.cjs'),
      at('apps/web/package.json'),
    ],
    output: at('apps/web/dist/index.html'),
  },
  {
    workspace: '@siniestros/server',
    inputs: [at('apps/server/src'), at('apps/server/scripts/build.ts'), at('apps/server/package.json')],
    output: SERVER_BUNDLE,
  },
];

/** The newest modification time under `target` (a file or a folder), 0 when it does not exist. */
function newestMtime(target: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function isStale(build: { inputs: string[]; output: string }): boolean {
  const built = newestMtime(build.output);
  return built === 0 || [...SHARED_INPUTS, ...build.inputs].some((input) => newestMtime(input) > built);
}

function buildIfStale() {
  for (const build of BUILDS) {
    if (!isStale(build)) continue;
    console.log(`Building ${build.workspace} (its sources changed since the last build)`);
    const result = spawnSync('npm', ['run', 'build', '-w', build.workspace], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

buildIfStale();
const server = spawn(process.execPath, [...PRODUCTION_NODE_ARGS, SERVER_BUNDLE], {
  cwd: SERVER_DIR,
  env: { ...process.env, NODE_ENV: 'production' },
  stdio: 'inherit',
});
// The server drains its requests on the first signal and ignores the next ones (a terminal's
// Ctrl-C reaches both processes; passing it on again is harmless).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
// A closed terminal: the server has no SIGHUP handler, so it is asked to drain like any stop.
process.on('SIGHUP', () => server.kill('SIGTERM'));
// npm killed outright (no signal to pass on): this process is handed to another parent, and the server stops too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) server.kill('SIGTERM');
}, 1000).unref();
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
