import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { restoreOffice } from './backup';

/**
 * `npm run restore -- --from <dir>`: replaces the office's database and stored files with a
 * backup, after checking every checksum (docs/operations.md). Stop the app first.
 */
const { values } = parseArgs({ options: { from: { type: 'string' } } });
if (!values.from) {
  console.error('Usage: npm run restore -- --from <backup directory>');
  process.exit(2);
}
const from = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.from);
try {
  await restoreOffice({ config: loadConfig(), from, log: (message) => console.log(message) });
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exit(1);
}
