import {
  ASIGNACION_MESSAGES,
  AUDIT_ACTION,
  AUDIT_ENTITY,
  type AjustesAsignacionInput,
  type AuditAction,
  type AuditChanges,
  type ReglaAsignacionInput,
} from '@siniestros/domain';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, notFound, unprocessable } from '../../shared/errors';
import { isUniqueViolation } from '../../shared/pg-errors';
import { asignacionRepository as repo, type AnalistaElegido } from './asignacion.repository';

type Actor = { actor: string; ip?: string; method?: string; route?: string };
type AuditWriter = {
  record(tx: DbOrTx, event: Actor & { action: AuditAction; entity?: string; entityId?: number; changes?: AuditChanges }): Promise<boolean>;
};

export type AsignacionService = ReturnType<typeof createAsignacionService>;

/** Routing (issue 41 item 3, docs/decisions/083): the Admin's rules and settings, and the pick for a new case. */
export function createAsignacionService(deps: { db: Db; audit: AuditWriter }) {
  const { db, audit } = deps;

  const fieldProblem = (path: string, message: string) => unprocessable(message, [{ path, message }]);

  return {
    reglas: () => repo.reglas(db),

    async crearRegla(input: ReglaAsignacionInput, who: Actor) {
      return db.transaction(async (tx) => {
        if (!(await repo.exists(tx, 'analistas', input.id_analista))) throw fieldProblem('id_analista', ASIGNACION_MESSAGES.analistaNotFound);
        if (input.id_compania && !(await repo.exists(tx, 'companias', input.id_compania))) throw fieldProblem('id_compania', ASIGNACION_MESSAGES.companiaNotFound);
        if (input.id_producto && !(await repo.exists(tx, 'productos', input.id_producto))) throw fieldProblem('id_producto', ASIGNACION_MESSAGES.productoNotFound);
        let id: number;
        try {
          id = await repo.insertRegla(tx, {
            id_compania: input.id_compania ?? null,
            id_producto: input.id_producto ?? null,
            id_analista: input.id_analista,
            creado_por: who.actor,
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw conflict(ASIGNACION_MESSAGES.reglaDuplicada);
          throw error;
        }
        const regla = (await repo.regla(tx, id))!;
        await audit.record(tx, {
          ...who,
          action: AUDIT_ACTION.asignacionUpdated,
          entity: AUDIT_ENTITY.reglaAsignacion,
          entityId: id,
          changes: { compania: [null, regla.compania], producto: [null, regla.producto], analista: [null, regla.analista] },
        });
        return { message: ASIGNACION_MESSAGES.reglaCreada, data: regla };
      });
    },

    async eliminarRegla(id: number, who: Actor) {
      return db.transaction(async (tx) => {
        const regla = await repo.regla(tx, id);
        if (!regla || !(await repo.deleteRegla(tx, id))) throw notFound(ASIGNACION_MESSAGES.reglaNotFound);
        await audit.record(tx, {
          ...who,
          action: AUDIT_ACTION.asignacionUpdated,
          entity: AUDIT_ENTITY.reglaAsignacion,
          entityId: id,
          changes: { compania: [regla.compania, null], producto: [regla.producto, null], analista: [regla.analista, null] },
        });
        return { message: ASIGNACION_MESSAGES.reglaEliminada };
      });
    },

    ajustes: () => repo.ajustes(db),

    async guardarAjustes(input: AjustesAsignacionInput, who: Actor) {
      return db.transaction(async (tx) => {
        const respaldo = input.id_usuario_respaldo ?? null;
        if (respaldo !== null && !(await repo.isActiveStaff(tx, respaldo))) throw fieldProblem('id_usuario_respaldo', ASIGNACION_MESSAGES.respaldoInvalido);
        const before = await repo.ajustes(tx);
        const after = { id_usuario_respaldo: respaldo, reparto_automatico: input.reparto_automatico };
        await repo.saveAjustes(tx, after);
        const changes: AuditChanges = {};
        for (const key of ['id_usuario_respaldo', 'reparto_automatico'] as const) {
          if (before[key] !== after[key]) changes[key] = [before[key], after[key]];
        }
        await audit.record(tx, { ...who, action: AUDIT_ACTION.asignacionUpdated, entity: AUDIT_ENTITY.ajustesAsignacion, entityId: 1, changes });
        return { message: ASIGNACION_MESSAGES.ajustesGuardados, ...after };
      });
    },

    /** The analyst a new case without one gets, in the creation's transaction; null: none. */
    elegirAnalista: (tx: DbOrTx, caso: { id_compania: number; id_producto: number | null }): Promise<AnalistaElegido | null> =>
      repo.elegirAnalista(tx, caso),
  };
}
