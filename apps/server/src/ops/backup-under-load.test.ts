import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/helpers';
import { insertCaso } from '../../test/fixtures';
import { multipart, SAMPLE_FILES } from '../../test/multipart';
import { openDatabase } from '../db/client';
import { backupOffice, restoreOffice } from './backup';

/**
 * A backup taken while people upload and delete documents (PostgreSQL: the office keeps working
 * during it) restores to a copy in which every document row has its file, byte for byte, and no
 * file lacks its row (docs/decisions/033-files-and-rows-in-step.md). The load runs before, during
 * and after the backup, and the test asserts how many uploads and deletes landed while it ran.
 */
const isPostgres = process.env.TEST_DB === 'postgres';
const CASES = 6;
const WORKERS = 6;
const MIN_DURING_BACKUP = { uploads: 5, deletes: 3 };

let t: TestApp;
let caseIds: number[];

beforeAll(async () => {
  if (!isPostgres) return;
  t = await createTestApp();
  caseIds = [];
  for (let n = 0; n < CASES; n++) caseIds.push((await insertCaso(t.database.db, {})).id);
});
afterAll(() => t?.close());

describe.runIf(isPostgres)('backup while people upload and delete (PostgreSQL)', () => {
  it('restores every document with its file and no file without its document', async () => {
    let backupRunning = false;
    let stop = false;
    const during = { uploads: 0, deletes: 0 };
    const totals = { uploads: 0, deletes: 0 };

    async function uploadOne(worker: number, n: number) {
      const idCaso = caseIds[(worker + n) % caseIds.length]!;
      const content = Buffer.concat([SAMPLE_FILES.pdf, crypto.randomBytes(2_000 + ((worker * 7919 + n * 104_729) % 60_000))]);
      const response = await t.request('user', {
        method: 'POST',
        url: `/api/documentacion/t/${idCaso}`,
        ...multipart([
          ['tipo', 'Denuncia'],
          ['uploadFiles', { filename: 'denuncia.pdf', content }],
        ]),
      });
      expect(response.statusCode, response.body).toBe(201);
      totals.uploads++;
      if (backupRunning) during.uploads++;
    }

    async function deleteOne(worker: number, n: number) {
      const idCaso = caseIds[(worker + n) % caseIds.length]!;
      const names = (await t.request('user', { method: 'GET', url: `/api/documentacion/listado/${idCaso}` })).json() as string[];
      if (names.length < 2) return;
      const name = names[n % names.length]!;
      const response = await t.request('user', { method: 'DELETE', url: `/api/documentacion/${idCaso}?name=${encodeURIComponent(name)}` });
      // Another worker may have deleted it first.
      expect([200, 404], response.body).toContain(response.statusCode);
      if (response.statusCode !== 200) return;
      totals.deletes++;
      if (backupRunning) during.deletes++;
    }

    const load = Promise.all(
      Array.from({ length: WORKERS }, async (_, worker) => {
        for (let n = 0; !stop; n++) await (worker % 3 === 2 ? deleteOne(worker, n) : uploadOne(worker, n));
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    const config = { ...t.config, DATABASE_URL: t.database.url! };
    const backups = await fs.mkdtemp(path.join(t.dataDir, 'backups-'));
    // Backups one after another while the load goes on, until enough uploads and deletes fell inside them.
    let last = '';
    backupRunning = true;
    for (let n = 1; n === 1 || during.uploads < MIN_DURING_BACKUP.uploads || during.deletes < MIN_DURING_BACKUP.deletes; n++) {
      last = path.join(backups, String(n));
      await backupOffice({ config, out: last });
    }
    backupRunning = false;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    stop = true;
    await load;
    console.info(
      `backup under load: ${totals.uploads} uploads and ${totals.deletes} deletes in all, ${during.uploads} and ${during.deletes} while backups ran`,
    );
    expect(during.uploads).toBeGreaterThanOrEqual(MIN_DURING_BACKUP.uploads);
    expect(during.deletes).toBeGreaterThanOrEqual(MIN_DURING_BACKUP.deletes);

    // The last backup taken under load, restored in place with the app stopped, compared row by file.
    await t.app.close();
    await restoreOffice({ config, from: last });
    const rows = await restoredDocuments(config.DATABASE_URL);
    expect(rows.length).toBeGreaterThan(0);
    const root = path.join(config.dataDir, 'files');
    for (const row of rows) {
      const content = await fs.readFile(path.join(root, ...row.storage_key.split('/')));
      expect(content.length, `${row.storage_key} (${row.nombre})`).toBe(row.tamano);
    }
    const onDisk = (await fs.readdir(root, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .sort();
    expect(onDisk).toEqual(rows.map((row) => row.storage_key).sort());
  });
});

/** The restored database's document rows, read on a new connection (the test app's pool was closed). */
async function restoredDocuments(url: string): Promise<{ storage_key: string; nombre: string; tamano: number }[]> {
  const database = await openDatabase({ url });
  try {
    const result = (await database.db.execute(sql`select storage_key, nombre, tamano from documentos order by id`)) as unknown as {
      rows: { storage_key: string; nombre: string; tamano: number }[];
    };
    return result.rows;
  } finally {
    await database.close();
  }
}
