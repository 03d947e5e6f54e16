import {
  ANALISIS_MESSAGES,
  APROBACION_MESSAGES,
  CASO_MESSAGES,
  CICLO_MESSAGES,
  CONVENIO_MESSAGES,
  ESTADO,
  PAGO_MESSAGES,
  centavos,
  cierraConAcuerdo,
  pesosDeCentavos,
  canClose,
  canReinspect,
  canReopen,
  closingReasonName,
  isClosed,
  formatPesos,
  nextEstado,
  reopenTarget,
  todayIso,
  analisisSchema,
  reconsiderarSchema,
  type AnalisisInput,
  type ReconsiderarInput,
} from '@siniestros/domain';
import type { Db, DbOrTx } from '../../db/client';
import { isCurrentVersion } from '../../db/edit-version';
import { setAuditActor } from '../audit';
import { conflict, forbidden, notFound, unprocessable } from '../../shared/errors';
import { casosLifecycleRepository as repo, type CasoEstado } from './casos.lifecycle.repository';
import type { AprobacionesService, Quien } from './casos.aprobaciones.service';

/** Appends a history row inside the caller's transaction. */
export type HistoryWriter = { add: (tx: DbOrTx, idCaso: number, usuario: string, msg: string) => Promise<unknown> };

export type CasosLifecycleService = ReturnType<typeof createCasosLifecycleService>;

/** What closing needs of the payments (docs/decisions/082): the case's paid total, in cents, in the closing's transaction. */
/** What the life cycle asks of payments, in cents: paid, and paid plus ordered (committed). */
export type PagosDelCierre = {
  pagado: (tx: DbOrTx, idCaso: number) => Promise<number>;
  comprometido: (tx: DbOrTx, idCaso: number) => Promise<number>;
};
/** An Admin's reason to close "con acuerdo" with part of the agreed amount unpaid. */
export type CierreConPendiente = { motivo?: string | null; isAdmin: boolean };

/**
 * The case life cycle (spec §4, decision 000 transitions). Each transition locks the case row,
 * checks the current status, writes the change and its history row in one transaction, so two
 * people pressing the same button cannot both succeed.
 */
export function createCasosLifecycleService(deps: {
  db: Db;
  historial: HistoryWriter;
  today?: () => string;
  /** Authority limits (docs/decisions/081); without it every offer is applied at once. */
  aprobaciones?: AprobacionesService;
  /** Payments (docs/decisions/082); without it a case closes "con acuerdo" whatever was paid. */
  pagos?: PagosDelCierre;
}) {
  const { db, historial, aprobaciones } = deps;
  const today = deps.today ?? (() => todayIso());

  /**
   * Closing "con acuerdo" (17, or 'Finalizar Caso' 7 → 8) waits for the agreed amount to be paid,
   * unless an Admin gives the reason, which goes to the history (docs/decisions/082).
   */
  async function checkPagado(tx: DbOrTx, caso: CasoEstado, target: number, usuario: string, cierre?: CierreConPendiente) {
    if (!deps.pagos || !cierraConAcuerdo(caso.id_estado, target)) return;
    const pendiente = centavos(caso.valor_acordado) - (await deps.pagos.pagado(tx, caso.id));
    if (pendiente <= 0) return;
    const monto = pesosDeCentavos(pendiente);
    if (!cierre?.motivo) throw conflict(PAGO_MESSAGES.pendienteAlCerrar(formatPesos(monto)));
    if (!cierre.isAdmin) throw forbidden(PAGO_MESSAGES.soloAdminFuerza);
    await historial.add(tx, caso.id, usuario, PAGO_MESSAGES.history.cierreConPendiente(monto, cierre.motivo));
  }

  /** `expected`: the status the caller saw; a case that moved on meanwhile is refused. `usuario` is the audit actor. */
  async function transition<T>(
    id: number,
    usuario: string,
    change: (caso: CasoEstado, tx: DbOrTx) => Promise<T>,
    expected?: number,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      await setAuditActor(tx, usuario);
      const caso = await repo.lockEstado(tx, id);
      if (!caso) throw notFound(CASO_MESSAGES.notFound);
      if (expected !== undefined && expected !== caso.id_estado) throw conflict(CICLO_MESSAGES.staleEstado);
      return change(caso, tx);
    });
  }

  async function moveTo(
    tx: DbOrTx,
    caso: CasoEstado,
    idEstado: number,
    usuario: string,
    msg: string,
    extra: Parameters<typeof repo.update>[2] = {},
  ) {
    await repo.update(tx, caso.id, { id_estado: idEstado, fecha_estado: today(), ...extra });
    await historial.add(tx, caso.id, usuario, msg);
  }

  /** Status 3 '+ Ofrecimiento' as made within the limit or approved: the analysis, and the case moves to 4 (spec §4). */
  async function applyAnalisis(tx: DbOrTx, caso: CasoEstado, input: AnalisisInput, usuario: string) {
    await moveTo(tx, caso, ESTADO.OFRECIMIENTO, usuario, ANALISIS_MESSAGES.history, {
      id_responsabilidad: input.id_responsabilidad,
      valor_ofertado: input.valor_ofertado,
      analisis: input.analisis,
    });
    return { id_estado: ESTADO.OFRECIMIENTO };
  }

  /** Status 4 Reconsiderar as made within the limit or approved: the new offered value, history prefixed RECONSIDERACION. */
  async function applyReconsider(tx: DbOrTx, caso: CasoEstado, input: ReconsiderarInput, usuario: string) {
    await repo.update(tx, caso.id, { valor_ofertado: input.valor_ofertado });
    await historial.add(tx, caso.id, usuario, `${ANALISIS_MESSAGES.reconsiderPrefix}: ${input.msg} - Nuevo valor ofertado ${formatPesos(input.valor_ofertado)}`);
    return { id_estado: caso.id_estado };
  }

  /** The checks an offer passes whether it is made, held or approved. */
  async function checkAnalisis(tx: DbOrTx, caso: CasoEstado, input: AnalisisInput) {
    if (caso.id_estado !== ESTADO.ANALISIS) throw conflict(CICLO_MESSAGES.cannotAnalyze);
    // An unknown id would otherwise fail the foreign key as a 500.
    if (!(await repo.responsabilidadExists(tx, input.id_responsabilidad))) throw unprocessable(ANALISIS_MESSAGES.responsabilidadNotFound);
  }

  function checkReconsider(caso: CasoEstado) {
    if (caso.id_estado !== ESTADO.OFRECIMIENTO) throw conflict(CICLO_MESSAGES.cannotReconsider);
  }

  return {
    /** `valorAcordado`: at 'Acepta Ofreciemiento' (from 4), the agreed amount when the person edited it. */
    async advance(id: number, usuario: string, expected?: number, valorAcordado?: string, cierre?: CierreConPendiente) {
      return transition(
        id,
        usuario,
        async (caso, tx) => {
          const target = nextEstado(caso.id_estado);
          if (!target) throw conflict(CICLO_MESSAGES.cannotAdvance);
          if (caso.id_estado === ESTADO.INSPECCION && (await repo.countInspecciones(tx, id, true)) > 0) {
            throw conflict(CICLO_MESSAGES.pendingInspection);
          }
          const estado = await repo.estadoNombre(tx, target);
          if (caso.id_estado === ESTADO.OFRECIMIENTO) {
            await aprobaciones?.sinPendiente(tx, id);
            // Accepting the offer fixes the agreed amount the convenios and the values report use.
            const acordado = valorAcordado ?? caso.valor_acordado ?? caso.valor_ofertado;
            if (acordado === null) throw unprocessable(CONVENIO_MESSAGES.noOffer);
            if (!(Number(acordado) > 0)) throw unprocessable(CICLO_MESSAGES.acordadoPositivo);
            await moveTo(tx, caso, target, usuario, CICLO_MESSAGES.history.accepted(estado, formatPesos(acordado)));
            await repo.setValorAcordado(tx, id, acordado);
            return { id_estado: target, valor_acordado: acordado };
          }
          if (valorAcordado !== undefined) throw unprocessable(CICLO_MESSAGES.acordadoOnlyOnAccept);
          await checkPagado(tx, caso, target, usuario, cierre);
          // Leaving 'Pendiente Documentación' says the documentation is complete (the portal's one-click advance, decision 084).
          const extra =
            target >= ESTADO.FINALIZADO
              ? { fecha_cierre: today(), id_estado_previo: caso.id_estado }
              : caso.id_estado === ESTADO.INICIAL
                ? { completa_doc: true }
                : {};
          await moveTo(tx, caso, target, usuario, CICLO_MESSAGES.history.advanced(estado), extra);
          // completa_doc is a field the case form sends back: a form read before this advance is stale (decision 074).
          if (caso.id_estado === ESTADO.INICIAL) await repo.bumpVersion(tx, id);
          return { id_estado: target };
        },
        expected,
      );
    },

    /**
     * 'Corregir valor acordado' (docs/decisions/074): the one way to change the agreed amount after
     * the acceptance, on an open case, with its reason in the history (and the audit log by trigger).
     */
    async corregirAcordado(id: number, usuario: string, input: { valor_acordado: string; motivo: string; version?: number | null }) {
      return transition(id, usuario, async (caso, tx) => {
        if (!isCurrentVersion(input.version, caso.version)) throw conflict(CASO_MESSAGES.stale.caso);
        if (caso.valor_acordado === null || isClosed(caso.id_estado)) throw conflict(CICLO_MESSAGES.cannotCorregirAcordado);
        if (!(Number(input.valor_acordado) > 0)) throw unprocessable(CICLO_MESSAGES.acordadoPositivo);
        // Not below what is already paid or ordered: the payments would exceed the agreement (decision 082).
        const comprometido = deps.pagos ? await deps.pagos.comprometido(tx, id) : 0;
        if (centavos(input.valor_acordado) < comprometido) throw conflict(PAGO_MESSAGES.acordadoBajoComprometido(formatPesos(pesosDeCentavos(comprometido))));
        await repo.setValorAcordado(tx, id, input.valor_acordado);
        const msg = CICLO_MESSAGES.history.acordadoCorregido(formatPesos(caso.valor_acordado), formatPesos(input.valor_acordado), input.motivo);
        await historial.add(tx, id, usuario, msg);
        return { id_estado: caso.id_estado, valor_acordado: input.valor_acordado };
      });
    },

    /** 'Retroceder Caso': 3 → 2, only without inspections. */
    async returnToInspection(id: number, usuario: string, expected?: number) {
      return transition(
        id,
        usuario,
        async (caso, tx) => {
          if (caso.id_estado !== ESTADO.ANALISIS || (await repo.countInspecciones(tx, id)) > 0) throw conflict(CICLO_MESSAGES.cannotReturn);
          await moveTo(
            tx,
            caso,
            ESTADO.INSPECCION,
            usuario,
            CICLO_MESSAGES.history.returned(await repo.estadoNombre(tx, ESTADO.INSPECCION)),
          );
          return { id_estado: ESTADO.INSPECCION };
        },
        expected,
      );
    },

    async close(id: number, idEstado: number, usuario: string, msg?: string, cierre?: CierreConPendiente) {
      return transition(id, usuario, async (caso, tx) => {
        if (!canClose(caso.id_estado)) throw conflict(CICLO_MESSAGES.cannotClose);
        await checkPagado(tx, caso, idEstado, usuario, cierre);
        const motivo = msg?.trim() || closingReasonName(idEstado) || String(idEstado);
        await aprobaciones?.rechazarAlCerrar(tx, id, usuario, closingReasonName(idEstado) ?? motivo);
        await moveTo(tx, caso, idEstado, usuario, CICLO_MESSAGES.history.closed(motivo), {
          fecha_cierre: today(),
          id_estado_previo: caso.id_estado,
        });
        return { id_estado: idEstado };
      });
    },

    async reopen(id: number, usuario: string, expected?: number) {
      return transition(
        id,
        usuario,
        async (caso, tx) => {
          if (!canReopen(caso.id_estado)) throw conflict(CICLO_MESSAGES.cannotReopen);
          const target = reopenTarget(caso.id_estado_previo);
          await moveTo(tx, caso, target, usuario, CICLO_MESSAGES.history.reopened(await repo.estadoNombre(tx, target)), {
            fecha_cierre: null,
            id_estado_previo: null,
          });
          return { id_estado: target };
        },
        expected,
      );
    },

    async reinspect(id: number, usuario: string, expected?: number) {
      return transition(
        id,
        usuario,
        async (caso, tx) => {
          if (!canReinspect(caso.id_estado)) throw conflict(CICLO_MESSAGES.cannotReinspect);
          await moveTo(tx, caso, ESTADO.INSPECCION, usuario, CICLO_MESSAGES.history.reinspected);
          return { id_estado: ESTADO.INSPECCION };
        },
        expected,
      );
    },

    /** PATCH /casos/estado/{id}: an explicit status change (closing ones go through close). */
    async setEstado(id: number, idEstado: number, usuario: string, cierre?: CierreConPendiente) {
      return transition(id, usuario, async (caso, tx) => {
        if (caso.id_estado < ESTADO.FINALIZADO) await checkPagado(tx, caso, idEstado, usuario, cierre);
        const closing = idEstado >= ESTADO.FINALIZADO;
        const extra = closing
          ? { fecha_cierre: today(), id_estado_previo: caso.id_estado < ESTADO.FINALIZADO ? caso.id_estado : caso.id_estado_previo }
          : { fecha_cierre: null };
        await moveTo(tx, caso, idEstado, usuario, CICLO_MESSAGES.history.statusChanged(await repo.estadoNombre(tx, idEstado)), extra);
        return { id_estado: idEstado };
      });
    },

    /**
     * Status 3 '+ Ofrecimiento' saves the analysis and moves to 4 (spec §4); above the maker's limit
     * the request waits for approval and the case stays (docs/decisions/081).
     */
    async saveAnalisis(id: number, input: AnalisisInput, quien: Quien) {
      return transition(id, quien.username, async (caso, tx) => {
        await checkAnalisis(tx, caso, input);
        const datos = { id_responsabilidad: input.id_responsabilidad, valor_ofertado: input.valor_ofertado, analisis: input.analisis };
        const retenido = await aprobaciones?.retener(tx, caso, { tipo: 'ofrecimiento', monto: input.valor_ofertado, datos }, quien);
        return retenido ?? applyAnalisis(tx, caso, input, quien.username);
      });
    },

    /** Status 4 Reconsiderar: a new offered value and the reason; above the maker's limit it waits too. */
    async reconsider(id: number, input: ReconsiderarInput, quien: Quien) {
      return transition(id, quien.username, async (caso, tx) => {
        checkReconsider(caso);
        const datos = { valor_ofertado: input.valor_ofertado, msg: input.msg };
        const retenido = await aprobaciones?.retener(tx, caso, { tipo: 'reconsideracion', monto: input.valor_ofertado, datos }, quien);
        return retenido ?? applyReconsider(tx, caso, input, quien.username);
      });
    },

    /**
     * 'Aprobar' (docs/decisions/081): applies the request exactly as it was made, in its maker's
     * name, with the approver's history row; a new edit version of the case. The case is locked
     * before the request, in the order an offer takes them.
     */
    async aprobar(idAprobacion: number, quien: Quien) {
      if (!aprobaciones) throw conflict(APROBACION_MESSAGES.notFound);
      const idCaso = await aprobaciones.casoDe(db, idAprobacion);
      return transition(idCaso, quien.username, async (caso, tx) => {
        const pedido = await aprobaciones.tomar(tx, idAprobacion, quien);
        await aprobaciones.resolver(tx, pedido, quien, { estado: 'aprobada' });
        let result: { id_estado: number };
        if (pedido.tipo === 'ofrecimiento') {
          const input = analisisSchema.parse(pedido.datos);
          await checkAnalisis(tx, caso, input);
          result = await applyAnalisis(tx, caso, input, pedido.solicitado_por);
        } else {
          checkReconsider(caso);
          result = await applyReconsider(tx, caso, reconsiderarSchema.parse(pedido.datos), pedido.solicitado_por);
        }
        await repo.bumpVersion(tx, caso.id);
        return { message: APROBACION_MESSAGES.aprobada, ...result };
      });
    },
  };
}
