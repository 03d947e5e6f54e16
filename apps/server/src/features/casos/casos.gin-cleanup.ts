import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { casosMasivoRepository as repo } from './casos.masivo.repository';

export type GinCleanup = ReturnType<typeof createGinCleanup>;

/**
 * Cleans the GIN indexes' pending lists of `casos` after a bulk action ended, on pool connections
 * of their own (one per index, at once) and not awaited by the request (docs/decisions/103): the
 * bulk transaction leaves its entries there (repo.deferGinCleanup) instead of cleaning every 4 MB
 * inside its statement. A write meanwhile finds the cleanup locks taken and goes on without cleaning. Actions that commit
 * while a cleanup runs ask for one more, not one each. PostgreSQL only: PGlite's one connection would
 * make the next request wait for it.
 */
export function createGinCleanup(db: Db, log: FastifyBaseLogger) {
  let running: Promise<void> | null = null;
  let isAskedAgain = false;

  const run = async (): Promise<void> => {
    do {
      isAskedAgain = false;
      const started = performance.now();
      await repo
        .cleanGinPendingLists(db)
        .then(() => log.debug({ ms: Math.round(performance.now() - started) }, 'GIN pending lists of casos cleaned'))
        .catch((error: unknown) => log.error({ err: error }, 'GIN pending lists of casos not cleaned (the next large write or vacuum will)'));
    } while (isAskedAgain);
    running = null;
  };

  return {
    /** After a bulk transaction ended, committed or not (an aborted one's entries stay in the list too). */
    schedule(): void {
      if (running) isAskedAgain = true;
      else running = run();
    },
    /** The cleanup under way, if any (the server's close waits for it). */
    settled: (): Promise<void> => running ?? Promise.resolve(),
  };
}
