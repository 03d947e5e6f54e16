import type { Readable } from 'node:stream';
import {
  CASO_MESSAGES,
  CICLO_MESSAGES,
  COND_CASOS,
  COUNT_CAP,
  ESTADO,
  FLAGS,
  INSPECCION_ESTADOS,
  MAX_TERCEROS,
  casoSearchText,
  todayIso,
  type AltaInput,
  type AseguradoInput,
  type CappedPagingQuery,
  type CasoDetalle,
  type CasoFiltro,
  type CasoListRow,
  type CasoUpdateInput,
  type Flags,
  type PagingQuery,
  type TerceroInput,
} from '@siniestros/domain';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, notFound, unprocessable } from '../../shared/errors';
import { pageOffset, totalPages } from '../../shared/paging';
import { setAuditActor } from '../audit/audit.service';
import { loadCaseLookups, type CaseLookups, type ReferenceService } from '../reference/reference.service';
import type { HistoryWriter } from './casos.lifecycle.service';
import { streamCasosXlsx } from './casos.export';
import { casosListRepository as listRepo, filterWhere, type CasoExportRowIds } from './casos.list.repository';
import { caseListNames, type NameIds } from './casos.names';
import { casosRepository as repo, pgErrorOf, type Contadores, type AseguradoValues, type CasoLock, type CasoValues, type TerceroValues } from './casos.repository';
import { casoPersonas } from './casos.personas';

export type CasosService = ReturnType<typeof createCasosService>;

/** Rows read from the database per export batch: memory stays flat however many cases match (docs/decisions/009). */
export const EXPORT_BATCH_SIZE = 100;

/** A reference that does not exist, found by the foreign key it broke (spec §7: 422 with the server's message). */
const REFERENCE_MESSAGES: Readonly<Record<string, string>> = {
  casos_id_compania_companias_id_fk: CASO_MESSAGES.companiaNotFound,
  casos_id_producto_productos_id_fk: CASO_MESSAGES.productoNotFound,
  casos_id_analista_analistas_id_fk: CASO_MESSAGES.analistaNotFound,
  asegurados_id_tipo_doc_tipos_doc_id_fk: CASO_MESSAGES.tipoDocNotFound,
  terceros_id_tipo_doc_tipos_doc_id_fk: CASO_MESSAGES.tipoDocNotFound,
};
const FOREIGN_KEY_VIOLATION = '23503';
const UNIQUE_VIOLATION = '23505';

function asReferenceError(error: unknown): unknown {
  const pgError = pgErrorOf(error);
  const message = pgError?.code === FOREIGN_KEY_VIOLATION ? REFERENCE_MESSAGES[pgError.constraint] : undefined;
  return message ? unprocessable(message) : error;
}

// Optional numbers the body leaves out (undefined) are not written; null clears them.
/** The columns the insured party and a third party share (spec §3: Tercero is Asegurado without some). */
function personaValues(input: AseguradoInput | TerceroInput) {
  return {
    apellido: input.apellido,
    nombre: input.nombre,
    idTipoDoc: input.id_tipo_doc,
    nroDoc: input.nro_doc,
    cuit: input.cuit,
    domicilio: input.domicilio,
    codigoPostal: input.codigo_postal,
    fijo: input.fijo,
    cel: input.cel,
    cbu: input.cbu,
    marcaModelo: input.marca_modelo,
    anio: input.anio,
    dominio: input.dominio,
    mail: input.mail,
    detalle: input.detalle,
  };
}

function aseguradoValues(input: AseguradoInput): AseguradoValues {
  return {
    ...personaValues(input),
    poliza: input.poliza,
    nroChasis: input.nro_chasis,
    nroMotor: input.nro_motor,
    sumaAsegurada: input.suma_asegurada,
    accesorios: input.accesorios,
    otros: input.otros,
  };
}

function terceroValues(input: TerceroInput): TerceroValues {
  return {
    ...personaValues(input),
    idLetrado: input.id_letrado,
  };
}

/** The case fields a person edits; what the body leaves out (undefined) stays as it is. */
function casoEditValues(input: CasoUpdateInput): Partial<CasoValues> {
  return {
    idCompania: input.id_compania,
    reclamoNro: input.reclamo_nro,
    gestor: input.gestor,
    fechaSiniestro: input.fecha_siniestro,
    horaSiniestro: input.hora_siniestro,
    fechaDenuncia: input.fecha_denuncia,
    lugarSiniestro: input.lugar_siniestro,
    declaracionAsegurado: input.declaracion_asegurado,
    idProducto: input.id_producto,
    viaIngreso: input.via_ingreso,
    completaDoc: input.completa_doc,
    presupuesto: input.presupuesto,
    cotizacion: input.cotizacion,
    valorAcordado: input.valor_acordado,
    ampliacion: input.ampliacion,
  };
}

/** The filter is only the case condition (or nothing): its total is a counter, not a count. */
function isCounterOnly(filtro: CasoFiltro): boolean {
  return Object.entries(filtro).every(([key, value]) => key === 'condCasos' || key === 'formato' || value === '' || value === undefined || value === null);
}

/** GET /casos's body around its cases, already JSON text. */
function listJson(casesJson: string, contadores: Contadores, lookups: CaseLookups, pageSize: number): string {
  const rest = JSON.stringify({
    totalPages: totalPages(contadores.vigentes + contadores.cerrados, pageSize),
    totalCount: contadores.vigentes,
    totalCloseCount: contadores.cerrados,
    analistas: lookups.analistas,
    estados: lookups.estados,
    productos: lookups.productos,
    companias: lookups.companias,
  });
  return `{"cases":${casesJson},${rest.slice(1)}`;
}

/**
 * Cases (spec §2 list, creation and detail; §7 Cases): creation, the list and its filters, the
 * detail and its edits, analyst assignment, flags and the export. Every multi-table write runs
 * in one transaction with its history row.
 */
export function createCasosService(deps: { db: Db; historial: HistoryWriter; today?: () => string; reference?: Pick<ReferenceService, 'caseLookups' | 'dropCaseLookups'> }) {
  const { db, historial } = deps;
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

  /** Rebuilds `busqueda` from what the case and its people hold now (docs/decisions/002). */
  async function refreshBusqueda(tx: DbOrTx, id: number) {
    const source = await repo.searchSource(tx, id);
    if (source) await repo.updateCaso(tx, id, { busqueda: casoSearchText(source) });
  }

  async function applyCaso(tx: DbOrTx, caso: CasoLock, input: CasoUpdateInput, usuario: string): Promise<number> {
    await repo.updateCaso(tx, caso.id, casoEditValues(input));
    if (input.id_analista !== undefined && input.id_analista !== caso.idAnalista) await assignAnalista(tx, caso.id, input.id_analista, usuario);
    return completeDocumentation(tx, caso, input.completa_doc === true, usuario);
  }

  async function assignAnalista(tx: DbOrTx, idCaso: number, idAnalista: number | null, usuario: string) {
    if (idAnalista === null) {
      await repo.updateCaso(tx, idCaso, { idAnalista: null });
      await historial.add(tx, idCaso, usuario, CASO_MESSAGES.history.analistaRemoved);
      return;
    }
    const analista = await repo.findAnalista(tx, idAnalista);
    if (!analista) throw unprocessable(CASO_MESSAGES.analistaNotFound);
    await repo.updateCaso(tx, idCaso, { idAnalista });
    await historial.add(tx, idCaso, usuario, CASO_MESSAGES.history.analistaAssigned(analista.apellido, analista.nombre));
  }

  /** decision 000: at status 1, saving with completa_doc (and documents uploaded) advances to 2. */
  async function completeDocumentation(tx: DbOrTx, caso: CasoLock, isComplete: boolean, usuario: string): Promise<number> {
    if (!isComplete || caso.idEstado !== ESTADO.INICIAL) return caso.idEstado;
    if ((await repo.countDocumentos(tx, caso.id)) === 0) return caso.idEstado;
    await repo.updateCaso(tx, caso.id, { idEstado: ESTADO.INSPECCION, fechaEstado: today() });
    await historial.add(tx, caso.id, usuario, CICLO_MESSAGES.history.completaDoc);
    return ESTADO.INSPECCION;
  }

  async function applyAsegurado(tx: DbOrTx, caso: CasoLock, input: AseguradoInput) {
    await repo.updateAsegurado(tx, caso.idAsegurado, aseguradoValues(input));
  }

  /** Existing third parties (by id, of this case) are updated; new ones are added after them, up to 5. */
  async function applyTerceros(tx: DbOrTx, caso: CasoLock, input: readonly TerceroInput[]) {
    const existing = await repo.tercerosOrden(tx, caso.id);
    const existingIds = new Set(existing.map((tercero) => tercero.id));
    const added = input.filter((tercero) => !tercero.id);
    if (existing.length + added.length > MAX_TERCEROS) throw badRequest(CASO_MESSAGES.tooManyTerceros);
    for (const tercero of input) {
      if (!tercero.id) continue;
      if (!existingIds.has(tercero.id)) throw notFound(CASO_MESSAGES.terceroNotFound);
      await repo.updateTercero(tx, caso.id, tercero.id, terceroValues(tercero));
    }
    const lastOrden = existing.reduce((highest, tercero) => Math.max(highest, tercero.orden), 0);
    await repo.insertTerceros(
      tx,
      caso.id,
      added.map((tercero, index) => ({ ...terceroValues(tercero), orden: lastOrden + index + 1 })),
    );
  }

  /**
   * The total of a filter; a filter that is only the case condition reads the counters (exact and
   * cheap). Any other filter counts at most COUNT_CAP + 1 matches unless `exact` (docs/decisions/003).
   */
  async function countMatches(filtro: CasoFiltro, exact: boolean): Promise<{ total: number; capped: boolean }> {
    if (!isCounterOnly(filtro)) {
      if (exact) return { total: await listRepo.count(db, filterWhere(filtro)), capped: false };
      const total = await listRepo.count(db, filterWhere(filtro), COUNT_CAP + 1);
      return total > COUNT_CAP ? { total: COUNT_CAP, capped: true } : { total, capped: false };
    }
    const { vigentes, cerrados } = await repo.contadores(db);
    if (filtro.condCasos === COND_CASOS.VIGENTES) return { total: vigentes, capped: false };
    if (filtro.condCasos === COND_CASOS.CERRADOS) return { total: cerrados, capped: false };
    return { total: vigentes + cerrados, capped: false };
  }

  /** From the reference service's in-memory cache when there is one (app.ts wires it). */
  function caseLookups(): Promise<CaseLookups> {
    return deps.reference ? deps.reference.caseLookups() : loadCaseLookups(db);
  }

  /** The lookups that name these rows: an id they lack (added by another server process) reloads them once. */
  async function namesFor(rows: readonly NameIds[]) {
    let lookups = await caseLookups();
    if (deps.reference && !rows.every(caseListNames(lookups).covers)) {
      deps.reference.dropCaseLookups();
      lookups = await caseLookups();
    }
    return { lookups, names: caseListNames(lookups) };
  }

  return {
    async assertExists(id: number) {
      if (!(await repo.exists(db, id))) throw notFound(CASO_MESSAGES.notFound);
    },

    /** GET /casos/{id}: the case with its people, lawyer, injured, hearings, inspections and the lookups of its form. */
    async getDetail(id: number): Promise<CasoDetalle> {
      const caso = await repo.detailCaso(db, id);
      if (!caso) throw notFound(CASO_MESSAGES.notFound);
      const [asegurado, terceros, letrado, lesionados, audiencias, inspecciones, lookups, inspectores] = await Promise.all([
        casoPersonas.asegurado(db, caso.id_asegurado),
        casoPersonas.terceros(db, id),
        repo.detailLetrado(db, id),
        repo.detailLesionados(db, id),
        repo.detailAudiencias(db, id),
        repo.detailInspecciones(db, id),
        caseLookups(),
        repo.inspectores(db),
      ]);
      const { productos, companias, analistas, tiposDoc: tDoc, responsabilidades: responsabilidad } = lookups;
      if (!asegurado) throw notFound(CASO_MESSAGES.notFound);
      const terceroAt = (orden: number) => terceros.find((tercero) => tercero.orden === orden)?.id ?? null;
      const latest = inspecciones.at(-1);
      const latestFinalizada = inspecciones.filter((inspeccion) => inspeccion.estado === INSPECCION_ESTADOS.FINALIZADA).at(-1);
      return {
        caso: {
          ...caso,
          estado: caso.nombre_estado,
          id_tercero: terceroAt(1),
          id_tercero2: terceroAt(2),
          id_tercero3: terceroAt(3),
          id_tercero4: terceroAt(4),
          id_tercero5: terceroAt(5),
          id_inspeccion: latest?.id ?? null,
          resultado: latestFinalizada?.resultado ?? null,
          monto_inspeccion: latestFinalizada?.monto_inspeccion ?? null,
        },
        productos,
        companias,
        analistas,
        asegurados: asegurado,
        terceros,
        tDoc,
        responsabilidad,
        letrado,
        lesionados,
        audiencias,
        inspecciones,
        inspectores,
      };
    },

    /**
     * POST /casos/alta: insured party, case (status 1, today, the session user), third parties in
     * order and the 'Alta caso' history row, all or nothing. A repeated Idempotency-Key returns
     * the case the first request created.
     */
    async create(input: AltaInput, usuario: string, idempotencyKey?: string): Promise<{ id: number; isNew: boolean }> {
      if (idempotencyKey) {
        const existing = await repo.findIdByIdempotencyKey(db, idempotencyKey);
        if (existing) return { id: existing, isNew: false };
      }
      const { caso, asegurado, terceros } = input;
      if (terceros.length > MAX_TERCEROS) throw badRequest(CASO_MESSAGES.tooManyTerceros);
      try {
        return await db.transaction(async (tx) => {
          const idAsegurado = await repo.insertAsegurado(tx, aseguradoValues(asegurado));
          const id = await repo.insertCaso(tx, {
            idCompania: caso.id_compania,
            reclamoNro: caso.reclamo_nro,
            gestor: caso.gestor,
            fechaCreado: today(),
            fechaSiniestro: caso.fecha_siniestro,
            horaSiniestro: caso.hora_siniestro ?? null,
            fechaDenuncia: caso.fecha_denuncia,
            lugarSiniestro: caso.lugar_siniestro,
            declaracionAsegurado: caso.declaracion_asegurado,
            idProducto: caso.id_producto ?? null,
            viaIngreso: caso.via_ingreso,
            usuario,
            idEstado: ESTADO.INICIAL,
            fechaEstado: today(),
            idAsegurado,
            idempotencyKey: idempotencyKey ?? null,
            busqueda: casoSearchText({ reclamo_nro: caso.reclamo_nro, asegurado, terceros }),
          });
          await repo.insertTerceros(
            tx,
            id,
            terceros.map((tercero, index) => ({ ...terceroValues(tercero), orden: index + 1 })),
          );
          await historial.add(tx, id, usuario, CASO_MESSAGES.alta);
          return { id, isNew: true };
        });
      } catch (error) {
        const pgError = pgErrorOf(error);
        if (idempotencyKey && pgError?.code === UNIQUE_VIOLATION && pgError.constraint === 'casos_idempotency_uq') {
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

    /**
     * GET /casos: newest first, with the Vigentes / Cerrados counters and the filter lookups, as
     * JSON text: page 1 comes from PostgreSQL as JSON already (casos.list.repository.ts).
     */
    async list(paging: PagingQuery): Promise<string> {
      const offset = pageOffset(paging);
      if (offset === 0) {
        const { rows, contadores } = await listRepo.firstPage(db, paging.pageSize);
        const { lookups, names } = await namesFor(rows);
        return listJson(`[${rows.map(names.nameJson).join(',')}]`, contadores, lookups, paging.pageSize);
      }
      // The counters come first: with the total known, deep pages are read from the oldest end.
      const contadores = await repo.contadores(db);
      const rows = await listRepo.page(db, undefined, paging.pageSize, offset, contadores.vigentes + contadores.cerrados);
      const { lookups, names } = await namesFor(rows);
      return listJson(JSON.stringify(rows.map(names.name)), contadores, lookups, paging.pageSize);
    },

    /** POST /casos/filtro: the filtered page; the first row also carries the total (API contract). */
    async filter(filtro: CasoFiltro, paging: CappedPagingQuery) {
      const where = filterWhere(filtro);
      const [rows, count] = await Promise.all([listRepo.page(db, where, paging.pageSize, pageOffset(paging)), countMatches(filtro, paging.exactCount === '1')]);
      const { names } = await namesFor(rows);
      const cases = rows.map(names.name);
      const { total: totalRows, capped } = count;
      const [first, ...rest] = cases;
      return {
        cases: (first ? [{ ...first, totalCount: totalRows }, ...rest] : []) as (CasoListRow & { totalCount?: number })[],
        totalPages: totalPages(totalRows, paging.pageSize),
        totalRows,
        totalCapped: capped,
      };
    },

    /** POST /casos/export: every matching case as an xlsx stream, or null when none matches. */
    async export(filtro: CasoFiltro): Promise<Readable | null> {
      const where = filterWhere(filtro);
      const named = async (rows: CasoExportRowIds[]) => rows.map((await namesFor(rows)).names.name);
      const first = await named(await listRepo.exportBatch(db, where, null, EXPORT_BATCH_SIZE));
      if (first.length === 0) return null;
      return streamCasosXlsx(first, EXPORT_BATCH_SIZE, async (beforeId) => named(await listRepo.exportBatch(db, where, beforeId, EXPORT_BATCH_SIZE)));
    },

    /** PATCH /casos/{id}: case, insured party and third parties in ONE transaction (decision 000). */
    async update(id: number, input: { caso: CasoUpdateInput; asegurados: AseguradoInput; terceros: TerceroInput[] }, usuario: string) {
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
    async updateAsegurado(id: number, input: AseguradoInput, usuario: string) {
      return editCaso(id, usuario, async (tx, caso) => {
        await applyAsegurado(tx, caso, input);
        await refreshBusqueda(tx, id);
        return { id_estado: caso.idEstado };
      });
    },

    /** PATCH /terceros/t/{case id} (spec §7): the case's third parties. */
    async updateTerceros(id: number, input: TerceroInput[], usuario: string) {
      return editCaso(id, usuario, async (tx, caso) => {
        await applyTerceros(tx, caso, input);
        await refreshBusqueda(tx, id);
        return { id_estado: caso.idEstado };
      });
    },

    /** PATCH /casos/caso_ana/{id}: the analyst and its history row together. */
    async assignAnalista(id: number, idAnalista: number, usuario: string) {
      await editCaso(id, usuario, (tx) => assignAnalista(tx, id, idAnalista, usuario));
    },

    async flags(id: number): Promise<Flags> {
      const flags = await repo.flags(db, id);
      if (!flags) throw notFound(CASO_MESSAGES.notFound);
      return flags;
    },

    /** PATCH /casos/flag/{id}: flips flag number `nro` (spec §3 numbering) and returns all 17. */
    async toggleFlag(id: number, nro: number, usuario: string): Promise<Flags> {
      const flag = FLAGS[nro - 1];
      if (!flag) throw badRequest('Etiqueta invalida');
      const flags = await db.transaction(async (tx) => {
        await setAuditActor(tx, usuario);
        return repo.toggleFlag(tx, id, flag.key);
      });
      if (!flags) throw notFound(CASO_MESSAGES.notFound);
      return flags;
    },
  };
}
