import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createUsers, freePort, startProductionServer } from './server';

/**
 * Starts the production servers (`npm run build`: web app and server bundle; PGlite, real captcha
 * with a low cost) for the browser tests: one per worker (E2E_SERVERS, set by vitest.config.ts), so
 * two files run side by side and each worker's files still meet one server, one at a time, as they
 * did when the whole project ran on a single server (docs/operations.md, "Test suite time").
 */
export default async function setup(project: TestProject) {
  const count = Math.max(1, Number(project.config.env?.E2E_SERVERS ?? 1));
  const servers = await Promise.all(
    Array.from({ length: count }, async () => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'siniestros-e2e-'));
      const server = await startProductionServer({ port: await freePort(), dataDir });
      await createUsers(server.baseUrl);
      return { server, dataDir };
    }),
  );

  project.provide(
    'baseUrls',
    servers.map(({ server }) => server.baseUrl),
  );
  return async () => {
    for (const { server, dataDir } of servers) {
      await server.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrls: string[];
  }
}
