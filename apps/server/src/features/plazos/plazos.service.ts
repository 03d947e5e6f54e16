import {
  AUDIT_ACTION,
  AUDIT_ENTITY,
  CASO_MESSAGES,
  PLAZO_EVENTOS,
  PLAZO_MESSAGES,
  daysBetweenIso,
  estadoPlazo,
  todayIso,
  vencimientoPlazo,
  type CasoPlazo,
  type PlazoEstados,
  type PlazoInicioInput,
  type PlazoRegla,
  type PlazoUpdateInput,
} from '@siniestros/domain';
import type { Db, DbOrTx } from '../../db/client';
import { notFound, unprocessable } from '../../shared/errors';
import { plazosRepository as repo, type ClockStart } from './plazos.repository';

export type PlazosService = ReturnType<typeof createPlazosService>;

type Actor = { actor: string; ip?: string; method?: string; route?: string };
type AuditWriter = {
  record(
    tx: DbOrTx,
    event: Actor & {
      action: typeof AUDIT_ACTION.plazoUpdated;
      entity: string;
      entityId?: number;
      detail?: string;
      changes: Record<string, [unknown, unknown]>;
    },
  ): Promise<boolean>;
};
type HistorialWriter = { add(tx: DbOrTx, idCaso: number, usuario: string, msg: string): Promise<unknown> };

const AUDITED = ['nombre', 'cantidad', 'unidad', 'aviso_dias', 'activo'] as const;

/**
 * Plazos legales (issue 18 item 3; docs/decisions/044). The rules are rows an Admin edits; the
 * start of each clock is kept per case by triggers (caso_plazos); the end, the days left and the
 * colour are computed here, from the rule in force, so editing a rule rewrites nothing.
 */
export function createPlazosService(deps: { db: Db; audit: AuditWriter; historial: HistorialWriter; today?: () => string }) {
  const { db, audit, historial } = deps;
  const today = deps.today ?? (() => todayIso());

  const activeRules = async () => (await repo.reglas(db)).filter((regla) => regla.activo);

  function clocks(starts: ClockStart[], reglas: PlazoRegla[], day: string) {
    return starts.flatMap((start) =>
      reglas
        .filter((regla) => regla.evento === start.evento)
        .map((regla) => {
          const vence = vencimientoPlazo(start.desde, regla);
          return { start, regla, vence, dias: daysBetweenIso(day, vence), estado: estadoPlazo(vence, day, regla) };
        }),
    );
  }

  return {
    reglas: () => repo.reglas(db),

    async update(codigo: string, input: PlazoUpdateInput, who: Actor): Promise<PlazoRegla> {
      return db.transaction(async (tx) => {
        const before = await repo.regla(tx, codigo, true);
        if (!before) throw notFound(PLAZO_MESSAGES.notFound);
        await repo.update(tx, codigo, input);
        const after = (await repo.regla(tx, codigo))!;
        const changes: Record<string, [unknown, unknown]> = {};
        for (const field of AUDITED) if (before[field] !== after[field]) changes[field] = [before[field], after[field]];
        await audit.record(tx, { ...who, action: AUDIT_ACTION.plazoUpdated, entity: AUDIT_ENTITY.plazo, detail: codigo, changes });
        return after;
      });
    },

    /** The case's running clocks, soonest end first. */
    async caso(idCaso: number): Promise<CasoPlazo[]> {
      if (!(await repo.casoExists(db, idCaso))) throw notFound(CASO_MESSAGES.notFound);
      const day = today();
      const [starts, reglas] = await Promise.all([repo.running(db, [idCaso]), activeRules()]);
      return clocks(starts, reglas, day)
        .map(({ start, regla, vence, dias, estado }) => ({
          codigo: regla.codigo,
          nombre: regla.nombre,
          evento: regla.evento,
          desde: start.desde,
          vence,
          dias,
          estado,
          fuente: regla.fuente,
        }))
        .sort((a, b) => a.vence.localeCompare(b.vence));
    },

    /**
     * Corrects the day a case's clock started (the documents arrived before the status was
     * changed): history and audit rows; never a day after today.
     */
    async corregirInicio(idCaso: number, input: PlazoInicioInput, who: Actor): Promise<CasoPlazo[]> {
      if (input.desde > today())
        throw unprocessable(PLAZO_MESSAGES.inicioFuturo, [{ path: 'desde', message: PLAZO_MESSAGES.inicioFuturo }]);
      await db.transaction(async (tx) => {
        if (!(await repo.casoExists(tx, idCaso))) throw notFound(CASO_MESSAGES.notFound);
        const before = await repo.moveStart(tx, idCaso, input.evento, input.desde);
        if (!before) throw notFound(PLAZO_MESSAGES.sinPlazo);
        await historial.add(tx, idCaso, who.actor, PLAZO_MESSAGES.historiaInicio(PLAZO_EVENTOS[input.evento], input.desde));
        await audit.record(tx, {
          ...who,
          action: AUDIT_ACTION.plazoUpdated,
          entity: AUDIT_ENTITY.caso,
          entityId: idCaso,
          detail: input.evento,
          changes: before.desde === input.desde ? {} : { desde: [before.desde, input.desde] },
        });
      });
      return this.caso(idCaso);
    },

    /** For the case list's marker: each listed case with a clock por vencer or vencido, the worse one. */
    async estados(ids: number[]): Promise<PlazoEstados> {
      const day = today();
      const [starts, reglas] = await Promise.all([repo.running(db, ids), activeRules()]);
      const result: PlazoEstados = {};
      for (const { start, estado } of clocks(starts, reglas, day)) {
        const key = String(start.id_caso);
        if (estado === 'vencido') result[key] = 'vencido';
        else if (estado === 'por_vencer' && result[key] !== 'vencido') result[key] = 'por_vencer';
      }
      return result;
    },
  };
}
