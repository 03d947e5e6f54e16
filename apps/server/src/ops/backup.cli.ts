import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { backupOffice } from './backup';

/**
 * `npm run backup -- --out <dir>`: the database and the stored files of the office into a new
 * directory (docs/operations.md). `--logical` forces the node-postgres dump on PostgreSQL.
 */
const { values } = parseArgs({ options: { out: { type: 'string' }, logical: { type: 'boolean', default: false } } });
if (!values.out) {
  console.error('Usage: npm run backup -- --out <directory> [--logical]');
  process.exit(2);
}
// npm runs the script inside apps/server; a relative path means where the command was typed.
const out = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.out);
try {
  await backupOffice({ config: loadConfig(), out, method: values.logical ? 'logical' : 'auto', log: (message) => console.log(message) });
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
