/**
 * The production server: src/main.ts bundled into dist/ (docs/operations.md). Packages stay in
 * node_modules; the workspace's own TypeScript (@siniestros/domain) is bundled in. Libraries the
 * server imports on first use (ExcelJS, pdfkit, docxtemplater, archiver) stay out of the startup path.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
const external = Object.keys(pkg.dependencies)
  .filter((name) => !name.startsWith('@siniestros/'))
  .flatMap((name) => [name, `${name}/*`]);

fs.rmSync(path.join(serverDir, 'dist'), { recursive: true, force: true });
await build({
  // The export's worker thread is its own entry: casos.export.pool.ts starts dist/casos-export-worker.js.
  // The PGlite worker too: db/pglite-remote.ts starts dist/pglite-worker.js (docs/decisions/056).
  entryPoints: {
    main: path.join(serverDir, 'src/main.ts'),
    'casos-export-worker': path.join(serverDir, 'src/features/casos/casos.export.worker.ts'),
    'pglite-worker': path.join(serverDir, 'src/db/pglite-worker.ts'),
  },
  outdir: path.join(serverDir, 'dist'),
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: true,
  logLevel: 'warning',
});
