import {
  ASIGNACION_MESSAGES,
  ASEGURADO_WRITE_KEYS,
  CASO_ALTA_KEYS,
  CASO_EDIT_KEYS,
  CASO_MESSAGES,
  CICLO_MESSAGES,
  ESTADO,
  FLAGS,
  MAX_TERCEROS,
  TERCERO_WRITE_KEYS,
  casoSearchColumns,
  todayIso,
  type AltaInput,
  type AsignarAnalistaInput,
  type AseguradoUpdateInput,
  type CasoDuplicado,
  type CasoUpdateInput,
  type Flags,
  type TerceroInput,
  type TerceroUpdateInput,
} from '@siniestros/domain';
import type { Db, DbOrTx } from '../../db/client';
import { isCurrentVersion } from '../../db/edit-version';
import { badRequest, conflict, notFound, unprocessable } from '../../shared/errors';
import { pick } from '../../shared/objects';
import { setAuditActor } from '../audit';
import { duplicadosHistory, findDuplicados } from './casos.duplicados.service';
import type { HistoryWriter } from './casos.lifecycle.service';
import { casosRepository as repo, type CasoLock, type CasoValues } from './casos.repository';
import { FOREIGN_KEY_VIOLATION, isUniqueViolation, pgErrorOf } from '../../shared/pg-errors';

/** A creation: the case (new, or the one its Idempotency-Key created before), or the possible duplicates that stopped it. */
export type AltaResult = { id: number; isNew: boolean } | { duplicados: CasoDuplicado[] };

/** A reference that does not exist, found by the foreign key it broke (spec §7: 422 with the server's message). */
const REFERENCE_MESSAGES: Readonly<Record<string, string>> = {
  casos_id_compania_companias_id_fk: CASO_MESSAGES.companiaNotFound,
  casos_id_producto_productos_id_fk: CASO_MESSAGES.productoNotFound,
  casos_id_analista_analistas_id_fk: CASO_MESSAGES.analistaNotFound,
  asegurados_id_tipo_doc_tipos_doc_id_fk: CASO_MESSAGES.tipoDocNotFound,
  terceros_id_tipo_doc_tipos_doc_id_fk: CASO_MESSAGES.tipoDocNotFound,
};

function asReferenceError(error: unknown): unknown {
  const pgError = pgErrorOf(error);
  const message = pgError?.code === FOREIGN_KEY_VIOLATION ? REFERENCE_MESSAGES[pgError.constraint] : undefined;
  return message ? unprocessable(message) : error;
}

// The body's keys are the columns' keys (docs/decisions/054): a value left out (undefined) is not written; null clears it.
const aseguradoValues = <T extends AseguradoUpdateInput>(input: T) => pick(input, ASEGURADO_WRITE_KEYS);
const terceroValues = <T extends TerceroUpdateInput>(input: T) => pick(input, TERCERO_WRITE_KEYS);

/** Two amounts as the API carries them ('1500', '1500.00', null) are the same amount. */
const sameAmount = (a: string | null | undefined, b: string | null) => (a === null || a === undefined || b === null ? a === b : Number(a) === Number(b));
/** The case fields a person edits. */
const casoEditValues = (input: CasoUpdateInput): Partial<CasoValues> => pick(input, CASO_EDIT_KEYS);

/**
 * Creating and editing cases (spec §2 creation and detail; §7 Cases): the case, its insured party
 * and third parties, analyst assignment and flags. Every multi-table write runs in one
 * transaction with its history row.
 */
const asignacionHistory = (elegido: { nombre: string; apellido: string; motivo: 'regla' | 'reparto' }) =>
  (elegido.motivo === 'regla' ? ASIGNACION_MESSAGES.history.porRegla : ASIGNACION_MESSAGES.history.porReparto)(`${elegido.apellido}, ${elegido.nombre}`);

/**
 * Who owns a case (docs/decisions/083), wired in app.ts: the analyst the routing gives a new case
 * without one, and the open tasks that follow a case to its new analyst.
 */
export type CasoOwnership = {
  elegirAnalista(tx: DbOrTx, caso: { id_compania: number; id_producto: number | null }): Promise<{ id: number; nombre: string; apellido: string; motivo: 'regla' | 'reparto' } | null>;
  moverTareas(tx: DbOrTx, idCaso: number, deAnalista: number | null, aAnalista: number | null, usuario: string): Promise<number>;
};

/** The analyst a person gives one case or many (bulk, docs/decisions/097): one that exists (else 422). */
export async function analistaElegido(tx: DbOrTx, idAnalista: number) {
  const analista = await repo.findAnalista(tx, idAnalista);
  if (!analista) throw unprocessable(CASO_MESSAGES.analistaNotFound);
  return analista;
}

export const analistaHistory = (analista: { apellido: string; nombre: string }) => CASO_MESSAGES.history.analistaAssigned(analista.apellido, analista.nombre);

/** Flag number `nro` (spec §3 numbering), for the toggle and the bulk set or clear. */
export function flagOf(nro: number) {
  const flag = FLAGS[nro - 1];
  if (!flag) throw badRequest('Etiqueta invalida');
  return flag;
}

export function createCasosEditService(deps: { db: Db; historial: HistoryWriter; today?: () => string; ownership?: CasoOwnership }) {
  const { db, historial, ownership } = deps;
  const today = deps.today ?? (() => todayIso());

  async function lockOrThrow(tx: DbOrTx, id: number): Promise<CasoLock> {
    const caso = await repo.lock(tx, id);
    if (!caso) throw notFound(CASO_MESSAGES.notFound);
    return caso;
  }

  /** Runs an edit of an existing case in one transaction (audited as `usuario`), broken references answered with 422. */
  async function editCaso<T>(id: number, usuario: string, change: (tx: DbOrTx, caso: CasoLock) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(async (tx) => {
        await setAuditActor(tx, usuario);
        return change(tx, await lockOrThrow(tx, id));
      });
    } catch (error) {
      throw asReferenceError(error);
    }
  }

  /** Rebuilds the search columns from what the case and its people hold now (docs/decisions/002, 072). */
  async function refreshBusqueda(tx: DbOrTx, id: number) {
    const source = await repo.searchSource(tx, id);
    if (source) await repo.updateCaso(tx, id, casoSearchColumns(source));
  }

  async function applyCaso(tx: DbOrTx, caso: CasoLock, input: CasoUpdateInput, usuario: string): Promise<number> {
    if (!isCurrentVersion(input.version, caso.version)) throw conflict(CASO_MESSAGES.stale.caso);
    // The agreed amount comes back as read: only the acceptance and its correction write it (decision 074).
    if (input.valor_acordado !== undefined && !sameAmount(input.valor_acordado, caso.valor_acordado)) throw conflict(CASO_MESSAGES.acordadoNotEditable);
    const values = casoEditValues(input);
    if (input.id_analista !== undefined && input.id_analista !== caso.id_analista) {
      await analistaChange(tx, caso, input.id_analista, usuario, input.mover_tareas === true);
      values.id_analista = input.id_analista;
    }
    await repo.saveCaso(tx, caso.id, values);
    return completeDocumentation(tx, caso, input.completa_doc === true, usuario);
  }

  /**
   * What goes with a new analyst (it exists, its history row, the tasks that follow it); the caller
   * writes `id_analista` with `saveCaso`, so a form read before the change is stale (docs/decisions/074).
   */
  async function analistaChange(tx: DbOrTx, caso: CasoLock, idAnalista: number | null, usuario: string, moverTareas: boolean) {
    const analista = idAnalista === null ? null : await analistaElegido(tx, idAnalista);
    if (moverTareas) await ownership?.moverTareas(tx, caso.id, caso.id_analista, idAnalista, usuario);
    await historial.add(tx, caso.id, usuario, analista ? analistaHistory(analista) : CASO_MESSAGES.history.analistaRemoved);
  }

  /** decision 000: at status 1, saving with completa_doc (and documents uploaded) advances to 2. */
  async function completeDocumentation(tx: DbOrTx, caso: CasoLock, isComplete: boolean, usuario: string): Promise<number> {
    if (!isComplete || caso.id_estado !== ESTADO.INICIAL) return caso.id_estado;
    if ((await repo.countDocumentos(tx, caso.id)) === 0) return caso.id_estado;
    await repo.updateCaso(tx, caso.id, { id_estado: ESTADO.INSPECCION, fecha_estado: today() });
    await historial.add(tx, caso.id, usuario, CICLO_MESSAGES.history.completaDoc);
    return ESTADO.INSPECCION;
  }

  async function applyAsegurado(tx: DbOrTx, caso: CasoLock, input: AseguradoUpdateInput) {
    if (!(await repo.saveAsegurado(tx, caso.id_asegurado, aseguradoValues(input), input.version))) throw conflict(CASO_MESSAGES.stale.asegurado);
  }

  /** Existing third parties (by id, of this case) are updated; new ones are added after them, up to 5. */
  async function applyTerceros(tx: DbOrTx, caso: CasoLock, input: readonly TerceroUpdateInput[]) {
    const existing = await repo.tercerosOrden(tx, caso.id);
    const existingIds = new Set(existing.map((tercero) => tercero.id));
    const added = input.filter((tercero) => !tercero.id);
    if (existing.length + added.length > MAX_TERCEROS) throw badRequest(CASO_MESSAGES.tooManyTerceros);
    for (const tercero of input) {
      if (!tercero.id) continue;
      if (!existingIds.has(tercero.id)) throw notFound(CASO_MESSAGES.terceroNotFound);
      if (!(await repo.saveTercero(tx, caso.id, tercero.id, terceroValues(tercero), tercero.version))) throw conflict(CASO_MESSAGES.stale.tercero);
    }
    const lastOrden = existing.reduce((highest, tercero) => Math.max(highest, tercero.orden), 0);
    await repo.insertTerceros(
      tx,
      caso.id,
      // A new third party passed the creation's rules whole (terceroUpdateSchema).
      added.map((tercero, index) => ({ ...terceroValues(tercero as TerceroInput), orden: lastOrden + index + 1 })),
    );
  }

  return {
    async assertExists(id: number) {
      if (!(await repo.exists(db, id))) throw notFound(CASO_MESSAGES.notFound);
    },

    /**
     * POST /casos/alta: insured party, case (status 1, today, the session user), third parties in
     * order and the 'Alta caso' history row, all or nothing. A repeated Idempotency-Key returns
     * the case the first request created. Possible duplicates are answered instead, unless the
     * request confirms them (then a history row names them; docs/decisions/080).
     */
    async create(input: AltaInput, usuario: string, idempotencyKey?: string): Promise<AltaResult> {
      // Before the key: a retry whose first try committed meanwhile gets its case, not itself as a duplicate.
      const duplicados = await findDuplicados(db, input);
      if (idempotencyKey) {
        const existing = await repo.findIdByIdempotencyKey(db, idempotencyKey);
        if (existing) return { id: existing, isNew: false };
      }
      const { caso, asegurado, terceros } = input;
      if (terceros.length > MAX_TERCEROS) throw badRequest(CASO_MESSAGES.tooManyTerceros);
      if (duplicados.length > 0 && !input.confirmar_duplicado) return { duplicados };
      try {
        return await db.transaction(async (tx) => {
          const idAsegurado = await repo.insertAsegurado(tx, aseguradoValues(asegurado));
          // A new case's analyst comes from the routing's rules and distribution (docs/decisions/083).
          const elegido = await ownership?.elegirAnalista(tx, { id_compania: caso.id_compania, id_producto: caso.id_producto ?? null });
          const id = await repo.insertCaso(tx, {
            ...pick(caso, CASO_ALTA_KEYS),
            ...(elegido ? { id_analista: elegido.id } : {}),
            fecha_creado: today(),
            usuario,
            id_estado: ESTADO.INICIAL,
            fecha_estado: today(),
            id_asegurado: idAsegurado,
            idempotency_key: idempotencyKey ?? null,
            ...casoSearchColumns({ reclamo_nro: caso.reclamo_nro, asegurado, terceros }),
          });
          await repo.insertTerceros(
            tx,
            id,
            terceros.map((tercero, index) => ({ ...terceroValues(tercero), orden: index + 1 })),
          );
          await historial.add(tx, id, usuario, CASO_MESSAGES.alta);
          if (elegido) await historial.add(tx, id, usuario, asignacionHistory(elegido));
          if (duplicados.length > 0) await historial.add(tx, id, usuario, duplicadosHistory(duplicados));
          return { id, isNew: true };
        });
      } catch (error) {
        if (idempotencyKey && isUniqueViolation(error, 'casos_idempotency_uq')) {
          // A concurrent request with the same key committed first: answer with its case.
          const existing = await repo.findIdByIdempotencyKey(db, idempotencyKey);
          if (existing) return { id: existing, isNew: false };
        }
        throw asReferenceError(error);
      }
    },

    /** GET /casos/ultimo (spec §7): the id of the last case. */
    async lastId(): Promise<{ id: number | null }> {
      return { id: await repo.lastId(db) };
    },

    /** PATCH /casos/{id}: case, insured party and third parties in ONE transaction (decision 000). */
    async update(id: number, input: { caso: CasoUpdateInput; asegurados: AseguradoUpdateInput; terceros: TerceroUpdateInput[] }, usuario: string) {
      return editCaso(id, usuario, async (tx, caso) => {
        const idEstado = await applyCaso(tx, caso, input.caso, usuario);
        await applyAsegurado(tx, caso, input.asegurados);
        await applyTerceros(tx, caso, input.terceros);
        await refreshBusqueda(tx, id);
        return { id_estado: idEstado };
      });
    },

    /** PATCH /casos/t/{id} (spec §7): only the case fields. */
    async updateCaso(id: number, input: CasoUpdateInput, usuario: string) {
      return editCaso(id, usuario, async (tx, caso) => {
        const idEstado = await applyCaso(tx, caso, input, usuario);
        await refreshBusqueda(tx, id);
        return { id_estado: idEstado };
      });
    },

    /** PATCH /asegurados/t/{case id} (spec §7): the case's insured party. */
    async updateAsegurado(id: number, input: AseguradoUpdateInput, usuario: string) {
      return editCaso(id, usuario, async (tx, caso) => {
        await applyAsegurado(tx, caso, input);
        await refreshBusqueda(tx, id);
        return { id_estado: caso.id_estado };
      });
    },

    /** PATCH /terceros/t/{case id} (spec §7): the case's third parties. */
    async updateTerceros(id: number, input: TerceroUpdateInput[], usuario: string) {
      return editCaso(id, usuario, async (tx, caso) => {
        await applyTerceros(tx, caso, input);
        await refreshBusqueda(tx, id);
        return { id_estado: caso.id_estado };
      });
    },

    /** PATCH /casos/caso_ana/{id}: the analyst and its history row together. */
    async assignAnalista(id: number, input: AsignarAnalistaInput, usuario: string) {
      const { id_analista: idAnalista, id_analista_visto: visto } = input;
      await editCaso(id, usuario, async (tx, caso) => {
        if (caso.id_analista === idAnalista) return;
        if (visto !== undefined && caso.id_analista !== visto) throw conflict(CASO_MESSAGES.analistaCambiado);
        await analistaChange(tx, caso, idAnalista, usuario, input.mover_tareas === true);
        await repo.saveCaso(tx, id, { id_analista: idAnalista });
      });
    },

    async flags(id: number): Promise<Flags> {
      const flags = await repo.flags(db, id);
      if (!flags) throw notFound(CASO_MESSAGES.notFound);
      return flags;
    },

    /** PATCH /casos/flag/{id}: flips flag number `nro` (spec §3 numbering) and returns all 17. */
    async toggleFlag(id: number, nro: number, usuario: string): Promise<Flags> {
      const flag = flagOf(nro);
      const flags = await db.transaction(async (tx) => {
        await setAuditActor(tx, usuario);
        return repo.toggleFlag(tx, id, flag.key);
      });
      if (!flags) throw notFound(CASO_MESSAGES.notFound);
      return flags;
    },
  };
}
