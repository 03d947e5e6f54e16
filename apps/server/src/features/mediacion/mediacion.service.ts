import {
  AUDIT_ACTION,
  AUDIT_ENTITY,
  AUDIENCIA_MESSAGES,
  CASO_MESSAGES,
  todayIso,
  type Audiencia,
  type AudienciaFiltro,
  type AudienciaInput,
  type AudienciaUpdateInput,
  type AudienciasQuery,
} from '@siniestros/domain';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../shared/errors';
import { pick } from '../../shared/objects';
import { pageOffset, totalPages } from '../../shared/paging';
import { changesBetween, type AuditActor, type AuditService } from '../audit';
import type { HistorialService } from '../historial';
import { mediacionRepository as repo } from './mediacion.repository';

export type MediacionService = ReturnType<typeof createMediacionService>;

/** The columns a save writes: a field an edit leaves out stays out (docs/decisions/074). */
const toValues = <T extends AudienciaUpdateInput>(input: T) => pick(input, ['fechah', 'hora', 'lugar', 'mediacion_nro']);

/**
 * The Diario's hook (features/tareas, wired in app.ts): a hearing scheduled or moved gets its
 * reminder task in the same transaction (docs/decisions/043).
 */
export type AudienciaTareas = {
  audienciaFijada(tx: DbOrTx, event: { idAudiencia: number; idCaso: number; fechah: string; hora: string; lugar: string; usuario: string }): Promise<void>;
};

/** The fields of a hearing the audit log compares (docs/decisions/028). */
const AUDITED_FIELDS = ['fechah', 'hora', 'lugar', 'mediacion_nro'] as const;

/** Mediation hearings (spec §2 /audiencias, §7 /mediacion). Every change writes a history row and an audit row. */
export function createMediacionService(deps: { db: Db; historial: HistorialService; audit: AuditService; tareas?: AudienciaTareas; today?: () => string }) {
  const { db, historial, audit } = deps;
  const today = deps.today ?? (() => todayIso());

  return {
    async listByCaso(idCaso: number): Promise<Audiencia[]> {
      if (!(await repo.casoExists(db, idCaso))) throw notFound(CASO_MESSAGES.notFound);
      return repo.listByCaso(db, idCaso);
    },

    async page(query: AudienciasQuery, filtro: AudienciaFiltro | null = null) {
      const cuando = query.cuando ? { agenda: query.cuando, today: today() } : undefined;
      const { rows, total } = await repo.page(db, filtro, query.pageSize, pageOffset(query), cuando);
      return { data: rows, totalPages: totalPages(total, query.pageSize), total };
    },

    async create(idCaso: number, input: AudienciaInput, who: AuditActor): Promise<Audiencia> {
      return db.transaction(async (tx) => {
        if (!(await repo.casoExists(tx, idCaso))) throw notFound(CASO_MESSAGES.notFound);
        const id = await repo.insert(tx, { id_caso: idCaso, fecha: today(), ...toValues(input) });
        await historial.add(tx, idCaso, who.actor, AUDIENCIA_MESSAGES.historyCreated);
        const created = (await repo.findById(tx, id))!;
        await deps.tareas?.audienciaFijada(tx, { idAudiencia: id, idCaso, fechah: created.fechah, hora: created.hora, lugar: created.lugar, usuario: who.actor });
        await audit.record(tx, {
          ...who,
          action: AUDIT_ACTION.audienciaCreated,
          entity: AUDIT_ENTITY.audiencia,
          entityId: id,
          detail: `caso ${idCaso}`,
          changes: changesBetween({}, created, AUDITED_FIELDS),
        });
        return created;
      });
    },

    async update(id: number, input: AudienciaUpdateInput, who: AuditActor): Promise<Audiencia> {
      return db.transaction(async (tx) => {
        const audiencia = await repo.findById(tx, id);
        if (!audiencia) throw notFound(AUDIENCIA_MESSAGES.notFound);
        if (!(await repo.save(tx, id, toValues(input), input.version))) throw conflict(AUDIENCIA_MESSAGES.stale);
        await historial.add(tx, audiencia.id_caso, who.actor, AUDIENCIA_MESSAGES.historyUpdated);
        const updated = (await repo.findById(tx, id))!;
        if (updated.fechah !== audiencia.fechah) {
          await deps.tareas?.audienciaFijada(tx, { idAudiencia: id, idCaso: updated.id_caso, fechah: updated.fechah, hora: updated.hora, lugar: updated.lugar, usuario: who.actor });
        }
        await audit.record(tx, {
          ...who,
          action: AUDIT_ACTION.audienciaUpdated,
          entity: AUDIT_ENTITY.audiencia,
          entityId: id,
          detail: `caso ${audiencia.id_caso}`,
          changes: changesBetween(audiencia, updated, AUDITED_FIELDS),
        });
        return updated;
      });
    },
  };
}
