import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import {
  PORTAL_AVISOS,
  PORTAL_ETAPA_TEXTOS,
  PORTAL_ETAPAS,
  PORTAL_HISTORIA,
  PORTAL_ITEM_ESTADOS_RECLAMANTE,
  PORTAL_MESSAGES,
  PORTAL_RECLAMANTE,
  PORTAL_RECLAMANTE_MESSAGES,
  ESTADO,
  documentFileName,
  esClaveValida,
  fileExtension,
  type PortalConvenioReclamante,
  type PortalEtapa,
  type PortalReclamanteItem,
} from '@siniestros/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { transactionMarkingCommit } from '../../db/commit-outcome';
import { AppError, badRequest, conflict, notFound, unauthorized, unprocessable, unsupportedContent } from '../../shared/errors';
import { isMissingFile, type Storage } from '../../shared/storage';
import { documentacionRepository, safeContentType, type DocumentacionService, type StoredUpload } from '../documentacion';
import type { HistorialService } from '../historial';
import type { NotificacionesService } from '../notificaciones';
import { portalClaimantRepository as repo, type PortalItemReclamanteRow } from './portal.claimant.repository';
import { createPortalSessions, type PortalSession } from './portal.sessions';

export type PortalClaimantService = ReturnType<typeof createPortalClaimantService>;

/** 'Cerrado con Acuerdo' (ESTADOS): agreed, so the payment is what is left. */
const CERRADO_CON_ACUERDO = 17;

const fullName = (persona: { apellido: string; nombre: string | null }) => [persona.nombre, persona.apellido].filter(Boolean).join(' ');

/** dd/mm of an ISO date. */
const diaMes = (fecha: string) => `${fecha.slice(8, 10)}/${fecha.slice(5, 7)}`;

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest();

/**
 * The typed DNI against the third party's document: the whole number (leading zeros and dots
 * apart) or, with `digitos` > 0, its last `digitos` digits. Compared by hash in constant time.
 * A third party with no document on file never matches.
 */
export function dniCoincide(nroDoc: string | null, dni: string, digitos: number): boolean {
  const doc = (nroDoc ?? '').replace(/\D/g, '');
  const typed = dni.replace(/\D/g, '');
  if (!doc || !typed) return false;
  const expected = digitos > 0 ? doc.slice(-digitos) : doc.replace(/^0+/, '');
  const given = digitos > 0 ? typed : typed.replace(/^0+/, '');
  return crypto.timingSafeEqual(sha256(expected), sha256(given));
}

export const itemReclamante = (row: PortalItemReclamanteRow): PortalReclamanteItem => ({
  id: row.id,
  nombre: row.nombre,
  explicacion: row.explicacion,
  estado: row.estado,
  estado_texto: PORTAL_ITEM_ESTADOS_RECLAMANTE[row.estado],
  motivo: row.estado === 'rechazado' ? row.motivo : null,
  archivos: row.archivos,
  tiene_ejemplo: row.tiene_ejemplo,
});

/**
 * The claimant's side of the portal (issue 42, docs/decisions/084): the DNI check, their own
 * checklist and status line, uploads into the case's documents, messages. Every read and write is
 * scoped to the session's link (its case and third party); an id of anything else is not found.
 */
export function createPortalClaimantService(deps: {
  db: Db;
  storage: Storage;
  documentacion: DocumentacionService;
  historial: HistorialService;
  notificaciones: NotificacionesService;
  config: Config;
  now: () => Date;
  /** The convenio to sign of the session's third party (portal.convenio.service.ts). */
  convenio: { delReclamante(session: PortalSession): Promise<PortalConvenioReclamante | null> };
}) {
  const { db, storage, documentacion, historial, notificaciones, config, now } = deps;
  const sessions = createPortalSessions(db, { now });
  const autor = PORTAL_RECLAMANTE.autor;
  const bloqueoMs = PORTAL_RECLAMANTE.bloqueoMinutos * 60_000;

  async function inicio(session: Pick<PortalSession, 'dniOk'>) {
    const { digitos_dni } = await repo.ajustes(db);
    return { oficina: config.ORG_NAME, digitos_dni, dni_ok: session.dniOk };
  }

  async function nombreTercero(idTercero: number): Promise<string> {
    const tercero = await repo.tercero(db, idTercero);
    return tercero ? fullName(tercero) : '';
  }

  /** The status line in the claimant's words: never the analysis, amounts or internal states' names. */
  async function etapaDe(session: PortalSession, idEstado: number, completaDoc: boolean): Promise<{ etapa: PortalEtapa; texto: string }> {
    const of = (etapa: PortalEtapa, texto: string = PORTAL_ETAPAS[etapa]) => ({ etapa, texto });
    if (await repo.pagoRealizado(db, session.idCaso, session.idTercero)) return of('pago');
    switch (idEstado) {
      case ESTADO.INICIAL:
        return of(completaDoc ? 'documentacion' : 'recibido');
      case ESTADO.INSPECCION: {
        const inspeccion = await repo.inspeccionCoordinada(db, session.idCaso);
        return inspeccion ? of('inspeccion', PORTAL_ETAPA_TEXTOS.inspeccionCoordinada(diaMes(inspeccion.fecha), inspeccion.direccion)) : of('documentacion');
      }
      case ESTADO.ANALISIS:
        return of('inspeccion', PORTAL_ETAPA_TEXTOS.analisis);
      case ESTADO.OFRECIMIENTO:
        return of('ofrecimiento');
      case ESTADO.CONVENIO:
      case ESTADO.ESPERA_CONVENIO:
        return of('convenio');
      case ESTADO.A_FINALIZAR:
      case ESTADO.FINALIZADO:
      case CERRADO_CON_ACUERDO:
        return of('convenio', PORTAL_ETAPA_TEXTOS.pagoEnTramite);
      default:
        return of('recibido', PORTAL_ETAPA_TEXTOS.cerrado);
    }
  }

  async function itemOf(session: PortalSession, idItem: number): Promise<PortalReclamanteItem> {
    const row = await repo.item(db, idItem, session.idCaso, session.idTercero);
    if (!row) throw notFound(PORTAL_MESSAGES.itemNoExiste);
    return itemReclamante(row);
  }

  /** The bell item for the case's responsible user (responsable_caso), in the caller's transaction. */
  async function avisar(tx: Parameters<NotificacionesService['avisar']>[0], idCaso: number, tipo: 'portal_recibido' | 'portal_mensaje', texto: string) {
    const responsable = await repo.responsable(tx, idCaso);
    if (responsable !== null) await notificaciones.avisar(tx, { idUsuarios: [responsable], tipo, texto, idCaso, autor });
  }

  return {
    sessions,
    inicio,

    /**
     * POST /portal/dni. Wrong tries count per link (locked at `max_intentos` until a new request
     * renews the link: 423) and per address (locked `bloqueoMinutos`: 429); a locked caller is
     * refused before the number is even compared. The counters commit before the refusal answers.
     */
    async verificarDni(session: PortalSession, dni: string, direccion: string) {
      const ahora = now();
      const ahoraIso = ahora.toISOString();
      const { max_intentos } = await repo.ajustes(db);
      const vigente = (hasta: string | null) => hasta !== null && Date.parse(hasta) > ahora.getTime();
      const resultado = await db.transaction(async (tx) => {
        const direccionHasta = await repo.bloqueoDireccion(tx, direccion);
        if (vigente(direccionHasta)) return { kind: 'direccion' as const, hasta: direccionHasta! };
        const enlace = await repo.enlaceParaDni(tx, session.idEnlace);
        if (!enlace) return { kind: 'sesion' as const };
        if (enlace.intentos >= max_intentos || vigente(enlace.bloqueadoHasta)) return { kind: 'enlace' as const };
        if (dniCoincide(enlace.nroDoc, dni, (await repo.ajustes(tx)).digitos_dni)) {
          await repo.marcarDniOk(tx, session.idHash);
          if (enlace.intentos > 0) await repo.guardarIntentosEnlace(tx, session.idEnlace, 0, null);
          return { kind: 'ok' as const };
        }
        // Locked until the link itself ends: a new request makes a new link.
        const intentosEnlace = enlace.intentos + 1;
        await repo.guardarIntentosEnlace(tx, session.idEnlace, intentosEnlace, intentosEnlace >= max_intentos ? enlace.expira : null);
        const fila = await repo.intentosDireccion(tx, direccion, ahoraIso);
        const ventanaNueva = Date.parse(fila.desde) <= ahora.getTime() - bloqueoMs;
        const intentosDireccion = (ventanaNueva ? 0 : fila.intentos) + 1;
        const hasta = intentosDireccion >= max_intentos ? new Date(ahora.getTime() + bloqueoMs).toISOString() : null;
        await repo.guardarIntentosDireccion(tx, direccion, { intentos: intentosDireccion, desde: ventanaNueva ? ahoraIso : fila.desde, bloqueado_hasta: hasta });
        if (intentosEnlace >= max_intentos) return { kind: 'enlace' as const };
        return hasta ? { kind: 'direccion' as const, hasta } : { kind: 'incorrecto' as const };
      });
      switch (resultado.kind) {
        case 'ok':
          return inicio({ dniOk: true });
        case 'sesion':
          throw unauthorized(PORTAL_MESSAGES.sesionVencida);
        case 'enlace':
          throw new AppError(423, PORTAL_MESSAGES.bloqueado, 'locked');
        case 'direccion': {
          const seconds = Math.max(1, Math.ceil((Date.parse(resultado.hasta) - ahora.getTime()) / 1000));
          throw new AppError(429, PORTAL_MESSAGES.bloqueado, 'too_many_requests', undefined, undefined, seconds);
        }
        default:
          throw unprocessable(PORTAL_MESSAGES.dniIncorrecto);
      }
    },

    /** GET /portal/estado: before the DNI only what typing it needs; after, the claimant's own claim. */
    async estado(session: PortalSession) {
      if (!session.dniOk) return inicio(session);
      const reclamo = await repo.reclamo(db, session.idCaso, session.idTercero);
      if (!reclamo) throw unauthorized(PORTAL_MESSAGES.sesionVencida);
      const [items, mensajes, etapa, convenio] = await Promise.all([
        repo.items(db, session.idCaso, session.idTercero),
        repo.mensajes(db, session.idCaso, session.idTercero),
        etapaDe(session, reclamo.idEstado, reclamo.completaDoc),
        deps.convenio.delReclamante(session),
      ]);
      return {
        oficina: config.ORG_NAME,
        reclamo: { numero: reclamo.reclamoNro, compania: reclamo.compania, nombre: fullName(reclamo) },
        etapa: etapa.etapa,
        etapa_texto: etapa.texto,
        items: items.map(itemReclamante),
        mensajes,
        expira: session.enlaceExpira,
        convenio,
      };
    },

    /**
     * POST /portal/items/{id}/archivos: one photo or PDF (by its magic bytes) stored as a document
     * of the case, typed by the item and named by the spec's rule (documentacion's storage and
     * naming), linked to the item, which becomes 'recibido'; a history row, and the responsible
     * user's bell when the item had not been received yet. The same upload key lands once: the
     * retry answers the item as it is (`nuevo` false) and its bytes are dropped.
     */
    async subirArchivo(
      session: PortalSession,
      idItem: number,
      parts: AsyncIterable<Multipart>,
      claveHeader: string | undefined,
    ): Promise<{ nuevo: boolean; item: PortalReclamanteItem }> {
      const { idCaso, idTercero } = session;
      const previo = await repo.tipoDeItem(db, idItem, idCaso, idTercero);
      if (!previo) throw notFound(PORTAL_MESSAGES.itemNoExiste);
      if (previo.estado === 'aceptado') throw conflict(PORTAL_RECLAMANTE_MESSAGES.itemYaAceptado);
      let clave = claveHeader ?? null;
      if (clave && (await repo.claveUsada(db, idItem, clave))) return { nuevo: false, item: await itemOf(session, idItem) };

      let stored: StoredUpload | null = null;
      let repetido = false;
      try {
        for await (const part of parts) {
          if (part.type === 'field') {
            if (part.fieldname !== PORTAL_RECLAMANTE.campoClave) throw badRequest(PORTAL_RECLAMANTE_MESSAGES.campoDesconocido);
            const value = typeof part.value === 'string' ? part.value.trim() : '';
            if (!esClaveValida(value)) throw badRequest(PORTAL_RECLAMANTE_MESSAGES.claveInvalida);
            clave ??= value;
            continue;
          }
          if (part.fieldname !== PORTAL_RECLAMANTE.campoArchivo) {
            part.file.resume();
            throw badRequest(PORTAL_RECLAMANTE_MESSAGES.campoDesconocido);
          }
          if (stored || repetido) {
            part.file.resume();
            throw badRequest(PORTAL_RECLAMANTE_MESSAGES.unArchivo);
          }
          if (clave && (await repo.claveUsada(db, idItem, clave))) {
            part.file.resume();
            repetido = true;
            continue;
          }
          const extension = fileExtension(part.filename);
          if (!(PORTAL_RECLAMANTE.extensiones as readonly string[]).includes(extension)) {
            part.file.resume();
            throw unsupportedContent(PORTAL_MESSAGES.archivoInvalido);
          }
          const nombre = documentFileName(previo.tipo, part.filename, await documentacion.existingNames(idCaso));
          stored = await documentacion.storeUpload(idCaso, previo.tipo, nombre, part);
        }
        if (repetido) return { nuevo: false, item: await itemOf(session, idItem) };
        const upload = stored;
        if (!upload) throw badRequest(PORTAL_RECLAMANTE_MESSAGES.sinArchivo);
        const ahora = now().toISOString();
        const tercero = await nombreTercero(idTercero);
        const nuevo = await transactionMarkingCommit(db, async (tx) => {
          // The case's lock first, as every document write takes it (two uploads never pick one name).
          if (!(await documentacionRepository.lockCaso(tx, idCaso))) throw notFound(PORTAL_MESSAGES.itemNoExiste);
          const item = await repo.itemParaSubir(tx, idItem, idCaso, idTercero);
          if (!item) throw notFound(PORTAL_MESSAGES.itemNoExiste);
          if (item.estado === 'aceptado') throw conflict(PORTAL_RECLAMANTE_MESSAGES.itemYaAceptado);
          if (clave && (await repo.claveUsada(tx, idItem, clave))) return false;
          const taken = new Set((await documentacionRepository.listNames(tx, idCaso)).map((name) => name.toLowerCase()));
          const documento = taken.has(upload.nombre.toLowerCase()) ? { ...upload, nombre: documentFileName(upload.tipo, upload.nombre, taken) } : upload;
          await documentacion.recordUploads(tx, idCaso, autor, [documento]);
          const idDocumento = (await repo.idsDocumentos(tx, idCaso, [documento.nombre])).get(documento.nombre)!;
          await repo.vincularDocumento(tx, { idItem, idDocumento, clave, creado: ahora });
          await repo.marcarRecibido(tx, idItem, ahora);
          await historial.add(tx, idCaso, autor, PORTAL_HISTORIA.recibido(tercero, item.nombre));
          if (item.estado !== 'recibido') await avisar(tx, idCaso, 'portal_recibido', PORTAL_AVISOS.recibido(tercero, item.nombre));
          return true;
        });
        // A concurrent retry with the same key landed first: this copy of the bytes is not needed.
        if (!nuevo) await storage.remove(upload.storage_key).catch(() => undefined);
        return { nuevo, item: await itemOf(session, idItem) };
      } catch (error) {
        if (stored) await documentacion.discardUploads([stored], error);
        throw error;
      }
    },

    /** GET /portal/items/{id}/ejemplo: the requirement's example picture. */
    async ejemplo(session: PortalSession, idItem: number): Promise<{ nombre: string; mime: string; content: Readable }> {
      const row = await repo.ejemplo(db, idItem, session.idCaso, session.idTercero);
      if (!row) throw notFound(PORTAL_MESSAGES.itemNoExiste);
      if (!row.key) throw notFound(PORTAL_RECLAMANTE_MESSAGES.sinEjemplo);
      const content = await storage.get(row.key).catch((error: unknown) => {
        throw isMissingFile(error) ? notFound(PORTAL_RECLAMANTE_MESSAGES.sinEjemplo) : error;
      });
      return { nombre: `Ejemplo - ${row.nombre}`, mime: safeContentType(row.mime), content };
    },

    /** POST /portal/mensajes: stored, a history row tagged as the claimant's, the responsible user's bell. */
    async escribir(session: PortalSession, texto: string) {
      const tercero = await nombreTercero(session.idTercero);
      return db.transaction(async (tx) => {
        const mensaje = await repo.insertMensaje(tx, { idCaso: session.idCaso, idTercero: session.idTercero, texto, creado: now().toISOString() });
        await historial.add(tx, session.idCaso, autor, PORTAL_HISTORIA.mensajeReclamante(tercero, texto));
        await avisar(tx, session.idCaso, 'portal_mensaje', PORTAL_AVISOS.mensaje(tercero, texto));
        return mensaje;
      });
    },
  };
}
