import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { AUDIT_ACTION, BACKUP_MESSAGES, todayIso, type BackupSummary } from '@siniestros/domain';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError, conflict } from '../../shared/errors';
import { backupOffice, readManifest, type BackupManifest } from '../../ops/backup';
import { SYSTEM_ACTOR, type AuditService } from '../audit';
import { horaArgentina } from '../notificaciones';
import { backupsRepository as repo } from './backups.repository';

export type BackupActor = { username: string; ip: string; method: string; route: string };

const summaryOf = (nombre: string, manifest: BackupManifest): BackupSummary => ({
  nombre,
  fecha: manifest.createdAt,
  metodo: manifest.database.method,
  base_bytes: manifest.database.bytes,
  archivos: manifest.files.count,
  archivos_bytes: manifest.files.bytes,
});

/** A folder name that sorts by time and is safe on every file system: 2026-11-28T06-05-00-123Z. */
const folderName = (date: Date) => date.toISOString().replace(/[:.]/g, '-');

/** The audit row's route of a backup made by BACKUP_HORA rather than asked for. */
export const SCHEDULED_ROUTE = 'BACKUP_HORA';

/**
 * Online backups of the running office into DATA_DIR/backups/<time>/ (docs/decisions/076): one
 * at a time per process, the last BACKUP_KEEP complete ones kept, and one a day from BACKUP_HORA
 * when it is set. Each is a backup of `npm run backup`'s format, restored with
 * `npm run restore -- --from <folder>`.
 */
export function createBackupsService(deps: {
  database: Database;
  config: Config;
  audit: AuditService;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { database, config, audit, log } = deps;
  const now = deps.now ?? (() => new Date());
  const root = path.join(config.dataDir, 'backups');
  let running = false;
  /** The Argentine day whose scheduled backup this node knows to be claimed (by it or another): not asked again. */
  let settledDay: string | null = null;

  /** Complete backups (with their manifest), newest first; an interrupted one has no manifest and is left out. */
  async function complete(): Promise<BackupSummary[]> {
    let names: string[];
    try {
      names = (await fsp.readdir(root, { withFileTypes: true })).filter((entry) => entry.isDirectory() && !entry.name.startsWith('.')).map((entry) => entry.name);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const result: BackupSummary[] = [];
    for (const nombre of names) {
      const manifest = await readManifest(path.join(root, nombre)).catch(() => null);
      if (manifest) result.push(summaryOf(nombre, manifest));
    }
    return result.sort((a, b) => b.nombre.localeCompare(a.nombre));
  }

  /** Removes the complete backups past the newest `keep`. */
  async function prune(): Promise<string[]> {
    const old = (await complete()).slice(config.BACKUP_KEEP).map((backup) => backup.nombre);
    for (const nombre of old) await fsp.rm(path.join(root, nombre), { recursive: true, force: true });
    return old;
  }

  /** The backup itself into `nombre`, then the older ones past BACKUP_KEEP removed. */
  async function take(nombre: string): Promise<BackupSummary & { eliminadas: string[] }> {
    await fsp.mkdir(root, { recursive: true });
    const out = path.join(root, nombre);
    let manifest: BackupManifest;
    try {
      manifest = await backupOffice({ config, out, running: database, log: (message) => log.info({ backup: nombre }, message) });
    } catch (error) {
      await fsp.rm(out, { recursive: true, force: true });
      throw new AppError(500, BACKUP_MESSAGES.fallo, 'backup_failed', undefined, error);
    }
    return { ...summaryOf(nombre, manifest), eliminadas: await prune() };
  }

  return {
    list: complete,

    async create(actor: BackupActor): Promise<BackupSummary & { eliminadas: string[] }> {
      if (running) throw conflict(BACKUP_MESSAGES.enCurso);
      running = true;
      try {
        const nombre = folderName(now());
        const taken = await take(nombre);
        await audit.record(database.db, { actor: actor.username, action: AUDIT_ACTION.backupCreated, detail: nombre, ip: actor.ip, method: actor.method, route: actor.route });
        return taken;
      } finally {
        running = false;
      }
    },

    /**
     * What main.ts runs every few minutes: from BACKUP_HORA (Argentina time) on, the day's backup,
     * claimed first by its audit row under a lock, so that one node makes it once a day; a failed
     * one is not retried that day (the error goes to the log).
     */
    async tick(moment = now()): Promise<(BackupSummary & { eliminadas: string[] }) | null> {
      const dia = todayIso(moment);
      if (!config.BACKUP_HORA || horaArgentina(moment) < config.BACKUP_HORA || running || settledDay === dia) return null;
      running = true;
      try {
        const nombre = folderName(moment);
        const marks = { action: AUDIT_ACTION.backupCreated, actor: SYSTEM_ACTOR.actor, route: SCHEDULED_ROUTE };
        const claim = await database.db.transaction(async (tx) => {
          // Another node claiming right now: asked again at the next run.
          if (!(await repo.tryLockSchedule(tx))) return 'busy';
          if (await repo.scheduledSince(tx, marks, folderName(new Date(`${dia}T03:00:00.000Z`)))) return 'taken';
          await audit.record(tx, { ...marks, detail: nombre });
          return 'claimed';
        });
        if (claim !== 'busy') settledDay = dia;
        return claim === 'claimed' ? await take(nombre) : null;
      } finally {
        running = false;
      }
    },
  };
}

export type BackupsService = ReturnType<typeof createBackupsService>;
