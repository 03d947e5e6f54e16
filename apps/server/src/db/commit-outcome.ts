import type { Db, Tx } from './client';

const unknownOutcome = new WeakSet<object>();

/**
 * `db.transaction`, marking an error that came after the work was done — at COMMIT, often a
 * connection cut on its way — as one whose outcome is unknown: the rows may well have
 * committed. Files stored for them must then stay; the orphan sweeper removes them later if
 * no row refers to them (docs/decisions/033-files-and-rows-in-step.md).
 */
export async function transactionMarkingCommit<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  let workDone = false;
  try {
    return await db.transaction(async (tx) => {
      const result = await work(tx);
      workDone = true;
      return result;
    });
  } catch (error) {
    if (workDone && typeof error === 'object' && error !== null) unknownOutcome.add(error);
    throw error;
  }
}

/** The transaction failed at or after COMMIT: it may have committed. */
export const isCommitOutcomeUnknown = (error: unknown): boolean => typeof error === 'object' && error !== null && unknownOutcome.has(error);
