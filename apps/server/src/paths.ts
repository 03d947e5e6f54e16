import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server: this file is src/paths.ts, or bundled into dist/main.js; one level down either way. */
export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The production server (`npm run build`), as `npm start` runs it. */
export const SERVER_BUNDLE = path.join(SERVER_DIR, 'dist/main.js');

/**
 * Node's flags for the production server, here and in package.json's start:prod (paths.test.ts
 * keeps them equal). The heap may grow to 1.5× its live data before a full collection instead of
 * up to 4×: the server's live data is small (~50 MB), and an export's garbage no longer lifts its
 * resident memory (docs/decisions/009).
 */
export const PRODUCTION_NODE_ARGS = ['--enable-source-maps', '--heap-growing-percent=50'];
