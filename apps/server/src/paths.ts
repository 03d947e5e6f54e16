import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server: this file is src/paths.ts, or bundled into dist/main.js; one level down either way. */
export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The production server (`npm run build`), as `npm start` runs it. */
export const SERVER_BUNDLE = path.join(SERVER_DIR, 'dist/main.js');

/**
 * Node's flags for the production server, here and in package.json's start:prod (paths.test.ts
 * keeps them equal). A 4 MB young generation instead of V8's 16 MB keeps an export's garbage from
 * lifting the resident memory (docs/decisions/009).
 */
export const PRODUCTION_NODE_ARGS = ['--enable-source-maps', '--max-semi-space-size=4'];
