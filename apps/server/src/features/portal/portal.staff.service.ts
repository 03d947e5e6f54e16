import {
  AUDIT_ACTION,
  AUDIT_ENTITY,
  CASO_MESSAGES,
  PORTAL_CORREO,
  PORTAL_HISTORIA,
  PORTAL_MESSAGES,
  celularWhatsapp,
  portalCanalesTexto,
  todayIso,
  whatsappUrl,
  type PedidoRespuesta,
  type PortalCanal,
  type PortalConvenio,
  type PortalCorreoDatos,
  type PortalDelCaso,
  type PortalItem,
  type PortalMensaje,
  type pedirDocumentacionSchema,
  type portalRespuestaSchema,
  type recibidosQuery,
  type revisarItemSchema,
} from '@siniestros/domain';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { isCurrentVersion } from '../../db/edit-version';
import { conflict, notFound, unprocessable } from '../../shared/errors';
import { setAuditActor, type AuditActor, type AuditService } from '../audit';
import type { HistorialService } from '../historial';
import type { Mailer } from '../notificaciones';
import { hashSecret, newSecret, portalLink } from './portal.tokens';
import { portalStaffRepository as repo, type CasoDelPortal, type EnlaceRow, type TerceroDelPortal } from './portal.staff.repository';

export type PortalStaffService = ReturnType<typeof createPortalStaffService>;
type Log = { warn: (object: object, message: string) => void };
type EmailEstado = PedidoRespuesta['email'];

const DAY_MS = 86_400_000;

/** The addresses of a stored mail list ('a@b; c@d', or 'S/D'). */
export const direcciones = (mail: string | null) => (mail ?? '').split(';').map((part) => part.trim()).filter((part) => part.includes('@'));

/** Why an e-mail to a claimant was not sent, as its portal_envios row says. */
export const ENVIO_DETALLE: Record<Exclude<EmailEstado, 'enviado' | 'no_pedido'>, string> = {
  sin_correo: 'El tercero no tiene correo electrónico',
  sin_smtp: 'El correo no está configurado',
  error: 'El servidor de correo no respondió',
};

/** Sends one e-mail to the third party when it has an address and SMTP is set; never throws. */
export async function enviarAlTercero(
  deps: { mailer?: Mailer; log?: Log },
  tercero: Pick<TerceroDelPortal, 'mail'>,
  correo: { subject: string; text: string },
  idCaso: number,
): Promise<{ estado: Exclude<EmailEstado, 'no_pedido'>; para: string | null }> {
  const para = direcciones(tercero.mail);
  if (para.length === 0) return { estado: 'sin_correo', para: null };
  if (!deps.mailer) return { estado: 'sin_smtp', para: para.join(', ') };
  try {
    await deps.mailer.send({ to: para.join(', '), ...correo });
    return { estado: 'enviado', para: para.join(', ') };
  } catch (error) {
    deps.log?.warn({ err: error, idCaso }, 'portal e-mail not sent');
    return { estado: 'error', para: para.join(', ') };
  }
}

/** What the claimant's e-mails say about the case and them. */
export const datosCorreo = (caso: Pick<CasoDelPortal, 'reclamo_nro' | 'compania'>, tercero: Pick<TerceroDelPortal, 'nombre'>, org: string): PortalCorreoDatos => ({
  nombre: tercero.nombre,
  org,
  reclamo: caso.reclamo_nro,
  compania: caso.compania,
});

/**
 * A new capability link for a third party, in the caller's transaction with the third party
 * locked: its live link is revoked (its sessions end) and a new one made, expiring after
 * `dias_validez` days. The token exists only in the return: the table keeps its SHA-256.
 */
export async function abrirEnlace(
  tx: DbOrTx,
  values: { idCaso: number; idTercero: number; actor: string; ahora: Date; destruccion_total?: boolean; no_titular?: boolean },
): Promise<{ token: string; idEnlace: number; expira: Date }> {
  const token = newSecret();
  const ajustes = await repo.ajustes(tx);
  const previo = await repo.enlaceVivo(tx, values.idTercero);
  await repo.revocarVivo(tx, values.idTercero, values.ahora.toISOString(), values.actor);
  const expira = new Date(values.ahora.getTime() + ajustes.dias_validez * DAY_MS);
  const idEnlace = await repo.insertEnlace(tx, {
    id_caso: values.idCaso,
    id_tercero: values.idTercero,
    token_hash: hashSecret(token),
    creado: values.ahora.toISOString(),
    creado_por: values.actor,
    expira: expira.toISOString(),
    destruccion_total: values.destruccion_total ?? previo?.destruccion_total ?? false,
    no_titular: values.no_titular ?? previo?.no_titular ?? false,
  });
  return { token, idEnlace, expira };
}

const fieldProblem = (path: string, message: string) => unprocessable(message, [{ path, message }]);

/**
 * The office's side of the claimant portal (issue 42, docs/decisions/084): the checklist per third
 * party, the request that makes a new link (its token given once, only its SHA-256 kept), the
 * review of what arrived, the Bandeja de recibidos and the replies. Every write names its actor
 * for the audit triggers and writes its history row in its transaction; e-mail goes out after the
 * commit, as pagos' notice does, so a slow SMTP server holds no lock.
 */
export function createPortalStaffService(deps: {
  db: Db;
  historial: HistorialService;
  audit: AuditService;
  mailer?: Mailer;
  org: string;
  /** APP_URL; unset, the link is built on the request's own origin. */
  appUrl?: string;
  now?: () => Date;
  log?: Log;
  /** The live convenio of each third party of a case (portal.convenio.service.ts), shown with its checklist. */
  convenios: { delCaso(idCaso: number): Promise<Map<number, PortalConvenio>> };
}) {
  const { db, historial, audit } = deps;
  const now = deps.now ?? (() => new Date());

  async function casoOr404(idCaso: number): Promise<CasoDelPortal> {
    const caso = await repo.caso(db, idCaso);
    if (!caso) throw notFound(CASO_MESSAGES.notFound);
    return caso;
  }

  const enviar = (tercero: TerceroDelPortal, correo: { subject: string; text: string }, idCaso: number) => enviarAlTercero(deps, tercero, correo, idCaso);

  function enlaceVista(enlace: EnlaceRow, maxIntentos: number) {
    const ahora = now().getTime();
    return {
      id: enlace.id,
      creado: enlace.creado,
      creado_por: enlace.creado_por,
      expira: enlace.expira,
      revocado: enlace.revocado,
      bloqueado: enlace.intentos_fallidos >= maxIntentos || (enlace.bloqueado_hasta !== null && Date.parse(enlace.bloqueado_hasta) > ahora),
      ultimo_acceso: enlace.ultimo_acceso,
      vigente: Date.parse(enlace.expira) > ahora,
    };
  }

  return {
    /** GET /casos/{id}/portal: per third party its checklist, the requirements that apply, its live link (never a token). */
    async delCaso(idCaso: number): Promise<PortalDelCaso> {
      const caso = await casoOr404(idCaso);
      const [terceros, items, enlaces, requisitos, ajustes, convenios] = await Promise.all([
        repo.terceros(db, idCaso),
        repo.itemsDelCaso(db, idCaso),
        repo.enlacesVivos(db, idCaso),
        repo.requisitosDelProducto(db, caso.id_producto),
        repo.ajustes(db),
        deps.convenios.delCaso(idCaso),
      ]);
      return {
        terceros: terceros.map((tercero) => {
          const suyos = items.filter((item) => item.id_tercero === tercero.id);
          const enlace = enlaces.find((row) => row.id_tercero === tercero.id);
          const condiciones = {
            lesionado: caso.lesionado,
            letrado: caso.letrado || tercero.letrado,
            destruccion_total: enlace?.destruccion_total ?? false,
            no_titular: enlace?.no_titular ?? false,
          };
          return {
            id_tercero: tercero.id,
            nombre: tercero.nombre,
            mail: tercero.mail,
            cel: tercero.cel,
            items: suyos,
            aplicables: requisitos.map((requisito) => {
              const item = suyos.find((row) => row.id_requisito === requisito.id);
              return {
                id_requisito: requisito.id,
                tipo: requisito.tipo,
                nombre: requisito.nombre,
                explicacion: requisito.explicacion,
                condicion: requisito.condicion,
                tiene_ejemplo: requisito.tiene_ejemplo,
                aplica: requisito.condicion === 'siempre' || condiciones[requisito.condicion],
                pedido: Boolean(item),
                id_item: item?.id ?? null,
                estado: item?.estado ?? null,
              };
            }),
            condiciones,
            enlace: enlace ? enlaceVista(enlace, ajustes.max_intentos) : null,
            completa: suyos.length > 0 && suyos.every((item) => item.estado === 'aceptado'),
            convenio: convenios.get(tercero.id) ?? null,
          };
        }),
      };
    },

    /**
     * POST /casos/{id}/portal/pedidos: revokes the third party's live link (its sessions end),
     * makes a new one, asks the items, and gives the link, the WhatsApp click-to-chat URL and the
     * e-mail's outcome. The token exists only in this answer.
     */
    async pedir(idCaso: number, input: z.output<typeof pedirDocumentacionSchema>, who: AuditActor, origin: string): Promise<PedidoRespuesta> {
      const ahora = now();
      const { caso, tercero, requisitos, idEnlace, expira, token } = await db.transaction(async (tx) => {
        await setAuditActor(tx, who.actor);
        const caso = await repo.caso(tx, idCaso);
        if (!caso) throw notFound(CASO_MESSAGES.notFound);
        const tercero = await repo.lockTercero(tx, idCaso, input.id_tercero);
        if (!tercero) throw fieldProblem('id_tercero', PORTAL_MESSAGES.terceroNoEsDelCaso);
        if (!tercero.nro_doc?.replace(/\D/g, '')) throw fieldProblem('id_tercero', PORTAL_MESSAGES.terceroSinDni);
        const ids = [...new Set(input.requisitos)];
        const requisitos = await repo.requisitosPorId(tx, ids);
        const validos = requisitos.filter((row) => row.activo && (row.id_producto === null || row.id_producto === caso.id_producto));
        if (validos.length !== ids.length) throw fieldProblem('requisitos', PORTAL_MESSAGES.requisitoNoExiste);
        const enlace = await abrirEnlace(tx, {
          idCaso,
          idTercero: tercero.id,
          actor: who.actor,
          ahora,
          destruccion_total: input.destruccion_total,
          no_titular: input.no_titular,
        });
        await repo.pedirItems(tx, idCaso, tercero.id, validos, ahora.toISOString());
        return { caso, tercero, requisitos: validos, ...enlace };
      });

      const enlace = portalLink(deps.appUrl ?? origin, token);
      const datos = datosCorreo(caso, tercero, deps.org);
      const vence = todayIso(expira);
      const celular = celularWhatsapp(tercero.cel);
      const whatsapp = whatsappUrl(celular, PORTAL_CORREO.whatsapp({ ...datos, enlace, vence }));

      let email: EmailEstado = 'no_pedido';
      let para: string | null = null;
      if (input.email) {
        const sent = await enviar(
          tercero,
          { subject: PORTAL_CORREO.pedidoAsunto(datos), text: PORTAL_CORREO.pedidoTexto({ ...datos, items: requisitos.map((row) => row.nombre), enlace, vence }) },
          idCaso,
        );
        email = sent.estado;
        para = sent.para;
      }
      const otros = input.canales?.length ? input.canales : email === 'enviado' ? [] : (['enlace'] as const);
      const canales: PortalCanal[] = [...new Set<PortalCanal>([...(email === 'enviado' ? (['email'] as const) : []), ...otros])];

      await db.transaction(async (tx) => {
        await setAuditActor(tx, who.actor);
        const base = { id_enlace: idEnlace, usuario: who.actor, creado: now().toISOString() };
        await repo.insertEnvios(tx, [
          ...canales.map((canal) => ({ ...base, canal, destino: canal === 'email' ? para : canal === 'whatsapp' ? celular : null })),
          ...(email !== 'enviado' && email !== 'no_pedido' ? [{ ...base, canal: 'email', destino: para, ok: false, detalle: ENVIO_DETALLE[email] }] : []),
        ]);
        const texto = portalCanalesTexto(canales);
        await historial.add(tx, idCaso, who.actor, PORTAL_HISTORIA.pedido(tercero.nombre, requisitos.length, texto));
        await audit.record(tx, {
          ...who,
          action: AUDIT_ACTION.portalPedido,
          entity: AUDIT_ENTITY.caso,
          entityId: idCaso,
          detail: `Tercero ${tercero.id}: ${requisitos.length} documentos por ${texto}`,
        });
      });

      const message =
        email === 'sin_correo'
          ? PORTAL_MESSAGES.pedidoSinCorreo
          : email === 'sin_smtp'
            ? PORTAL_MESSAGES.pedidoSinSmtp
            : email === 'error'
              ? PORTAL_MESSAGES.pedidoCorreoFallo
              : PORTAL_MESSAGES.pedidoEnviado;
      return { message, enlace, expira: expira.toISOString(), whatsapp, email };
    },

    /** DELETE /casos/{id}/portal/enlaces/{idTercero}: the live link stops opening and its sessions end. */
    async revocar(idCaso: number, idTercero: number, who: AuditActor): Promise<{ message: string }> {
      await casoOr404(idCaso);
      return db.transaction(async (tx) => {
        await setAuditActor(tx, who.actor);
        const tercero = await repo.lockTercero(tx, idCaso, idTercero);
        if (!tercero) throw notFound(PORTAL_MESSAGES.terceroNoEsDelCaso);
        const idEnlace = await repo.revocarVivo(tx, tercero.id, now().toISOString(), who.actor);
        if (idEnlace === undefined) throw notFound(PORTAL_MESSAGES.sinEnlace);
        await historial.add(tx, idCaso, who.actor, PORTAL_HISTORIA.revocado(tercero.nombre));
        await audit.record(tx, { ...who, action: AUDIT_ACTION.portalRevocado, entity: AUDIT_ENTITY.caso, entityId: idCaso, detail: `Tercero ${tercero.id}` });
        return { message: PORTAL_MESSAGES.enlaceRevocado };
      });
    },

    /**
     * PATCH /casos/{id}/portal/items/{idItem}: accept, or reject with the reason the claimant reads.
     * Only a received item is reviewed, at the version the reviewer read (409 otherwise).
     */
    async revisar(idCaso: number, idItem: number, input: z.output<typeof revisarItemSchema>, usuario: string): Promise<{ message: string; data: PortalItem; completa: boolean }> {
      return db.transaction(async (tx) => {
        await setAuditActor(tx, usuario);
        const visto = await repo.item(tx, idCaso, idItem);
        if (!visto) throw notFound(PORTAL_MESSAGES.itemNoExiste);
        // The third party first, as a request does: the two never wait for each other in opposite order.
        await repo.lockTercero(tx, idCaso, visto.id_tercero);
        await repo.lockItem(tx, idCaso, idItem);
        const item = (await repo.item(tx, idCaso, idItem))!;
        if (!isCurrentVersion(input.version, item.version)) throw conflict(PORTAL_MESSAGES.stale);
        if (item.estado !== 'recibido') throw conflict(PORTAL_MESSAGES.itemNoRecibido);
        const aceptar = input.decision === 'aceptar';
        await repo.revisar(tx, idItem, {
          estado: aceptar ? 'aceptado' : 'rechazado',
          motivo: input.decision === 'rechazar' ? input.motivo : null,
          revisado: now().toISOString(),
          revisado_por: usuario,
        });
        await historial.add(tx, idCaso, usuario, input.decision === 'rechazar' ? PORTAL_HISTORIA.rechazado(item.nombre, input.motivo) : PORTAL_HISTORIA.aceptado(item.nombre));
        const completa = aceptar && (await repo.estadosDelTercero(tx, item.id_tercero)).every((estado) => estado === 'aceptado');
        if (completa) await historial.add(tx, idCaso, usuario, PORTAL_HISTORIA.completa);
        return {
          message: aceptar ? PORTAL_MESSAGES.itemAceptado : PORTAL_MESSAGES.itemRechazado,
          data: (await repo.item(tx, idCaso, idItem))!,
          completa,
        };
      });
    },

    /** GET /portal-admin/recibidos: the Bandeja de recibidos, oldest first. */
    async recibidos(query: z.output<typeof recibidosQuery>) {
      const [rows, total] = await Promise.all([repo.recibidos(db, (query.page - 1) * query.pageSize, query.pageSize), repo.recibidosTotal(db)]);
      return { rows, total };
    },

    async mensajes(idCaso: number, idTercero: number): Promise<PortalMensaje[]> {
      await casoOr404(idCaso);
      if (!(await repo.tercero(db, idCaso, idTercero))) throw notFound(PORTAL_MESSAGES.terceroNoEsDelCaso);
      return repo.mensajes(db, idTercero);
    },

    /**
     * POST /casos/{id}/portal/mensajes: the office's reply, shown in the portal, with a "tiene un
     * mensaje nuevo" e-mail when the third party has a live link to open (the token is not kept,
     * so the notice points to the link they have).
     */
    async responder(idCaso: number, input: z.output<typeof portalRespuestaSchema>, usuario: string) {
      const caso = await casoOr404(idCaso);
      const { tercero, mensaje, enlace } = await db.transaction(async (tx) => {
        await setAuditActor(tx, usuario);
        const tercero = await repo.lockTercero(tx, idCaso, input.id_tercero);
        if (!tercero) throw fieldProblem('id_tercero', PORTAL_MESSAGES.terceroNoEsDelCaso);
        const mensaje = await repo.insertMensaje(tx, {
          id_caso: idCaso,
          id_tercero: tercero.id,
          autor: 'oficina',
          usuario,
          texto: input.texto,
          creado: now().toISOString(),
        });
        await historial.add(tx, idCaso, usuario, PORTAL_HISTORIA.respuesta(input.texto));
        return { tercero, mensaje, enlace: await repo.enlaceVivo(tx, tercero.id) };
      });
      let email: 'enviado' | 'sin_correo' | 'sin_smtp' | 'error' | 'sin_enlace' = 'sin_enlace';
      if (enlace && Date.parse(enlace.expira) > now().getTime()) {
        const datos = datosCorreo(caso, tercero, deps.org);
        const sent = await enviar(tercero, { subject: PORTAL_CORREO.mensajeAsunto(datos), text: PORTAL_CORREO.mensajeTexto(datos) }, idCaso);
        email = sent.estado;
        await repo.insertEnvios(db, [
          {
            id_enlace: enlace.id,
            canal: 'aviso_mensaje',
            destino: sent.para,
            usuario,
            creado: now().toISOString(),
            ok: sent.estado === 'enviado',
            detalle: sent.estado === 'enviado' ? null : ENVIO_DETALLE[sent.estado],
          },
        ]);
      }
      return { message: PORTAL_MESSAGES.respuestaEnviada, data: mensaje, email };
    },
  };
}
