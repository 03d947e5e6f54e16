import type { Db } from '../../db/client';
import type { Storage, StoredEntry } from '../../shared/storage';
import { documentacionRepository as repo } from './documentacion.repository';

/** A file younger than this may be an upload whose row is about to commit: never swept. */
export const ORPHAN_GRACE_MS = 60 * 60_000;
const BATCH = 500;
/** The keys the app writes (`casos/<id>/<uuid>`): nothing else in the store is ever swept (a bucket may be shared). */
const APP_KEY = /^casos\/\d+\//;

export type SweepResult = { examined: number; removed: number; skippedForBackup: number };

/**
 * Removes stored files that no document row references and half-written `.part` files, once
 * older than the grace period: what a crash between a file and its row leaves, what a delete
 * whose removal was deferred (a backup was running) leaves (docs/decisions/033-files-and-rows-in-step.md).
 * Removal waits for no backup: while one runs, the files stay for the next sweep.
 */
export async function sweepOrphanFiles(deps: { db: Db; storage: Storage; graceMs?: number; now?: () => number }): Promise<SweepResult> {
  const cutoff = (deps.now?.() ?? Date.now()) - (deps.graceMs ?? ORPHAN_GRACE_MS);
  const result: SweepResult = { examined: 0, removed: 0, skippedForBackup: 0 };
  let batch: StoredEntry[] = [];

  async function sweep(entries: StoredEntry[]) {
    const referenced = await repo.referencedKeys(
      deps.db,
      entries.filter((entry) => !entry.isPartial).map((entry) => entry.key),
    );
    const orphans = entries.filter((entry) => entry.isPartial || !referenced.has(entry.key));
    if (orphans.length === 0) return;
    await deps.db.transaction(async (tx) => {
      if (!(await repo.tryLockFileRemoval(tx))) {
        result.skippedForBackup += orphans.length;
        return;
      }
      // Checked again under the lock: a row may have committed since (an upload of exactly then).
      const stillReferenced = await repo.referencedKeys(
        tx,
        orphans.map((entry) => entry.key),
      );
      for (const entry of orphans) {
        if (stillReferenced.has(entry.key)) continue;
        await deps.storage.removeEntry(entry);
        result.removed++;
      }
    });
  }

  for await (const entry of deps.storage.entries()) {
    result.examined++;
    if (entry.modifiedMs > cutoff || !APP_KEY.test(entry.key)) continue;
    batch.push(entry);
    if (batch.length >= BATCH) {
      await sweep(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await sweep(batch);
  return result;
}
