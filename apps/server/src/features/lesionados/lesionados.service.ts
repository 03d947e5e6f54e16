import { AUDIT_ACTION, AUDIT_ENTITY, CASO_MESSAGES, LESIONADO_MESSAGES, type Lesionado, type LesionadoInput, type LesionadoUpdateInput } from '@siniestros/domain';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, notFound, unprocessable } from '../../shared/errors';
import { pick } from '../../shared/objects';
import { changesBetween, type AuditActor, type AuditService } from '../audit';
import type { HistorialService } from '../historial';
import { lesionadosRepository as repo } from './lesionados.repository';

export type LesionadosService = ReturnType<typeof createLesionadosService>;

/** The columns a save writes: a field an edit leaves out stays out (docs/decisions/074). */
const toValues = <T extends LesionadoUpdateInput>(input: T) => pick(input, ['apellido', 'nombre', 'id_tipo_doc', 'nro_doc']);

/** The fields of an injured person the audit log compares (personal data, docs/decisions/028). */
const AUDITED_FIELDS = ['apellido', 'nombre', 'id_tipo_doc', 'nro_doc'] as const;

/** Injured people of a case (spec §2 /lesionados/{id}, §7). Every change writes a history row and an audit row. */
export function createLesionadosService(deps: { db: Db; historial: HistorialService; audit: AuditService }) {
  const { db, historial, audit } = deps;

  async function assertCaso(tx: DbOrTx, idCaso: number) {
    if (!(await repo.casoExists(tx, idCaso))) throw notFound(CASO_MESSAGES.notFound);
  }

  async function assertTipoDoc(tx: DbOrTx, idTipoDoc: number) {
    if (!(await repo.tipoDocExists(tx, idTipoDoc))) throw unprocessable(CASO_MESSAGES.tipoDocNotFound);
  }

  return {
    async list(idCaso: number): Promise<Lesionado[]> {
      await assertCaso(db, idCaso);
      return repo.listByCaso(db, idCaso);
    },

    /** Creates the injured person and its 'Se creo el Lesionado' history row together. */
    async create(idCaso: number, input: LesionadoInput, who: AuditActor): Promise<Lesionado> {
      return db.transaction(async (tx) => {
        await assertCaso(tx, idCaso);
        await assertTipoDoc(tx, input.id_tipo_doc);
        const id = await repo.insert(tx, idCaso, toValues(input));
        await historial.add(tx, idCaso, who.actor, LESIONADO_MESSAGES.history);
        const created = (await repo.findById(tx, id))!;
        await audit.record(tx, {
          ...who,
          action: AUDIT_ACTION.lesionadoCreated,
          entity: AUDIT_ENTITY.lesionado,
          entityId: id,
          detail: `caso ${idCaso}`,
          changes: changesBetween({}, created, AUDITED_FIELDS),
        });
        return created;
      });
    },

    /** Like the other edits of a case: the change, its history row and its audit row land together. */
    async update(id: number, input: LesionadoUpdateInput, who: AuditActor): Promise<Lesionado> {
      return db.transaction(async (tx) => {
        const before = await repo.findById(tx, id);
        if (!before) throw notFound(LESIONADO_MESSAGES.notFound);
        if (input.id_tipo_doc !== undefined) await assertTipoDoc(tx, input.id_tipo_doc);
        if (!(await repo.save(tx, id, toValues(input), input.version))) throw conflict(LESIONADO_MESSAGES.stale);
        const after = (await repo.findById(tx, id))!;
        await historial.add(tx, before.id_caso, who.actor, LESIONADO_MESSAGES.historyUpdated);
        await audit.record(tx, {
          ...who,
          action: AUDIT_ACTION.lesionadoUpdated,
          entity: AUDIT_ENTITY.lesionado,
          entityId: id,
          detail: `caso ${before.id_caso}`,
          changes: changesBetween(before, after, AUDITED_FIELDS),
        });
        return after;
      });
    },
  };
}
