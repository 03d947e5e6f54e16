import { CASO_MESSAGES, LETRADO_MESSAGES, type Letrado, type LetradoInput, type LetradoUpdate } from '@siniestros/domain';
import type { Db, DbOrTx } from '../../db/client';
import { notFound } from '../../shared/errors';
import { setAuditActor } from '../audit';
import type { HistorialService } from '../historial';
import { letradosRepository as repo, type LetradoValues } from './letrados.repository';

export type LetradosService = ReturnType<typeof createLetradosService>;

function toValues(input: LetradoInput | LetradoUpdate): LetradoValues {
  return { apellido: input.apellido, nombre: input.nombre, fijo: input.fijo, cel: input.cel, mail: input.mail, cuit: input.cuit, cbu: input.cbu };
}

/** The message the dialog sent, or the default one. */
const historyMsg = (msg: string | undefined, fallback: string) => msg?.trim() || fallback;

/** The case's lawyer (spec §2 Letrado dialog, §7): one per case, linked through casos.id_letrado. */
export function createLetradosService(deps: { db: Db; historial: HistorialService }) {
  const { db, historial } = deps;

  async function write(tx: DbOrTx, idCaso: number, current: Letrado | undefined, values: LetradoValues, usuario: string, msg: string | undefined) {
    const letrado = current ? await repo.update(tx, current.id, values) : await repo.insert(tx, idCaso, values);
    await repo.setCasoLetrado(tx, idCaso, letrado.id);
    await historial.add(tx, idCaso, usuario, historyMsg(msg, current ? LETRADO_MESSAGES.updated : LETRADO_MESSAGES.created));
    return letrado;
  }

  return {
    /** POST /letrados: "creates a lawyer when none exists, otherwise updates" (spec §2). */
    async save(input: LetradoInput, usuario: string): Promise<{ letrado: Letrado; created: boolean }> {
      return db.transaction(async (tx) => {
        await setAuditActor(tx, usuario);
        if (!(await repo.lockCaso(tx, input.id_caso))) throw notFound(CASO_MESSAGES.notFound);
        const current = await repo.findByCaso(tx, input.id_caso);
        const letrado = await write(tx, input.id_caso, current, toValues(input), usuario, input.msg);
        return { letrado, created: !current };
      });
    },

    /** PATCH /letrados/{id}: id is the lawyer's id; the lawyer stays with its case. */
    async update(id: number, input: LetradoUpdate, usuario: string): Promise<Letrado> {
      const existing = await repo.findById(db, id);
      if (!existing) throw notFound(LETRADO_MESSAGES.notFound);
      return db.transaction(async (tx) => {
        await setAuditActor(tx, usuario);
        await repo.lockCaso(tx, existing.id_caso);
        const current = await repo.findById(tx, id);
        if (!current) throw notFound(LETRADO_MESSAGES.notFound);
        return write(tx, current.id_caso, current, toValues(input), usuario, input.msg);
      });
    },
  };
}
