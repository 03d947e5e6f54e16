import crypto, { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AUDIT_ACTION,
  AUDIT_ENTITY,
  CASO_MESSAGES,
  CONVENIO_MESSAGES,
  ESTADO,
  PORTAL_AVISOS,
  PORTAL_CONVENIO,
  PORTAL_CONVENIO_CONSTANCIA,
  PORTAL_CONVENIO_CORREO,
  PORTAL_CONVENIO_HISTORIA,
  PORTAL_CONVENIO_MESSAGES,
  PORTAL_MESSAGES,
  PORTAL_RECLAMANTE,
  celularWhatsapp,
  documentFileName,
  todayIso,
  whatsappUrl,
  type ConvenioPublicado,
  type ConvenioRequest,
  type PortalConvenio,
  type PortalConvenioReclamante,
  type PortalFirmaInput,
  type PortalReclamanteItem,
} from '@siniestros/domain';
import type { Db } from '../../db/client';
import { transactionMarkingCommit } from '../../db/commit-outcome';
import { AppError, conflict, notFound, unprocessable } from '../../shared/errors';
import type { OfficePdf } from '../../shared/office-pdf';
import { isMissingFile, type Storage } from '../../shared/storage';
import { setAuditActor, type AuditActor, type AuditService } from '../audit';
import { documentacionRepository, type DocumentacionService, type StoredUpload } from '../documentacion';
import type { HistorialService } from '../historial';
import type { Mailer, NotificacionesService } from '../notificaciones';
import type { GeneratedDocumentsService } from '../plantillas';
import { dniCoincide, itemReclamante } from './portal.claimant.service';
import { portalClaimantRepository as claimantRepo } from './portal.claimant.repository';
import { convenioVista, portalConvenioRepository as repo } from './portal.convenio.repository';
import { renderConstancia } from './portal.convenio.constancia';
import type { PortalSession } from './portal.sessions';
import { portalStaffRepository as staffRepo } from './portal.staff.repository';
import { abrirEnlace, datosCorreo, direcciones, ENVIO_DETALLE, enviarAlTercero } from './portal.staff.service';
import { portalLink } from './portal.tokens';

export type PortalConvenioService = ReturnType<typeof createPortalConvenioService>;
type Log = { warn: (object: object, message: string) => void };

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const DAY_MS = 86_400_000;

const sha256Hex = (bytes: Buffer | string) => crypto.createHash('sha256').update(bytes).digest('hex');

/** 'juan.perez@gmail.com' → 'j•••@gmail.com': where the code goes, without telling the address to whoever holds the link. */
export function enmascararCorreo(mail: string): string {
  const at = mail.lastIndexOf('@');
  return at < 1 ? '•••' : `${mail[0]}•••${mail.slice(at)}`;
}

/** The code's hash: salted and tied to its link, so a row copied to another link matches nothing. */
const hashCodigo = (sal: string, idEnlace: number, codigo: string) => sha256Hex(`${sal}:${idEnlace}:${codigo}`);

const fieldProblem = (path: string, message: string) => unprocessable(message, [{ path, message }]);

/**
 * The convenio a distancia (issue 42 item 7, docs/decisions/084 'Convenio a distancia'): the
 * handler publishes the generated convenio (as PDF where LibreOffice converts it) to the third
 * party's portal with a checklist item 'Convenio firmado' for the signed copy; the claimant
 * downloads it, and sends the signed copy through that item or, where the office allows it, signs
 * electronically with their DNI and a one-time code e-mailed to them, and the server files a
 * certificate as a document of the case.
 */
export function createPortalConvenioService(deps: {
  db: Db;
  storage: Storage;
  historial: HistorialService;
  audit: AuditService;
  documentacion: DocumentacionService;
  notificaciones: NotificacionesService;
  convenios: Pick<GeneratedDocumentsService, 'prepararConvenio' | 'renderConvenio'>;
  officePdf: OfficePdf;
  mailer?: Mailer;
  org: string;
  appUrl?: string;
  now: () => Date;
  log?: Log;
}) {
  const { db, storage, historial, audit, documentacion, notificaciones, officePdf, now } = deps;
  const autor = PORTAL_RECLAMANTE.autor;

  /** The files of a publication in storage (outside casos/: the documents' orphan sweeper leaves them). */
  async function guardarArchivos(idCaso: number, archivos: { nombre: string; plantilla: string; mime: string; contenido: Buffer }[]) {
    const stored: { key: string; nombre: string; plantilla: string; mime: string; bytes: number; sha256: string }[] = [];
    try {
      for (const archivo of archivos) {
        const key = `portal/convenios/${idCaso}/${randomUUID()}`;
        stored.push({ key, nombre: archivo.nombre, plantilla: archivo.plantilla, mime: archivo.mime, bytes: archivo.contenido.length, sha256: sha256Hex(archivo.contenido) });
        await storage.put(key, Readable.from([archivo.contenido]));
      }
      return stored;
    } catch (error) {
      await borrarArchivos(stored.map((file) => file.key));
      throw error;
    }
  }

  const borrarArchivos = (keys: string[]) => Promise.allSettled(keys.map((key) => storage.remove(key)));

  /** The live convenio of the session's third party, its signature aside: 404 without one, 409 signed. */
  async function convenioParaFirmar(session: PortalSession) {
    if (!(await repo.firmaElectronica(db))) throw conflict(PORTAL_CONVENIO_MESSAGES.firmaDesactivada);
    const rows = await repo.vivosDelTercero(db, session.idCaso, session.idTercero);
    if (rows.length === 0) throw notFound(PORTAL_CONVENIO_MESSAGES.sinConvenio);
    if (rows[0]!.firma) throw conflict(PORTAL_CONVENIO_MESSAGES.yaFirmado);
    const tercero = (await repo.tercero(db, session.idTercero))!;
    const para = direcciones(tercero.mail)[0];
    if (!para) throw conflict(PORTAL_CONVENIO_MESSAGES.sinCorreo);
    return { rows, tercero, para };
  }

  const nombreCompleto = (persona: { apellido: string; nombre: string | null }) => [persona.nombre, persona.apellido].filter(Boolean).join(' ');

  return {
    /** GET /casos/{id}/portal's `convenio` of each third party. */
    async delCaso(idCaso: number): Promise<Map<number, PortalConvenio>> {
      const rows = await repo.vivosDelCaso(db, idCaso);
      const idTerceros = [...new Set(rows.map((row) => row.id_tercero))];
      return new Map(idTerceros.map((idTercero) => [idTercero, convenioVista(rows.filter((row) => row.id_tercero === idTercero))!]));
    },

    /**
     * POST /casos/{id}/portal/convenio: each chosen template filled in (the convenios' own checks,
     * at status 5 or 6), converted to PDF when LibreOffice can, stored; then one transaction (the
     * case, the third party and the item locked) retires the live files, records the new ones and
     * asks the item 'Convenio firmado' again. A third party with a live link keeps it and gets a
     * notice without it; one without gets a new link, shown once, as a request's.
     */
    async publicar(idCaso: number, input: ConvenioRequest, who: AuditActor, origin: string): Promise<ConvenioPublicado> {
      const preparado = await deps.convenios.prepararConvenio(idCaso, input, {
        estados: [ESTADO.CONVENIO, ESTADO.ESPERA_CONVENIO],
        estadoInvalido: PORTAL_CONVENIO_MESSAGES.estadoInvalido,
      });
      const idTercero = preparado.tercero.id;
      if (!preparado.tercero.nro_doc?.replace(/\D/g, '')) throw fieldProblem('id_tercero', PORTAL_MESSAGES.terceroSinDni);
      const docs = await deps.convenios.renderConvenio(idCaso, preparado);
      const archivos = [];
      for (const doc of docs) {
        const pdf = await officePdf.toPdf(doc.contenido);
        archivos.push(
          pdf
            ? { nombre: doc.nombre.replace(/\.docx$/, '.pdf'), plantilla: doc.template.nombre, mime: 'application/pdf', contenido: pdf }
            : { nombre: doc.nombre, plantilla: doc.template.nombre, mime: DOCX_MIME, contenido: doc.contenido },
        );
      }
      const stored = await guardarArchivos(idCaso, archivos);
      const ahora = now();
      let resultado;
      try {
        resultado = await db.transaction(async (tx) => {
          await setAuditActor(tx, who.actor);
          // The case's lock first, as every document write takes it; then the third party, then its item.
          if (!(await documentacionRepository.lockCaso(tx, idCaso))) throw notFound(CASO_MESSAGES.notFound);
          const caso = (await staffRepo.caso(tx, idCaso))!;
          const estado = await repo.estadoDelCaso(tx, idCaso);
          if (estado !== ESTADO.CONVENIO && estado !== ESTADO.ESPERA_CONVENIO) throw unprocessable(PORTAL_CONVENIO_MESSAGES.estadoInvalido);
          const tercero = await staffRepo.lockTercero(tx, idCaso, idTercero);
          if (!tercero) throw unprocessable(CONVENIO_MESSAGES.unknownTercero);
          const item = {
            tipo: PORTAL_CONVENIO.itemTipo,
            nombre: PORTAL_CONVENIO.itemNombre,
            explicacion: PORTAL_CONVENIO.itemExplicacion,
            solicitado: ahora.toISOString(),
          };
          let idItem = await repo.itemAnterior(tx, tercero.id);
          if (idItem === undefined) {
            idItem = await repo.insertItem(tx, { ...item, id_caso: idCaso, id_tercero: tercero.id });
          } else {
            const anterior = await repo.lockItem(tx, idItem);
            if (anterior?.estado === 'aceptado') throw conflict(PORTAL_CONVENIO_MESSAGES.yaAceptado);
            await repo.pedirItem(tx, idItem, item);
          }
          await repo.retirarVivos(tx, tercero.id, ahora.toISOString());
          await repo.insertArchivos(
            tx,
            stored.map((file) => ({
              id_caso: idCaso,
              id_tercero: tercero.id,
              id_item: idItem,
              plantilla: file.plantilla,
              nombre: file.nombre,
              archivo_key: file.key,
              mime: file.mime,
              bytes: file.bytes,
              sha256: file.sha256,
              publicado: ahora.toISOString(),
              publicado_por: who.actor,
            })),
          );
          const vivo = await staffRepo.enlaceVivo(tx, tercero.id);
          const enlace = vivo && Date.parse(vivo.expira) > ahora.getTime() ? { idEnlace: vivo.id, nuevo: null } : { ...(await abrirEnlace(tx, { idCaso, idTercero: tercero.id, actor: who.actor, ahora })), nuevo: true };
          const nombres = stored.map((file) => file.nombre).join(', ');
          await historial.add(tx, idCaso, who.actor, PORTAL_CONVENIO_HISTORIA.publicado(tercero.nombre, nombres));
          await audit.record(tx, { ...who, action: AUDIT_ACTION.portalConvenio, entity: AUDIT_ENTITY.caso, entityId: idCaso, detail: `Tercero ${tercero.id}: ${nombres}` });
          return { caso, tercero, enlace };
        });
      } catch (error) {
        await borrarArchivos(stored.map((file) => file.key));
        throw error;
      }

      // After the commit: no lock is held on a slow SMTP server.
      const { caso, tercero, enlace } = resultado;
      const datos = datosCorreo(caso, tercero, deps.org);
      let link: { enlace: string; whatsapp: string } | null = null;
      let correo;
      if ('token' in enlace) {
        const url = portalLink(deps.appUrl ?? origin, enlace.token);
        const vence = todayIso(enlace.expira);
        link = { enlace: url, whatsapp: whatsappUrl(celularWhatsapp(tercero.cel), PORTAL_CONVENIO_CORREO.whatsapp({ ...datos, enlace: url, vence })) };
        correo = { subject: PORTAL_CONVENIO_CORREO.asunto(datos), text: PORTAL_CONVENIO_CORREO.conEnlace({ ...datos, enlace: url, vence }) };
      } else {
        correo = { subject: PORTAL_CONVENIO_CORREO.asunto(datos), text: PORTAL_CONVENIO_CORREO.sinEnlace(datos) };
      }
      const sent = await enviarAlTercero(deps, tercero, correo, idCaso);
      const base = { id_enlace: enlace.idEnlace, usuario: who.actor, creado: now().toISOString(), destino: sent.para };
      const resultadoEnvio = { ok: sent.estado === 'enviado', detalle: sent.estado === 'enviado' ? null : ENVIO_DETALLE[sent.estado] };
      await staffRepo.insertEnvios(db, [
        link ? { ...base, canal: 'email', ...resultadoEnvio } : { ...base, canal: 'aviso_convenio', ...resultadoEnvio },
        // A new link not e-mailed reaches the claimant only as the handler gives it.
        ...(link && sent.estado !== 'enviado' ? [{ ...base, canal: 'enlace', destino: null }] : []),
      ]);
      return {
        message: PORTAL_CONVENIO_MESSAGES.publicado,
        convenio: convenioVista(await repo.vivosDelTercero(db, idCaso, tercero.id))!,
        pdf: archivos.every((archivo) => archivo.mime === 'application/pdf'),
        enlace: link?.enlace ?? null,
        whatsapp: link?.whatsapp ?? null,
        email: sent.estado,
      };
    },

    /** GET /casos/{id}/portal/convenio/{idArchivo}: a file published for the case (live or retired). */
    async archivoDelCaso(idCaso: number, idArchivo: number) {
      const row = await repo.archivoDelCaso(db, idCaso, idArchivo);
      if (!row) throw notFound(PORTAL_CONVENIO_MESSAGES.noExiste);
      return { nombre: row.nombre, mime: row.mime, content: await abrir(row.archivo_key) };
    },

    /** GET /portal/convenio/{idArchivo}: a live file of the session's own third party only. */
    async archivoDelReclamante(session: PortalSession, idArchivo: number) {
      const row = await repo.archivoVivo(db, idArchivo, session.idCaso, session.idTercero);
      if (!row) throw notFound(PORTAL_CONVENIO_MESSAGES.noExiste);
      return { nombre: row.nombre, mime: row.mime, content: await abrir(row.archivo_key) };
    },

    /** GET /portal/estado's `convenio`: what the claimant may sign, and how. */
    async delReclamante(session: PortalSession): Promise<PortalConvenioReclamante | null> {
      const vista = convenioVista(await repo.vivosDelTercero(db, session.idCaso, session.idTercero));
      if (!vista) return null;
      const [habilitada, tercero] = await Promise.all([repo.firmaElectronica(db), repo.tercero(db, session.idTercero)]);
      const para = direcciones(tercero?.mail ?? null)[0];
      return {
        archivos: vista.archivos.map(({ id, nombre, mime, bytes }) => ({ id, nombre, mime, bytes })),
        id_item: vista.id_item,
        // Not offered where no code could reach them: without an address, or without SMTP.
        firma_electronica: habilitada && para !== undefined && deps.mailer !== undefined,
        destino: para ? enmascararCorreo(para) : null,
        firmado: vista.firma?.firmado ?? null,
      };
    },

    /**
     * POST /portal/convenio/codigo: a random 6-digit code, kept hashed, valid codigoMinutos, e-mailed
     * to the third party's first address. One a minute and codigosPorDia a day per link (the link
     * locked while counting); not sent → the code is dropped and 503.
     */
    async pedirCodigo(session: PortalSession): Promise<{ message: string; destino: string }> {
      const { tercero, para } = await convenioParaFirmar(session);
      if (!deps.mailer) throw new AppError(503, PORTAL_CONVENIO_MESSAGES.codigoNoEnviado, 'unavailable');
      const ahora = now();
      const codigo = String(crypto.randomInt(0, 10 ** PORTAL_CONVENIO.codigoDigitos)).padStart(PORTAL_CONVENIO.codigoDigitos, '0');
      const sal = crypto.randomBytes(16).toString('hex');
      const destino = enmascararCorreo(para);
      const idCodigo = await db.transaction(async (tx) => {
        if (!(await repo.lockEnlace(tx, session.idEnlace))) throw notFound(PORTAL_MESSAGES.enlaceInvalido);
        const recientes = await repo.codigosDesde(tx, session.idEnlace, new Date(ahora.getTime() - DAY_MS).toISOString());
        const esperaMs = PORTAL_CONVENIO.codigoEsperaSegundos * 1000;
        const ultimo = recientes[0];
        if (ultimo && ahora.getTime() - Date.parse(ultimo.enviado) < esperaMs) {
          const seconds = Math.max(1, Math.ceil((Date.parse(ultimo.enviado) + esperaMs - ahora.getTime()) / 1000));
          throw new AppError(429, PORTAL_CONVENIO_MESSAGES.codigoEspera, 'too_many_requests', undefined, undefined, seconds);
        }
        if (recientes.length >= PORTAL_CONVENIO.codigosPorDia) {
          const primero = recientes[PORTAL_CONVENIO.codigosPorDia - 1]!;
          const seconds = Math.max(1, Math.ceil((Date.parse(primero.enviado) + DAY_MS - ahora.getTime()) / 1000));
          throw new AppError(429, PORTAL_CONVENIO_MESSAGES.codigoLimite, 'too_many_requests', undefined, undefined, seconds);
        }
        return repo.insertCodigo(tx, {
          id_enlace: session.idEnlace,
          codigo_hash: hashCodigo(sal, session.idEnlace, codigo),
          sal,
          destino: para,
          enviado: ahora.toISOString(),
          expira: new Date(ahora.getTime() + PORTAL_CONVENIO.codigoMinutos * 60_000).toISOString(),
        });
      });
      const caso = (await staffRepo.caso(db, session.idCaso))!;
      const datos = datosCorreo(caso, { nombre: nombreCompleto(tercero) }, deps.org);
      const envio = { id_enlace: session.idEnlace, canal: 'codigo_firma', destino: para, usuario: autor, creado: now().toISOString() };
      try {
        await deps.mailer.send({ to: para, subject: PORTAL_CONVENIO_CORREO.codigoAsunto(datos), text: PORTAL_CONVENIO_CORREO.codigoTexto({ ...datos, codigo }) });
      } catch (error) {
        deps.log?.warn({ err: error, idCaso: session.idCaso }, 'portal signature code not sent');
        await repo.borrarCodigo(db, idCodigo);
        await staffRepo.insertEnvios(db, [{ ...envio, ok: false, detalle: ENVIO_DETALLE.error }]);
        throw new AppError(503, PORTAL_CONVENIO_MESSAGES.codigoNoEnviado, 'unavailable');
      }
      await staffRepo.insertEnvios(db, [envio]);
      return { message: PORTAL_CONVENIO_MESSAGES.codigoEnviado(destino), destino };
    },

    /**
     * POST /portal/convenio/firma: the whole DNI and the latest live code, both compared in constant
     * time; a wrong one counts a try on the code (committed before the refusal), which is void at
     * codigoMaxIntentos. Right: the certificate is drawn and stored as a 'Convenio' document of the
     * case, and one transaction links it to the item 'Convenio firmado' (now 'recibido', as an
     * upload leaves it), records the signature on the live files and uses the code.
     */
    async firmar(session: PortalSession, input: PortalFirmaInput, cliente: { direccion: string; userAgent: string }): Promise<{ message: string; item: PortalReclamanteItem }> {
      const { rows, tercero, para } = await convenioParaFirmar(session);
      const firmado = now();
      const verificacion = await db.transaction(async (tx) => {
        if (!(await repo.lockEnlace(tx, session.idEnlace))) return { kind: 'invalido' as const };
        const codigo = await repo.codigoVigente(tx, session.idEnlace, firmado.toISOString());
        if (!codigo) return { kind: 'invalido' as const };
        if (codigo.intentos >= PORTAL_CONVENIO.codigoMaxIntentos) return { kind: 'agotado' as const };
        const dniOk = dniCoincide(tercero.nro_doc, input.dni, 0);
        const codigoOk = crypto.timingSafeEqual(Buffer.from(hashCodigo(codigo.sal, session.idEnlace, input.codigo.trim())), Buffer.from(codigo.codigo_hash));
        if (dniOk && codigoOk) return { kind: 'ok' as const, idCodigo: codigo.id };
        const intentos = await repo.sumarIntento(tx, codigo.id);
        if (intentos >= PORTAL_CONVENIO.codigoMaxIntentos) return { kind: 'agotado' as const };
        return { kind: dniOk ? ('invalido' as const) : ('dni' as const) };
      });
      if (verificacion.kind === 'dni') throw fieldProblem('dni', PORTAL_MESSAGES.dniIncorrecto);
      if (verificacion.kind === 'agotado') throw fieldProblem('codigo', PORTAL_CONVENIO_MESSAGES.codigoAgotado);
      if (verificacion.kind !== 'ok') throw fieldProblem('codigo', PORTAL_CONVENIO_MESSAGES.codigoInvalido);
      const { idCodigo } = verificacion;

      const caso = (await staffRepo.caso(db, session.idCaso))!;
      const nombre = nombreCompleto(tercero);
      const pdf = await renderConstancia({
        oficina: deps.org,
        reclamo: caso.reclamo_nro,
        compania: caso.compania,
        idCaso: session.idCaso,
        tercero: { nombre, documento: `DNI ${tercero.nro_doc ?? ''}`.trim() },
        archivos: rows.map((row) => ({ nombre: row.nombre, sha256: row.sha256 })),
        firmado,
        direccion: cliente.direccion,
        userAgent: cliente.userAgent,
        destino: enmascararCorreo(para),
      });
      const idItem = rows[0]!.id_item;
      const nombreArchivo = documentFileName(PORTAL_CONVENIO.itemTipo, PORTAL_CONVENIO_CONSTANCIA.archivo, await documentacion.existingNames(session.idCaso));
      const upload: StoredUpload = await documentacion.storeUpload(session.idCaso, PORTAL_CONVENIO.itemTipo, nombreArchivo, {
        file: Object.assign(Readable.from([pdf]), { truncated: false, bytesRead: pdf.length }),
      });
      try {
        await transactionMarkingCommit(db, async (tx) => {
          if (!(await documentacionRepository.lockCaso(tx, session.idCaso))) throw notFound(PORTAL_MESSAGES.itemNoExiste);
          await repo.lockEnlace(tx, session.idEnlace);
          const codigo = await repo.codigoVigente(tx, session.idEnlace, firmado.toISOString());
          if (!codigo || codigo.id !== idCodigo || codigo.intentos >= PORTAL_CONVENIO.codigoMaxIntentos) throw fieldProblem('codigo', PORTAL_CONVENIO_MESSAGES.codigoInvalido);
          const item = await claimantRepo.itemParaSubir(tx, idItem, session.idCaso, session.idTercero);
          if (!item) throw notFound(PORTAL_MESSAGES.itemNoExiste);
          // Republished or signed since the check: what the certificate names is no longer what is live.
          const vivos = await repo.vivosDelTercero(tx, session.idCaso, session.idTercero);
          if (vivos.some((row) => row.firma)) throw conflict(PORTAL_CONVENIO_MESSAGES.yaFirmado);
          if (vivos.map((row) => row.id).join() !== rows.map((row) => row.id).join()) throw conflict(PORTAL_CONVENIO_MESSAGES.sinConvenio);
          if (item.estado === 'aceptado') throw conflict(PORTAL_CONVENIO_MESSAGES.yaFirmado);
          const taken = new Set((await documentacionRepository.listNames(tx, session.idCaso)).map((name) => name.toLowerCase()));
          const documento = taken.has(upload.nombre.toLowerCase()) ? { ...upload, nombre: documentFileName(upload.tipo, upload.nombre, taken) } : upload;
          await documentacion.recordUploads(tx, session.idCaso, autor, [documento]);
          const idDocumento = (await claimantRepo.idsDocumentos(tx, session.idCaso, [documento.nombre])).get(documento.nombre)!;
          await claimantRepo.vincularDocumento(tx, { idItem, idDocumento, clave: null, creado: firmado.toISOString() });
          await claimantRepo.marcarRecibido(tx, idItem, firmado.toISOString());
          const idFirma = await repo.insertFirma(tx, {
            id_caso: session.idCaso,
            id_tercero: session.idTercero,
            id_item: idItem,
            firmado: firmado.toISOString(),
            direccion: cliente.direccion.slice(0, 64),
            user_agent: cliente.userAgent.slice(0, 500),
            destino: para,
            id_documento: idDocumento,
          });
          await repo.firmarVivos(tx, session.idTercero, idFirma);
          await repo.usarCodigo(tx, idCodigo, firmado.toISOString());
          await historial.add(tx, session.idCaso, autor, PORTAL_CONVENIO_HISTORIA.firmado(nombre));
          if (item.estado !== 'recibido') {
            const responsable = await claimantRepo.responsable(tx, session.idCaso);
            if (responsable !== null) {
              await notificaciones.avisar(tx, { idUsuarios: [responsable], tipo: 'portal_recibido', texto: PORTAL_AVISOS.recibido(nombre, item.nombre), idCaso: session.idCaso, autor });
            }
          }
        });
      } catch (error) {
        await documentacion.discardUploads([upload], error);
        throw error;
      }
      const item = await claimantRepo.item(db, idItem, session.idCaso, session.idTercero);
      return { message: PORTAL_CONVENIO_MESSAGES.firmado, item: itemReclamante(item!) };
    },
  };

  async function abrir(key: string) {
    return storage.get(key).catch((error: unknown) => {
      throw isMissingFile(error) ? notFound(PORTAL_CONVENIO_MESSAGES.noExiste) : error;
    });
  }
}
