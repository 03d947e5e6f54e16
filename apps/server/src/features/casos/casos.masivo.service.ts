import type { Readable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import { MASIVO_MAX_CASOS, MASIVO_MESSAGES, type CasosSeleccion, type MasivoAnalistaInput, type MasivoFlagInput, type MasivoResponse } from '@siniestros/domain';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../shared/errors';
import { setAuditActor } from '../audit';
import type { GinCleanup } from './casos.gin-cleanup';
import { analistaElegido, analistaHistory, flagOf } from './casos.edit.service';
import { filterWhere } from './casos.list.filters';
import { casosMasivoRepository as repo } from './casos.masivo.repository';

export type CasosMasivoService = ReturnType<typeof createCasosMasivoService>;

/**
 * Bulk actions on the case list (issue 44 item 2; docs/decisions/097): reassign the analyst, set
 * or clear a flag, export. A selection is explicit ids or the list's filter; the whole selection
 * is locked and written in one transaction with one history row per changed case, or nothing is.
 * The rules are the single-case ones (casos.edit.service): the analyst must exist, a case that
 * does not exist (or that the user could not change one by one) fails the whole request.
 */
export function createCasosMasivoService(deps: {
  db: Db;
  exportWhere: (where: SQL | undefined) => Promise<Readable | null>;
  /** PostgreSQL: the GIN indexes' pending lists cleaned after the commit, not inside the statement. */
  ginCleanup?: GinCleanup;
}) {
  const { db } = deps;

  const whereOf = ({ ids, filtro }: CasosSeleccion): SQL | undefined => (ids ? repo.idsWhere(ids) : filterWhere(filtro!, 'planned'));

  /**
   * Locks the selection, lowest id first. Ids the user may not change (today: that do not exist,
   * since Admin and User may change any case one by one) fail the request naming how many; a
   * filter matching more than the limit fails it too.
   */
  async function lockSeleccion(tx: DbOrTx, seleccion: CasosSeleccion): Promise<number[]> {
    const ids = await repo.lockWhere(tx, whereOf(seleccion), MASIVO_MAX_CASOS + 1);
    if (ids.length > MASIVO_MAX_CASOS) throw badRequest(MASIVO_MESSAGES.tooMany);
    if (seleccion.ids && ids.length < seleccion.ids.length) throw notFound(MASIVO_MESSAGES.noPermitidos(seleccion.ids.length - ids.length));
    if (ids.length === 0) throw notFound(MASIVO_MESSAGES.empty);
    return ids;
  }

  async function inOneTransaction(seleccion: CasosSeleccion, usuario: string, change: (tx: DbOrTx, ids: number[]) => Promise<number>): Promise<number> {
    const { ginCleanup } = deps;
    try {
      return await db.transaction(async (tx) => {
        await setAuditActor(tx, usuario);
        await repo.countersPerStatement(tx);
        if (ginCleanup) await repo.deferGinCleanup(tx);
        return change(tx, await lockSeleccion(tx, seleccion));
      });
    } finally {
      ginCleanup?.schedule();
    }
  }

  return {
    /** POST /casos/masivo/analista: the analyst of every selected case, a history row on each that changed. */
    async assignAnalista(input: MasivoAnalistaInput, usuario: string): Promise<MasivoResponse> {
      const cantidad = await inOneTransaction(input.seleccion, usuario, async (tx, ids) => {
        const analista = await analistaElegido(tx, input.id_analista);
        return repo.assignAnalista(tx, ids, analista.id, usuario, analistaHistory(analista));
      });
      return { message: MASIVO_MESSAGES.analistaDone(cantidad), cantidad };
    },

    /** POST /casos/masivo/flag: one flag set or cleared on every selected case, a history row on each that changed. */
    async setFlag(input: MasivoFlagInput, usuario: string): Promise<MasivoResponse> {
      const flag = flagOf(input.flag);
      const msg = input.valor ? MASIVO_MESSAGES.history.flagSet(flag.label) : MASIVO_MESSAGES.history.flagCleared(flag.label);
      const cantidad = await inOneTransaction(input.seleccion, usuario, (tx, ids) => repo.setFlag(tx, ids, flag.key, input.valor, usuario, msg));
      return { message: MASIVO_MESSAGES.flagDone(flag.label, input.valor, cantidad), cantidad };
    },

    /** POST /casos/masivo/export: the selected cases as the list's xlsx, or null when none exists. */
    async export(seleccion: CasosSeleccion): Promise<Readable | null> {
      // A filter exports every match, as the list's Exportar does: the limit is for writes.
      return deps.exportWhere(whereOf(seleccion));
    },
  };
}
