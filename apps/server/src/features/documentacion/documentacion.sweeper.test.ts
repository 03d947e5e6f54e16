import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVISORY_LOCK } from '../../db/locks';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { insertCaso } from '../../../test/fixtures';
import { multipart, SAMPLE_FILES } from '../../../test/multipart';
import { expectLoggedError } from '../../../test/logged-errors';
import { ORPHAN_GRACE_MS, sweepOrphanFiles } from './documentacion.sweeper';
import { documentos } from '../../db/tables/documentacion';

/**
 * Files and rows in step (docs/decisions/033-files-and-rows-in-step.md): the sweeper removes
 * stored files that no row references and half-written uploads once older than the grace period,
 * and nothing else; a delete while a backup holds the file-removal lock leaves the file to it.
 */
let t: TestApp;
let idCaso: number;
const isPostgres = process.env.TEST_DB === 'postgres';

beforeAll(async () => {
  t = await createTestApp();
  idCaso = (await insertCaso(t.database.db, {})).id;
});
afterAll(() => t?.close());

const root = () => path.join(t.dataDir, 'files');
const fileOf = (key: string) => path.join(root(), ...key.split('/'));
const exists = (key: string) =>
  fs.access(fileOf(key)).then(
    () => true,
    () => false,
  );
const age = async (key: string, ms: number) => {
  const when = new Date(Date.now() - ms);
  await fs.utimes(fileOf(key), when, when);
};

async function uploadOne(): Promise<{ name: string; key: string }> {
  const response = await t.request('user', {
    method: 'POST',
    url: `/api/documentacion/t/${idCaso}`,
    ...multipart([
      ['tipo', 'Denuncia'],
      ['uploadFiles', { filename: 'denuncia.pdf', content: SAMPLE_FILES.pdf }],
    ]),
  });
  expect(response.statusCode, response.body).toBe(201);
  const name = (response.json() as { files: string[] }).files[0]!;
  const [row] = await t.database.db
    .select({ key: documentos.storage_key })
    .from(documentos)
    .where(and(eq(documentos.id_caso, idCaso), eq(documentos.nombre, name)));
  return { name, key: row!.key };
}

describe('the orphan file sweeper', () => {
  it('removes old files without a row and old half-written uploads, and keeps everything else', async () => {
    const kept = await uploadOne();
    await age(kept.key, 2 * ORPHAN_GRACE_MS);
    await t.app.services.storage.put(`casos/${idCaso}/huerfano-viejo`, Readable.from([Buffer.from('sin fila')]));
    await age(`casos/${idCaso}/huerfano-viejo`, 2 * ORPHAN_GRACE_MS);
    await t.app.services.storage.put(`casos/${idCaso}/huerfano-nuevo`, Readable.from([Buffer.from('subida en curso')]));
    const partial = `casos/${idCaso}/x.123.456.part`;
    await fs.writeFile(fileOf(partial), 'a medias');
    await age(partial, 2 * ORPHAN_GRACE_MS);

    const result = await sweepOrphanFiles({ db: t.database.db, storage: t.app.services.storage });
    expect(result).toMatchObject({ removed: 2, skippedForBackup: 0 });
    expect(result.examined).toBeGreaterThanOrEqual(4);
    expect(await exists(`casos/${idCaso}/huerfano-viejo`)).toBe(false);
    expect(await exists(partial)).toBe(false);
    expect(await exists(`casos/${idCaso}/huerfano-nuevo`)).toBe(true);
    expect(await exists(kept.key)).toBe(true);
    // Nothing left to do: a second sweep removes nothing.
    expect((await sweepOrphanFiles({ db: t.database.db, storage: t.app.services.storage })).removed).toBe(0);
  });

  it('a delete removes its file at once when no backup runs', async () => {
    const doc = await uploadOne();
    const response = await t.request('user', {
      method: 'DELETE',
      url: `/api/documentacion/${idCaso}?name=${encodeURIComponent(doc.name)}`,
    });
    expect(response.statusCode).toBe(200);
    expect(await exists(doc.key)).toBe(false);
  });

  it.runIf(isPostgres)(
    'while a backup holds the lock, a delete leaves the file and the sweeper waits; after it, the sweeper removes it',
    async () => {
      const doc = await uploadOne();
      const backup = new pg.Client({ connectionString: t.database.url });
      await backup.connect();
      try {
        await backup.query('select pg_advisory_lock($1)', [ADVISORY_LOCK.FILE_REMOVAL]);
        const response = await t.request('user', {
          method: 'DELETE',
          url: `/api/documentacion/${idCaso}?name=${encodeURIComponent(doc.name)}`,
        });
        expect(response.statusCode).toBe(200);
        expect((await t.request('user', { method: 'GET', url: `/api/documentacion/listado/${idCaso}` })).json()).not.toContain(doc.name);
        expect(await exists(doc.key)).toBe(true);
        const during = await sweepOrphanFiles({ db: t.database.db, storage: t.app.services.storage, graceMs: 0 });
        expect(during.removed).toBe(0);
        expect(during.skippedForBackup).toBeGreaterThanOrEqual(1);
        expect(await exists(doc.key)).toBe(true);
      } finally {
        await backup.end();
      }
      const after = await sweepOrphanFiles({ db: t.database.db, storage: t.app.services.storage, graceMs: 0 });
      expect(after.removed).toBeGreaterThanOrEqual(1);
      expect(await exists(doc.key)).toBe(false);
    },
  );

  it('an upload that fails before COMMIT removes its file; one that fails at COMMIT (it may have committed) leaves it to the sweeper', async () => {
    const before = (await insertCaso(t.database.db, {})).id;
    const atCommit = (await insertCaso(t.database.db, {})).id;
    // Triggers that fail the documentos insert of one case at once and of the other only at COMMIT.
    const run = async (statements: string[]) => {
      for (const statement of statements) await t.database.db.execute(sql.raw(statement));
    };
    await run([
      `CREATE FUNCTION zz_refuse_documento() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`,
      `CREATE TRIGGER zz_refuse_now AFTER INSERT ON documentos FOR EACH ROW WHEN (NEW.id_caso = ${before}) EXECUTE FUNCTION zz_refuse_documento()`,
      `CREATE CONSTRAINT TRIGGER zz_refuse_at_commit AFTER INSERT ON documentos DEFERRABLE INITIALLY DEFERRED
         FOR EACH ROW WHEN (NEW.id_caso = ${atCommit}) EXECUTE FUNCTION zz_refuse_documento()`,
    ]);
    const filesOf = (id: number) => fs.readdir(path.join(root(), 'casos', String(id))).catch(() => [] as string[]);
    try {
      for (const id of [before, atCommit]) {
        const response = await t.request('user', {
          method: 'POST',
          url: `/api/documentacion/t/${id}`,
          ...multipart([
            ['tipo', 'Denuncia'],
            ['uploadFiles', { filename: 'denuncia.pdf', content: SAMPLE_FILES.pdf }],
          ]),
        });
        expect(response.statusCode).toBe(500);
        expectLoggedError(/refused/);
        expect((await t.request('user', { method: 'GET', url: `/api/documentacion/listado/${id}` })).json()).toEqual([]);
      }
      expect(await filesOf(before)).toEqual([]);
      const left = await filesOf(atCommit);
      expect(left).toHaveLength(1);
      expect((await sweepOrphanFiles({ db: t.database.db, storage: t.app.services.storage, graceMs: 0 })).removed).toBeGreaterThanOrEqual(
        1,
      );
      expect(await filesOf(atCommit)).toEqual([]);
    } finally {
      await run([
        'DROP TRIGGER zz_refuse_now ON documentos',
        'DROP TRIGGER zz_refuse_at_commit ON documentos',
        'DROP FUNCTION zz_refuse_documento()',
      ]);
    }
  });
});
