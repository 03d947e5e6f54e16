import { AUDIENCIA_MESSAGES, CASO_MESSAGES, todayIso, type Audiencia, type AudienciaFiltro, type AudienciaInput, type PagingQuery } from '@siniestros/domain';
import type { Db } from '../../db/client';
import { notFound } from '../../shared/errors';
import { pageOffset, totalPages } from '../../shared/paging';
import type { HistorialService } from '../historial/historial.service';
import { mediacionRepository as repo, type AudienciaValues } from './mediacion.repository';

export type MediacionService = ReturnType<typeof createMediacionService>;

function toValues(input: AudienciaInput): AudienciaValues {
  return { fechah: input.fechah, hora: input.hora, lugar: input.lugar, mediacionNro: input.mediacion_nro };
}

/** Mediation hearings (spec §2 /audiencias, §7 /mediacion). */
export function createMediacionService(deps: { db: Db; historial: HistorialService; today?: () => string }) {
  const { db, historial } = deps;
  const today = deps.today ?? (() => todayIso());

  return {
    async listByCaso(idCaso: number): Promise<Audiencia[]> {
      if (!(await repo.casoExists(db, idCaso))) throw notFound(CASO_MESSAGES.notFound);
      return repo.listByCaso(db, idCaso);
    },

    async page(paging: PagingQuery, filtro: AudienciaFiltro | null = null) {
      const { rows, total } = await repo.page(db, filtro, paging.pageSize, pageOffset(paging));
      return { data: rows, totalPages: totalPages(total, paging.pageSize), total };
    },

    async create(idCaso: number, input: AudienciaInput, usuario: string): Promise<Audiencia> {
      return db.transaction(async (tx) => {
        if (!(await repo.casoExists(tx, idCaso))) throw notFound(CASO_MESSAGES.notFound);
        const id = await repo.insert(tx, { idCaso, fecha: today(), ...toValues(input) });
        await historial.add(tx, idCaso, usuario, AUDIENCIA_MESSAGES.historyCreated);
        return (await repo.findById(tx, id))!;
      });
    },

    async update(id: number, input: AudienciaInput, usuario: string): Promise<Audiencia> {
      return db.transaction(async (tx) => {
        const audiencia = await repo.findById(tx, id);
        if (!audiencia) throw notFound(AUDIENCIA_MESSAGES.notFound);
        await repo.update(tx, id, toValues(input));
        await historial.add(tx, audiencia.id_caso, usuario, AUDIENCIA_MESSAGES.historyUpdated);
        return (await repo.findById(tx, id))!;
      });
    },
  };
}
