import { z } from 'zod';

/** The online backup of the office (docs/decisions/076): made and listed by an Admin. */
export const BACKUP_MESSAGES = {
  creada: 'Copia de seguridad realizada',
  enCurso: 'Ya se está haciendo una copia de seguridad: espere a que termine.',
  fallo: 'No se pudo hacer la copia de seguridad. Intente nuevamente; si vuelve a fallar, revise el registro del servidor.',
  /** The Admin's screen. */
  title: 'Copias de seguridad',
  intro:
    'Copia la base de datos y los documentos sin detener el sistema. Mientras se copia la base, el sistema puede demorar unos segundos. Se guardan las últimas en la carpeta de datos del servidor; para restaurar una, siga docs/operations.md.',
  crear: 'Hacer copia ahora',
  empty: 'Todavía no hay copias.',
} as const;

/** Complete backups kept in DATA_DIR/backups unless BACKUP_KEEP says otherwise: the older ones are removed. */
export const BACKUP_KEEP_DEFAULT = 7;

/** One backup: its folder under DATA_DIR/backups, when it was taken, what it holds. */
export const backupSummary = z.object({
  nombre: z.string(),
  fecha: z.string(),
  /** How the database was dumped: `pglite-datadir`, `pg_dump` or `logical`. */
  metodo: z.string(),
  base_bytes: z.number().int(),
  archivos: z.number().int(),
  archivos_bytes: z.number().int(),
});
export type BackupSummary = z.infer<typeof backupSummary>;

export const backupListResponse = z.array(backupSummary);

export const backupCreatedResponse = backupSummary.extend({
  message: z.string(),
  /** Older backups removed to keep BACKUP_KEEP. */
  eliminadas: z.array(z.string()),
});
