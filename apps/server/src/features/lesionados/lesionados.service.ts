import { CASO_MESSAGES, LESIONADO_MESSAGES, type Lesionado, type LesionadoInput } from '@siniestros/domain';
import type { Db, DbOrTx } from '../../db/client';
import { notFound, unprocessable } from '../../shared/errors';
import type { HistorialService } from '../historial/historial.service';
import { lesionadosRepository as repo, type LesionadoValues } from './lesionados.repository';

export type LesionadosService = ReturnType<typeof createLesionadosService>;

function toValues(input: LesionadoInput): LesionadoValues {
  return { apellido: input.apellido, nombre: input.nombre, idTipoDoc: input.id_tipo_doc, nroDoc: input.nro_doc };
}

/** Injured people of a case (spec §2 /lesionados/{id}, §7). */
export function createLesionadosService(deps: { db: Db; historial: HistorialService }) {
  const { db, historial } = deps;

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
    async create(idCaso: number, input: LesionadoInput, usuario: string): Promise<Lesionado> {
      return db.transaction(async (tx) => {
        await assertCaso(tx, idCaso);
        await assertTipoDoc(tx, input.id_tipo_doc);
        const id = await repo.insert(tx, idCaso, toValues(input));
        await historial.add(tx, idCaso, usuario, LESIONADO_MESSAGES.history);
        return (await repo.findById(tx, id))!;
      });
    },

    async update(id: number, input: LesionadoInput): Promise<Lesionado> {
      if (!(await repo.findById(db, id))) throw notFound(LESIONADO_MESSAGES.notFound);
      await assertTipoDoc(db, input.id_tipo_doc);
      await repo.update(db, id, toValues(input));
      return (await repo.findById(db, id))!;
    },
  };
}
