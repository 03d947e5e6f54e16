import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createUsers, freePort, startProductionServer } from './server';

/** Starts the production server (`npm run build`: web app and server bundle; PGlite, real captcha with a low cost) for the browser tests. */
export default async function setup(project: TestProject) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'siniestros-e2e-'));
  const server = await startProductionServer({ port: await freePort(), dataDir });
  await createUsers(server.baseUrl);

  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', dataDir);
  return async () => {
    await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}
