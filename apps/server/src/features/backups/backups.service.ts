import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { AUDIT_ACTION, BACKUP_MESSAGES, type BackupSummary } from '@siniestros/domain';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError, conflict } from '../../shared/errors';
import { backupOffice, readManifest, type BackupManifest } from '../../ops/backup';
import type { AuditService } from '../audit';

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

/**
 * Online backups of the running office into DATA_DIR/backups/<time>/ (docs/decisions/076): one
 * at a time per process, the last `keep` complete ones kept. Each is a backup of `npm run backup`'s
 * format, restored with `npm run restore -- --from <folder>`.
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

  return {
    list: complete,

    async create(actor: BackupActor): Promise<BackupSummary & { eliminadas: string[] }> {
      if (running) throw conflict(BACKUP_MESSAGES.enCurso);
      running = true;
      try {
        await fsp.mkdir(root, { recursive: true });
        const nombre = folderName(now());
        const out = path.join(root, nombre);
        let manifest: BackupManifest;
        try {
          manifest = await backupOffice({ config, out, running: database, log: (message) => log.info({ backup: nombre }, message) });
        } catch (error) {
          await fsp.rm(out, { recursive: true, force: true });
          throw new AppError(500, BACKUP_MESSAGES.fallo, 'backup_failed', undefined, error);
        }
        const eliminadas = await prune();
        await audit.record(database.db, { actor: actor.username, action: AUDIT_ACTION.backupCreated, detail: nombre, ip: actor.ip, method: actor.method, route: actor.route });
        return { ...summaryOf(nombre, manifest), eliminadas };
      } finally {
        running = false;
      }
    },
  };
}

export type BackupsService = ReturnType<typeof createBackupsService>;
