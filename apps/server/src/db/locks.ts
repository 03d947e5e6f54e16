/**
 * PostgreSQL advisory lock keys of the application, one place for all (they share one number space).
 *
 * FILE_REMOVAL: a stored file is removed only under this lock taken shared, with try-lock (a file
 * that cannot be removed now stays, and the orphan sweeper removes it later). The backup holds it
 * exclusively while it takes its database snapshot and copies the files that snapshot references,
 * so none of them disappears half way (docs/decisions/033-files-and-rows-in-step.md).
 */
export const ADVISORY_LOCK = {
  FILE_REMOVAL: 7_324_001,
  /** Taken while the start checks for an active Admin and creates one: nodes starting together make one. */
  ENSURE_ADMIN: 7_324_002,
  /** With the template's id: versions of one convenio template are numbered one at a time. */
  PLANTILLAS: 7_324_003,
  /** Held by the node that runs the migrations: nodes starting together migrate one after another. */
  MIGRATIONS: 7_324_004,
  /** Taken (try, per transaction) by the run that makes the periodic notifications: one node at a time (decision 050). */
  NOTIFICACIONES: 7_324_005,
  /**
   * Written as a number in drizzle/0017's functions: taken shared by a writer whose clocks change the
   * cases of the Plazo filter, exclusively by the refill of all of them (docs/decisions/057).
   */
  PLAZO_ESTADOS: 7_324_006,
  /** Taken (try, per transaction) to claim the day's scheduled backup: one node makes it (docs/decisions/076). */
  BACKUP_SCHEDULE: 7_324_007,
  /** Taken (try, per transaction) by the claimant portal's reminder run: one node claims the day's reminders (decision 084). */
  PORTAL_RECORDATORIOS: 7_324_008,
  /** With the user's id, per transaction: a user's resumable uploads are created one at a time, under their caps (decision 089). */
  SUBIDAS: 7_324_009,
} as const;

/**
 * The embedded database (PGlite) is one session, and a session never conflicts with its own
 * advisory locks: there the online backup pauses file removal in the process instead (PGlite is
 * always one node). `tryLockFileRemoval` answers false while a pause is held (docs/decisions/076).
 */
let fileRemovalPauses = 0;

/** Holds file removal off until the returned function is called (once). */
export function pauseFileRemoval(): () => void {
  fileRemovalPauses++;
  let resumed = false;
  return () => {
    if (resumed) return;
    resumed = true;
    fileRemovalPauses--;
  };
}

export const isFileRemovalPaused = () => fileRemovalPauses > 0;
