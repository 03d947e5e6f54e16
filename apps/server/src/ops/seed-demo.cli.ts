/**
 * `npm run seed:demo -- --cases N [--seed S] [--until YYYY-MM-DD] [--copies C]`: fills the
 * database the server uses (DATABASE_URL, else PGlite under DATA_DIR) with realistic demo cases,
 * and adds one Inspector user per demo inspector, three handlers (Users) and their diary of open
 * tasks. `--copies 10` generates a tenth of the cases and writes each ten times (demo-load.ts).
 */
import { parseArgs } from 'node:util';
import { ISO_DATE_RE } from '@siniestros/domain';
import { loadConfig } from '../config';
import { databaseOptions, openDatabase } from '../db/client';
import { seedDemo, seedDemoTareas } from '../demo/demo-load';
import { migrate } from '../db/migrate';
import { seedDemoNotificaciones } from './demo-notificaciones';
import { addDemoUsers, DEFAULT_DEMO_PASSWORD } from './demo-users';

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '5000' },
    seed: { type: 'string', default: '1' },
    until: { type: 'string' },
    'batch-size': { type: 'string' },
    copies: { type: 'string', default: '1' },
    'no-users': { type: 'boolean', default: false },
  },
});
const cases = Number(values.cases);
const seed = Number(values.seed);
if (!Number.isInteger(cases) || cases < 0) throw new Error(`--cases must be a whole number, got ${values.cases}`);
if (!Number.isInteger(seed)) throw new Error(`--seed must be a whole number, got ${values.seed}`);
if (values.until && !ISO_DATE_RE.test(values.until)) throw new Error('--until must be YYYY-MM-DD');

const config = loadConfig();
const database = await openDatabase({
  ...databaseOptions(config),
  // A batch of 5,000 cases or an index build runs for seconds: a slow probe on a busy machine
  // must not take the server for gone and cut the load's connection (it did, at load 7).
  stallProbeMs: 3_600_000,
});
try {
  await migrate(database);
  console.log(
    `Seeding ${cases.toLocaleString('es-AR')} demo cases into ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite (${config.dataDir})`}, seed ${seed}`,
  );
  let lastShown = 0;
  const result = await seedDemo(database, {
    cases,
    seed,
    until: values.until,
    batchSize: values['batch-size'] ? Number(values['batch-size']) : undefined,
    copies: Number(values.copies),
    onProgress(done, total) {
      if (done === total || performance.now() - lastShown > 2000) {
        lastShown = performance.now();
        process.stdout.write(`  ${done.toLocaleString('es-AR')} / ${total.toLocaleString('es-AR')} cases\n`);
      }
    },
  });
  const rows = Object.entries(result.rows)
    .map(([table, count]) => `${table} ${count.toLocaleString('es-AR')}`)
    .join(', ');
  console.log(
    `Done in ${result.seconds.total} s (load ${result.seconds.load} s, indexes ${result.seconds.rebuild} s, vacuum ${result.seconds.vacuum} s): ${rows}`,
  );
  if (!values['no-users']) {
    const password = process.env.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD;
    const created = await addDemoUsers(database, password);
    if (created.inspectores.length > 0) console.log(`Inspector users: ${created.inspectores.join(', ')} (password ${password})`);
    if (created.handlers.length > 0) console.log(`Users: ${created.handlers.join(', ')} (password ${password})`);
  }
  const tareas = await seedDemoTareas(database, { until: values.until, seed });
  if (tareas > 0) console.log(`Tasks: ${tareas.toLocaleString('es-AR')} open, over the office's Admins and Users`);
  const notificaciones = await seedDemoNotificaciones(database, { until: values.until });
  if (notificaciones > 0) console.log(`Notifications: ${notificaciones.toLocaleString('es-AR')} (the handlers' bells)`);
} finally {
  await database.close();
}
