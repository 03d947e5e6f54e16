import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { migrateTo } from './migrate-to';

/**
 * `npm run migrate-to -- postgres://user@host/db [--files-to <dir> | --no-files]`: copies the
 * office's embedded database (DATA_DIR) to PostgreSQL and its documents to the bucket
 * (STORAGE=s3 and S3_*) or to another DATA_DIR, verified; run it again to resume
 * (docs/operations.md, docs/decisions/048-migrate-to-postgresql.md). Stop the app first.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'files-to': { type: 'string' }, 'no-files': { type: 'boolean', default: false } },
});
const url = positionals[0];
const usage = 'Usage: npm run migrate-to -- postgres://user@host/db [--files-to <new DATA_DIR> | --no-files]  (STORAGE=s3 + S3_* send the documents to the bucket)';
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  console.error(usage);
  process.exit(2);
}
const config = loadConfig();
let files = null;
if (!values['no-files']) {
  if (config.STORAGE === 's3') files = config;
  else if (values['files-to']) files = { dataDir: path.resolve(process.env.INIT_CWD ?? process.cwd(), values['files-to']) };
  else {
    console.error(`Where should the documents go? Set STORAGE=s3 (and S3_*) for a bucket, or give --files-to <dir>, or --no-files.\n${usage}`);
    process.exit(2);
  }
}
try {
  const result = await migrateTo({ dataDir: config.dataDir, url, files, log: (message) => console.log(message) });
  console.log(`Done in ${result.seconds.toFixed(1)} s`);
  process.exit(result.ok ? 0 : 1);
} catch (error) {
  console.error(`Migration failed: ${(error as Error).message}`);
  console.error('Fix the cause and run the same command again: it continues where it stopped.');
  process.exit(1);
}
