import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server: this file is src/paths.ts, or bundled into dist/main.js; one level down either way. */
export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
