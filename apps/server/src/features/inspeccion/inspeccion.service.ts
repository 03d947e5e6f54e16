import type { Readable } from 'node:stream';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import {
  AUTH_MESSAGES,
  CASO_MESSAGES,
  ESTADO,
  INSPECCION_CLOSE_FILE_FIELDS,
  INSPECCION_EARLY_CLOSE_FIELD,
  INSPECCION_CIERRE_CODES,
  INSPECCION_CIERRE_MESSAGES,
  inspeccionCierreClave,
  INSPECCION_ESTADOS,
  INSPECCION_FILE_BASES,
  INSPECCION_FOTOS,
  INSPECCION_MESSAGES,
  ROL,
  SUBIDA_MESSAGES,
  documentFileName,
  formatDate,
  inspeccionCloseSchema,
  todayIso,
  type Asegurado,
  type FotoChecklistItem,
  type FotosPorPagina,
  type InspeccionCierreInput,
  type InspeccionCloseFileField,
  type InspeccionAgendaQuery,
  type InspeccionCloseInput,
  type InspeccionDetalle,
  type InspeccionFiltro,
  type InspeccionInput,
  type PagingQuery,
  type Tercero,
} from '@siniestros/domain';
import type { Db, DbOrTx } from '../../db/client';
import { transactionMarkingCommit } from '../../db/commit-outcome';
import { isCurrentVersion } from '../../db/edit-version';
import { AppError, badRequest, conflict, forbidden, notFound, unprocessable, withCode, type FieldError } from '../../shared/errors';
import { assertNoNulChar } from '../../shared/input';
import { pageOffset, totalPages } from '../../shared/paging';
import { setAuditActor } from '../audit';
import type { HistorialService } from '../historial';
import type { CurrentUser } from '../users';
import { inspeccionRepository as repo, type InspeccionRow } from './inspeccion.repository';
import { asFilePart, fotosDelCierre, informeFotografico, type FotosDocumentos } from './inspeccion.fotos';

export type InspeccionService = ReturnType<typeof createInspeccionService>;

/**
 * What closing an inspection needs of the case's documents (features/documentacion, wired in
 * app.ts): a file streamed into storage under a free name, then its row written inside the
 * close's transaction, or the file discarded. `Upload` is the stored file, opaque here.
 */
export type InspeccionDocumentos<Upload> = FotosDocumentos<Upload> & {
  existingNames(idCaso: number): Promise<Set<string>>;
  /** The rows' ids and final names, in order (a name another upload took meanwhile gets the next free one). */
  recordUploads(tx: DbOrTx, idCaso: number, usuario: string, uploads: Upload[]): Promise<{ id: number; nombre: string }[]>;
  discardUploads(uploads: Upload[], error: unknown): Promise<void>;
};

/** The people of a case as the API shows them (features/casos reads them, wired in app.ts). */
export type InspeccionPersonas = {
  asegurado(db: DbOrTx, idAsegurado: number): Promise<Asegurado | undefined>;
  /** The case's third parties in their order, the first `limit` of them. */
  terceros(db: DbOrTx, idCaso: number, limit: number): Promise<Tercero[]>;
};

/**
 * The Diario's hooks (features/tareas, wired in app.ts): an inspection scheduled or moved gets a
 * follow-up task, closed when the inspection is closed or deleted (docs/decisions/043).
 */
export type InspeccionTareas = {
  inspeccionFijada(tx: DbOrTx, event: { idInspeccion: number; idCaso: number; fecha: string; usuario: string }): Promise<void>;
  inspeccionTerminada(tx: DbOrTx, idInspeccion: number): Promise<void>;
};

/**
 * What the offline close needs of resumable uploads (features/subidas, wired in app.ts,
 * docs/decisions/089): a finished upload taken as a stream, consumed in the close's
 * transaction, removed after it committed.
 */
export type InspeccionSubidas = {
  take(
    user: CurrentUser,
    id: string,
    para: { proposito: 'inspeccion'; id: number },
    opciones?: { extensiones?: readonly string[] },
  ): Promise<{ contenido: Readable; nombre: string }>;
  consume(tx: DbOrTx, user: CurrentUser, ids: readonly string[]): Promise<void>;
  remove(user: CurrentUser, ids: readonly string[]): Promise<void>;
};

/** Who acts: the session's user (an Inspector reaches only what is assigned to their id_inspect). */
export type Actor = Pick<CurrentUser, 'username' | 'rol' | 'idInspect'>;

const isCloseFileField = (name: string): name is InspeccionCloseFileField =>
  (INSPECCION_CLOSE_FILE_FIELDS as readonly string[]).includes(name);

/** Spec §5, inspection close: the form fields, with each failing rule as a field error. */
function parseCloseFields(fields: Record<string, string>): InspeccionCloseInput {
  // Multipart fields skip the global U+0000 guard (shared/input.ts), which sees JSON bodies only.
  assertNoNulChar(fields, 'body');
  const parsed = inspeccionCloseSchema.safeParse({ resultado: fields.resultado, monto_inspeccion: fields.monto_inspeccion });
  if (parsed.success) return parsed.data;
  const errors: FieldError[] = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  throw badRequest(errors[0]!.message, errors);
}

/** The multipart close's optional `clave` (docs/decisions/091): a UUID or nothing. */
function parseClave(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  const parsed = inspeccionCierreClave.safeParse(value);
  if (!parsed.success) throw badRequest(INSPECCION_CIERRE_MESSAGES.clave, [{ path: 'clave', message: INSPECCION_CIERRE_MESSAGES.clave }]);
  return parsed.data;
}

/** A close's refusal as the phone shows it: the offline close's words and `code` (docs/decisions/091). */
function codedRefusal(error: unknown): unknown {
  if (!(error instanceof AppError) || error.publicCode) return error;
  const C = INSPECCION_CIERRE_CODES;
  const M = INSPECCION_CIERRE_MESSAGES;
  if (error.statusCode === 404 && error.message === INSPECCION_MESSAGES.notFound) return withCode(error, C.noExiste, M.noExiste);
  if (error.statusCode === 403) return withCode(error, C.reasignada, M.reasignada);
  if (error.message === INSPECCION_MESSAGES.alreadyClosed) return withCode(error, C.finalizada, M.finalizada);
  if (error.message === INSPECCION_MESSAGES.casoNotWaiting) return withCode(error, C.casoCambiado, M.casoCambiado);
  if (error.errors?.[0]?.path === INSPECCION_EARLY_CLOSE_FIELD) return withCode(error, C.antesDeFecha);
  return error;
}

/** An upload's refusal (features/subidas take) with the file's role: 'Cotizacion: Este archivo ya fue usado...'. */
function refusalOfUpload(error: AppError, rol: string, path: string): AppError {
  const C = INSPECCION_CIERRE_CODES;
  const code =
    error.statusCode === 404
      ? C.subidaNoEncontrada
      : error.statusCode === 409
        ? error.message === SUBIDA_MESSAGES.yaUsada
          ? C.subidaUsada
          : C.subidaSinTerminar
        : error.statusCode === 422
          ? C.subidaOtroDestino
          : error.statusCode === 415
            ? C.subidaTipo
            : null;
  if (!code) return error;
  const message = INSPECCION_CIERRE_MESSAGES.archivo(rol, error.message);
  return withCode(error, code, message, [{ path, message }]);
}

/**
 * Field inspections (spec §2 inspection screens, §4 inspection states, §7 Inspections).
 * Staff schedule, edit, reassign and delete them; an Inspector sees and closes only the ones
 * assigned to their inspector record (docs/security.md, object-level checks).
 */
export function createInspeccionService<Upload>(deps: {
  db: Db;
  historial: HistorialService;
  documentacion: InspeccionDocumentos<Upload>;
  personas: InspeccionPersonas;
  tareas?: InspeccionTareas;
  /** The photo checklist as it is now (features/reference, wired in app.ts); none: every photo is an extra. */
  fotoChecklist?: () => Promise<FotoChecklistItem[]>;
  /** Resumable uploads for the offline close (lazy: features/subidas checks its destinations through this service). */
  subidas?: () => InspeccionSubidas;
  /** The office's name on the Informe fotográfico. */
  orgName?: string;
  today?: () => string;
}) {
  const { db, historial, documentacion, personas } = deps;
  const today = deps.today ?? (() => todayIso());
  const orgName = deps.orgName ?? '';

  const isInspector = (actor: Actor) => actor.rol === ROL.INSPECTOR;

  /** 404 when missing, 403 when an Inspector asks for an inspection assigned to someone else. */
  async function reachable(id: number, actor: Actor): Promise<InspeccionRow> {
    const inspeccion = await repo.findById(db, id);
    if (!inspeccion) throw notFound(INSPECCION_MESSAGES.notFound);
    if (isInspector(actor) && inspeccion.id_inspector !== actor.idInspect) throw forbidden(AUTH_MESSAGES.forbidden);
    return inspeccion;
  }

  /** The inspection screens' data (spec §3, inspection detail response), the Informe fotográfico's header too. */
  async function detalleDe(inspeccion: InspeccionRow): Promise<InspeccionDetalle> {
    const caso = await repo.detailCaso(db, inspeccion.id_caso);
    if (!caso) throw notFound(CASO_MESSAGES.notFound);
    const { id_asegurado, ...casoData } = caso;
    const [asegurado, [tercero]] = await Promise.all([personas.asegurado(db, id_asegurado), personas.terceros(db, inspeccion.id_caso, 1)]);
    return { caso: casoData, tercero: tercero ?? null, asegurado: asegurado!, inspeccion };
  }

  async function assertInspector(tx: DbOrTx, idInspector: number) {
    if (!(await repo.inspectorExists(tx, idInspector))) throw unprocessable(INSPECCION_MESSAGES.inspectorNotFound);
  }

  /** A change to one inspection: its row locked, the change and its history row in one transaction. */
  async function change(
    id: number,
    usuario: string,
    msg: string,
    apply: (locked: { idCaso: number; estado: string; version: number }, tx: DbOrTx) => Promise<void>,
  ) {
    await db.transaction(async (tx) => {
      const locked = await repo.lockById(tx, id);
      if (!locked) throw notFound(INSPECCION_MESSAGES.notFound);
      await apply(locked, tx);
      await historial.add(tx, locked.idCaso, usuario, msg);
    });
  }

  return {
    /** POST /inspeccion/{id_caso}: only a case in Coordinar Inspección without a pending inspection (spec §4, status 2). */
    async schedule(idCaso: number, input: InspeccionInput, usuario: string): Promise<InspeccionRow> {
      const id = await db.transaction(async (tx) => {
        const caso = await repo.lockCaso(tx, idCaso);
        if (!caso) throw notFound(CASO_MESSAGES.notFound);
        if (caso.idEstado !== ESTADO.INSPECCION) throw conflict(INSPECCION_MESSAGES.casoNotCoordinating);
        await assertInspector(tx, input.id_inspector);
        if ((await repo.countPending(tx, idCaso)) > 0) throw conflict(INSPECCION_MESSAGES.casoHasPending);
        const inserted = await repo.insert(tx, {
          id_caso: idCaso,
          id_inspector: input.id_inspector,
          fecha_inspeccion: input.fecha_inspeccion,
          hora_inspeccion: input.hora_inspeccion ?? null,
          direccion: input.direccion,
          detalle: input.detalle,
          estado: INSPECCION_ESTADOS.COORDINADA,
        });
        await historial.add(tx, idCaso, usuario, INSPECCION_MESSAGES.scheduled);
        await deps.tareas?.inspeccionFijada(tx, { idInspeccion: inserted, idCaso, fecha: input.fecha_inspeccion, usuario });
        return inserted;
      });
      return (await repo.findById(db, id))!;
    },

    /** PATCH /inspeccion/edit/{id}: new data, back to Coordinada (spec §4); a Finalizada one stays as it is. */
    async edit(id: number, input: InspeccionInput, usuario: string): Promise<InspeccionRow> {
      await change(id, usuario, INSPECCION_MESSAGES.edited, async (locked, tx) => {
        if (locked.estado === INSPECCION_ESTADOS.FINALIZADA) throw conflict(INSPECCION_MESSAGES.cannotEdit);
        if (!isCurrentVersion(input.version, locked.version)) throw conflict(INSPECCION_MESSAGES.stale);
        await assertInspector(tx, input.id_inspector);
        await repo.update(tx, id, {
          id_inspector: input.id_inspector,
          fecha_inspeccion: input.fecha_inspeccion,
          // Left out of the body: the hour stays as stored (decision 074); null or '' clears it.
          hora_inspeccion: input.hora_inspeccion,
          direccion: input.direccion,
          detalle: input.detalle,
          estado: INSPECCION_ESTADOS.COORDINADA,
        });
        await deps.tareas?.inspeccionFijada(tx, { idInspeccion: id, idCaso: locked.idCaso, fecha: input.fecha_inspeccion, usuario });
      });
      return (await repo.findById(db, id))!;
    },

    /** DELETE /inspeccion/{id} (decision 000): a Finalizada inspection is the case's record and stays. */
    async remove(id: number, usuario: string): Promise<void> {
      await change(id, usuario, INSPECCION_MESSAGES.deletedHistory, async (locked, tx) => {
        if (locked.estado === INSPECCION_ESTADOS.FINALIZADA) throw conflict(INSPECCION_MESSAGES.cannotDelete);
        await deps.tareas?.inspeccionTerminada(tx, id);
        await repo.delete(tx, id);
      });
    },

    /** PATCH /inspeccion/update_inspector/{id}: only a Coordinada inspection changes inspector (spec §4). */
    async reassign(id: number, idInspector: number, usuario: string): Promise<InspeccionRow> {
      await change(id, usuario, INSPECCION_MESSAGES.inspectorChanged, async (locked, tx) => {
        if (locked.estado !== INSPECCION_ESTADOS.COORDINADA) throw conflict(INSPECCION_MESSAGES.notCoordinada);
        await assertInspector(tx, idInspector);
        await repo.update(tx, id, { id_inspector: idInspector });
      });
      return (await repo.findById(db, id))!;
    },

    async page(paging: PagingQuery, filtro: InspeccionFiltro | null = null) {
      const { rows, total } = await repo.page(db, filtro, paging.pageSize, pageOffset(paging));
      return { rows, totalPages: totalPages(total, paging.pageSize), totalCount: total };
    },

    /** GET /inspeccion/i/{id_inspect}: an Inspector reads only their own list. */
    async byInspector(idInspector: number, actor: Actor, paging: PagingQuery) {
      if (!(await repo.inspectorExists(db, idInspector))) throw notFound(INSPECCION_MESSAGES.inspectorNotFound);
      if (isInspector(actor) && actor.idInspect !== idInspector) throw forbidden(AUTH_MESSAGES.forbidden);
      const { rows, total } = await repo.pageByInspector(db, idInspector, paging.pageSize, pageOffset(paging));
      return { data: rows, totalPages: totalPages(total, paging.pageSize), totalCount: total };
    },

    /**
     * GET /inspeccion/agenda (docs/decisions/086): the signed-in user's own visits, by their session's
     * id_inspect and never an id the client sends; a user without one is told so (409).
     */
    async agenda(actor: Actor, query: InspeccionAgendaQuery) {
      if (!actor.idInspect) throw conflict(INSPECCION_MESSAGES.notLinked);
      const { rows, total } = await repo.agenda(db, actor.idInspect, query.vista, query.pageSize, pageOffset(query));
      return { data: rows, totalPages: totalPages(total, query.pageSize), totalCount: total };
    },

    /** GET /inspeccion/{id} and /inspeccion/d/{id} (spec §3, inspection detail response). */
    detail: async (id: number, actor: Actor): Promise<InspeccionDetalle> => detalleDe(await reachable(id, actor)),

    /** GET /inspeccion/{id}/informe-fotografico (issue 43 item 6): staff, and the inspector it is assigned to. */
    async informeFotografico(id: number, actor: Actor, porPagina: FotosPorPagina): Promise<Buffer> {
      return informeFotografico({ db, documentos: documentacion, orgName }, await detalleDe(await reachable(id, actor)), porPagina);
    },

    /**
     * PATCH /inspeccion/d/{id} (spec §4): the Inspector's result, amount and two documents, and
     * the checklist's photos (issue 43 item 4, docs/decisions/087), as multipart parts; an optional
     * `clave` field is kept as the offline close's is (docs/decisions/091). See `cerrar`.
     */
    async close(id: number, actor: Actor, parts: AsyncIterable<Multipart> | null): Promise<InspeccionRow> {
      return (
        await cerrar(id, actor, null, async ({ guardar, fotos, taken }) => {
          if (!parts) throw badRequest(INSPECCION_MESSAGES.filesRequired);
          const fields: Record<string, string> = {};
          for await (const part of parts) {
            if (part.type === 'field') {
              if (part.fieldname === INSPECCION_FOTOS.campoMeta && typeof part.value === 'string') fotos.meta(part.value);
              else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
              continue;
            }
            if (part.fieldname === INSPECCION_FOTOS.campoFoto) {
              await fotos.foto(part, taken);
              continue;
            }
            // Parts other than the two documents, and empty file inputs, are skipped.
            if (!isCloseFileField(part.fieldname) || !part.filename) {
              part.file.resume();
              continue;
            }
            await guardar(part.fieldname, part.filename, part);
          }
          return { input: parseCloseFields(fields), confirmaAnticipada: fields[INSPECCION_EARLY_CLOSE_FIELD] === 'true', clave: parseClave(fields.clave) };
        })
      ).inspeccion;
    },

    /**
     * POST /inspeccion/d/{id}/cierre (issue 43 item 3, docs/decisions/091): the close a phone queued
     * offline, its files sent before as resumable uploads. Each upload is taken (checked as today's
     * uploads) and stored as the multipart close stores its parts, consumed in the close's
     * transaction and removed after it committed. The same `clave` again, once it closed the
     * inspection, answers `repetido` and writes nothing; every refusal carries its stable `code`.
     */
    async cierre(id: number, user: CurrentUser, body: InspeccionCierreInput): Promise<{ inspeccion: InspeccionRow; repetido: boolean }> {
      const subidas = deps.subidas?.();
      if (!subidas) throw notFound(INSPECCION_CIERRE_MESSAGES.noExiste);
      const ids = [body.inspeccion, body.cotizacion, ...body.fotos.map((foto) => foto.subida)];
      if (new Set(ids).size !== ids.length) throw badRequest(INSPECCION_CIERRE_MESSAGES.subidaRepetida);
      const para = { proposito: 'inspeccion', id } as const;
      /** An upload taken for a role, its refusal in the phone's words. */
      const tomar = async (subida: string, rol: string, path: string, extensiones?: readonly string[]) => {
        try {
          return await subidas.take(user, subida, para, { extensiones });
        } catch (error) {
          throw error instanceof AppError ? refusalOfUpload(error, rol, path) : error;
        }
      };
      let result: { inspeccion: InspeccionRow; repetido: boolean };
      try {
        result = await cerrar(
          id,
          user,
          body.clave,
          async ({ guardar, fotos, taken }) => {
            for (const [field, rol] of [
              ['inspeccion', INSPECCION_CIERRE_MESSAGES.rolInspeccion],
              ['cotizacion', INSPECCION_CIERRE_MESSAGES.rolCotizacion],
            ] as const) {
              const tomada = await tomar(body[field], rol, field);
              await guardar(field, tomada.nombre, asFilePart(tomada.contenido));
            }
            for (const [index, { subida, ...meta }] of body.fotos.entries()) {
              const tomada = await tomar(subida, INSPECCION_CIERRE_MESSAGES.rolFoto(index + 1), `fotos.${index}`, INSPECCION_FOTOS.extensiones);
              fotos.conMeta(meta);
              await fotos.foto({ filename: tomada.nombre, file: asFilePart(tomada.contenido).file }, taken);
            }
            return {
              input: { resultado: body.resultado, monto_inspeccion: body.monto_inspeccion },
              confirmaAnticipada: body.confirma_anticipada === true,
              clave: body.clave,
            };
          },
          async (tx) => {
            try {
              await subidas.consume(tx, user, ids);
            } catch (error) {
              throw error instanceof AppError ? withCode(error, INSPECCION_CIERRE_CODES.subidaUsada) : error;
            }
          },
        );
      } catch (error) {
        // A twin of this request won meanwhile (the answer was lost and the phone sent it again at once).
        if ((await repo.cierreClave(db, id)) === body.clave) return { inspeccion: (await repo.findById(db, id))!, repetido: true };
        throw codedRefusal(error);
      }
      if (!result.repetido) await subidas.remove(user, ids);
      return result;
    },
  };

  /**
   * The close, whichever way its files came (the multipart parts or the resumable uploads):
   * `reunir` stores the files (`guardar`, `fotos`) and returns the close's fields; with photos,
   * their Informe fotográfico is drawn and stored too; then ONE transaction finalizes the
   * inspection, moves the case to Análisis (3), writes the documentos rows, the photos' rows, the
   * history row and the clave (`alConfirmar` adds the caller's writes). If anything fails, the
   * stored files are removed, so a close happens completely or not at all. A clave that already
   * closed this inspection answers `repetido` with nothing written.
   */
  async function cerrar(
    id: number,
    actor: Actor,
    claveConocida: string | null,
    reunir: (files: {
      guardar: (field: InspeccionCloseFileField, filename: string, file: Pick<MultipartFile, 'file'>) => Promise<void>;
      fotos: ReturnType<typeof fotosDelCierre<Upload>>;
      taken: Set<string>;
    }) => Promise<{ input: InspeccionCloseInput; confirmaAnticipada: boolean; clave: string | null }>,
    alConfirmar?: (tx: DbOrTx) => Promise<void>,
  ): Promise<{ inspeccion: InspeccionRow; repetido: boolean }> {
    const inspeccion = await reachable(id, actor);
    if (inspeccion.estado === INSPECCION_ESTADOS.FINALIZADA) {
      if (claveConocida && (await repo.cierreClave(db, id)) === claveConocida) return { inspeccion, repetido: true };
      throw conflict(INSPECCION_MESSAGES.alreadyClosed);
    }
    const idCaso = inspeccion.id_caso;
    if ((await repo.casoEstado(db, idCaso)) !== ESTADO.INSPECCION) throw conflict(INSPECCION_MESSAGES.casoNotWaiting);

    const taken = await documentacion.existingNames(idCaso);
    const stored: Partial<Record<InspeccionCloseFileField, Upload>> = {};
    const fotos = fotosDelCierre({ idCaso, checklist: (await deps.fotoChecklist?.()) ?? [], documentos: documentacion });
    let informe: Upload | null = null;
    const guardar = async (field: InspeccionCloseFileField, filename: string, file: Pick<MultipartFile, 'file'>) => {
      if (stored[field]) {
        file.file.resume();
        throw badRequest(INSPECCION_MESSAGES.fileRepeated, [{ path: field, message: INSPECCION_MESSAGES.fileRepeated }]);
      }
      const base = INSPECCION_FILE_BASES[field];
      const nombre = documentFileName(base, filename, taken);
      taken.add(nombre);
      stored[field] = await documentacion.storeUpload(idCaso, base, nombre, file);
    };
    let repetido = false;
    try {
      const { input, confirmaAnticipada, clave } = await reunir({ guardar, fotos, taken });
      const missing = INSPECCION_CLOSE_FILE_FIELDS.filter((field) => !stored[field]);
      if (missing.length > 0) {
        throw badRequest(
          INSPECCION_MESSAGES.filesRequired,
          missing.map((field) => ({ path: field, message: INSPECCION_MESSAGES.filesRequired })),
        );
      }
      informe = await fotos.informe(await detalleDe(inspeccion), taken, orgName);
      // The lock order (inspection, then case) is the one every inspection write follows.
      await transactionMarkingCommit(db, async (tx) => {
        await setAuditActor(tx, actor.username);
        const locked = await repo.lockById(tx, id);
        if (!locked) throw notFound(INSPECCION_MESSAGES.notFound);
        if (locked.estado === INSPECCION_ESTADOS.FINALIZADA) {
          // The same close sent twice at once: the other one wrote it (this one's files are discarded below).
          repetido = clave !== null && locked.cierreClave === clave;
          throw conflict(INSPECCION_MESSAGES.alreadyClosed);
        }
        if (isInspector(actor) && locked.idInspector !== actor.idInspect) throw forbidden(AUTH_MESSAGES.forbidden);
        const caso = await repo.lockCaso(tx, idCaso);
        if (caso?.idEstado !== ESTADO.INSPECCION) throw conflict(INSPECCION_MESSAGES.casoNotWaiting);
        // Closing before the scheduled date is allowed, but only knowingly, and it is written down.
        const isEarly = today() < locked.fechaInspeccion;
        if (isEarly && !confirmaAnticipada) {
          const message = INSPECCION_MESSAGES.confirmEarlyClose(formatDate(locked.fechaInspeccion));
          throw conflict(message, [{ path: INSPECCION_EARLY_CLOSE_FIELD, message }]);
        }
        // A clave that closed another inspection (a device's bug): refused in words, not by the unique index.
        if (clave && (await repo.idDeClave(tx, clave)) !== undefined) {
          throw withCode(conflict(INSPECCION_CIERRE_MESSAGES.claveUsada), INSPECCION_CIERRE_CODES.claveUsada);
        }
        await alConfirmar?.(tx);
        await repo.update(tx, id, {
          estado: INSPECCION_ESTADOS.FINALIZADA,
          resultado: input.resultado,
          monto_inspeccion: input.monto_inspeccion,
          fecha_cierre: today(),
          ...(clave ? { cierre_clave: clave } : {}),
        });
        await repo.updateCaso(tx, idCaso, { id_estado: ESTADO.ANALISIS, fecha_estado: today() });
        await deps.tareas?.inspeccionTerminada(tx, id);
        const documentos = await documentacion.recordUploads(tx, idCaso, actor.username, [
          stored.inspeccion!,
          stored.cotizacion!,
          ...fotos.uploads(),
          ...(informe ? [informe] : []),
        ]);
        await fotos.registrar(
          tx,
          id,
          documentos.slice(2).map((documento) => documento.id),
        );
        await historial.add(
          tx,
          idCaso,
          actor.username,
          isEarly ? INSPECCION_MESSAGES.earlyCloseHistory(formatDate(locked.fechaInspeccion)) : INSPECCION_MESSAGES.closeHistory,
        );
      });
    } catch (error) {
      await documentacion.discardUploads([...Object.values(stored), ...fotos.uploads(), ...(informe ? [informe] : [])], error);
      if (!repetido) throw error;
    }
    return { inspeccion: (await repo.findById(db, id))!, repetido };
  }
}
