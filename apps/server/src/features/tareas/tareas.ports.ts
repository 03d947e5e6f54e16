import type { AuditAction, AuditChanges } from '@siniestros/domain';
import type { DbOrTx } from '../../db/client';

/**
 * What this feature needs from others, by shape: the app hands it the historial and audit
 * services (app.ts), so it imports no other feature's files (.dependency-cruiser.cjs).
 */
export type HistorialWriter = { add(tx: DbOrTx, idCaso: number, usuario: string, msg: string): Promise<unknown> };

/** Who acts, as the audit log records it (features/audit). */
export type Actor = { actor: string; ip?: string; method?: string; route?: string };

export type AuditWriter = {
  record(
    tx: DbOrTx,
    event: Actor & { action: AuditAction; entity?: string; entityId?: number; changes?: AuditChanges; detail?: string },
  ): Promise<boolean>;
};

/** The same actor for changes the server makes by itself. */
export const SISTEMA: Actor = { actor: 'sistema' };

/** What the Diario tells notifications (features/notificaciones, wired in app.ts), in the task's transaction. */
export type TareaNotificaciones = {
  tareaAsignada(
    tx: DbOrTx,
    aviso: { idTarea: number; idCaso: number; idUsuario: number; texto: string; vence: string; autor: string },
  ): Promise<void>;
};
