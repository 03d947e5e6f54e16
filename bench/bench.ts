/**
 * `npm run bench [-- --cases 10k,100k,1M] [--pglite] [--seconds 5] [--rounds 3] [--connections 20]
 *   [--only list-1,vigentes-middle,...] [--no-export] [--export-under-load] [--no-pgbench] [--no-mixed] [--writes]
 *   [--copies 10]`
 * Loads the demo cases into the PostgreSQL server of BENCH_DATABASE_URL (one database per size,
 * `<name>_<cases>`, reused when it already holds that many), or PGlite with --pglite, drives the
 * real server and writes bench/results/<date>.md; the README shows the latest summary.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { updateReadme, writeResults } from './report';
import { DEFAULT_BENCH_DATABASE_URL, parseCount, runBench } from './run';
import { ROOT } from './server';

const { values } = parseArgs({
  options: {
    cases: { type: 'string' },
    pglite: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    amount: { type: 'string' },
    connections: { type: 'string', default: '20' },
    'export-rows': { type: 'string', default: '100k' },
    port: { type: 'string', default: '3990' },
    seed: { type: 'string', default: '1' },
    copies: { type: 'string', default: '1' },
    out: { type: 'string' },
    'no-web': { type: 'boolean', default: false },
    'no-readme': { type: 'boolean', default: false },
    only: { type: 'string' },
    'no-export': { type: 'boolean', default: false },
    'export-under-load': { type: 'boolean', default: false },
    'no-pgbench': { type: 'boolean', default: false },
    'no-mixed': { type: 'boolean', default: false },
    writes: { type: 'boolean', default: false },
  },
});

const cases = (values.cases ?? (values.pglite ? '10k' : '1M')).split(',').map(parseCount);
const outDir = values.out ? path.resolve(values.out) : path.join(ROOT, 'bench/results');
const started = performance.now();
const result = await runBench({
  cases,
  pglite: values.pglite,
  databaseUrl: process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL,
  dataRoot: path.join(ROOT, 'bench/.data'),
  seconds: Number(values.seconds),
  rounds: Number(values.rounds),
  amount: values.amount ? Number(values.amount) : undefined,
  connections: Number(values.connections),
  exportRows: parseCount(values['export-rows']),
  port: Number(values.port),
  web: !values['no-web'],
  seed: Number(values.seed),
  copies: Number(values.copies),
  only: values.only ? values.only.split(',').map((key) => key.trim()) : undefined,
  noExport: values['no-export'],
  exportUnderLoad: values['export-under-load'],
  noMixed: values['no-mixed'],
  writes: values.writes,
  pgbench: !values['no-pgbench'],
  log: (line) => console.log(line),
});
const file = writeResults(result, outDir);
console.log(`\nResults: ${path.relative(process.cwd(), file)} (${Math.round((performance.now() - started) / 1000)} s)`);
if (!values['no-readme'] && !values.out && updateReadme(result, file)) console.log('README.md: latest results updated');
