import {
  AUDIT_ACTION,
  AUDIT_ENTITY,
  NOTIFICACION_MESSAGES,
  RESUMEN_CORREO,
  RESUMEN_MAX_ITEMS,
  notificacionDetalle,
  notificacionTitulo,
  todayIso,
  type NotificacionPreferencias,
  type NotificacionPreferenciasInput,
  type NotificacionesPage,
  type NotificacionesQuery,
} from '@siniestros/domain';
import type { Db, DbOrTx } from '../../db/client';
import { ADVISORY_LOCK } from '../../db/locks';
import { notFound } from '../../shared/errors';
import { pageOffset, totalPages } from '../../shared/paging';
import type { AuditService } from '../audit';
import type { Mailer } from './notificaciones.correo';
import { notificacionesRepository as repo, type Aviso, type Destinatario, type TareaAsignadaAviso } from './notificaciones.repository';

export type NotificacionesService = ReturnType<typeof createNotificacionesService>;

type Actor = { actor: string; ip?: string; method?: string; route?: string };
type Log = { warn(object: object, message: string): void; info(object: object, message: string): void };

/** The hour of `now` in Argentina (UTC−3, no daylight saving), as HH:MM. */
export const horaArgentina = (now: Date) => new Date(now.getTime() - 3 * 3600_000).toISOString().slice(11, 16);

/** The time-made items of `dia` (tasks due, clocks amber) without the lock: for the demo seed, which runs alone. */
export async function generarAvisos(db: Db, dia: string): Promise<{ tareas: number; plazos: number }> {
  return db.transaction(async (tx) => ({ tareas: await repo.avisarTareas(tx, dia), plazos: await repo.avisarPlazos(tx, dia) }));
}

/**
 * Notifications (issue 18 item 4; docs/decisions/050): the user's items, read / unread, their
 * settings; the items of events (a task assigned, in the task's transaction; a case given to an
 * analyst, by trigger) and of time passing (a task due, a clock turning amber: `generarAvisos`,
 * periodic, one node at a time); and the daily e-mail digest (`enviarResumenes`).
 */
export function createNotificacionesService(deps: {
  db: Db;
  audit: AuditService;
  mailer?: Mailer;
  /** ORG_NAME, the digest's subject. */
  org: string;
  /** APP_URL: the digest links to the page when it is known. */
  appUrl?: string;
  /** RESUMEN_HORA, HH:MM in Argentina: the digest goes at the first run from that time. */
  resumenHora: string;
  log?: Log;
  now?: () => Date;
}) {
  const { db, audit } = deps;
  const now = deps.now ?? (() => new Date());

  async function preferenciasDe(tx: DbOrTx, user: { id: number; username: string }): Promise<NotificacionPreferencias> {
    return { ...(await repo.preferencias(tx, user.id)), correo: user.username, correo_configurado: Boolean(deps.mailer) };
  }

  function correoDe(destinatario: Destinatario, items: Awaited<ReturnType<typeof repo.page>>['rows'], total: number, dia: string) {
    const lines = items.map((item) => `- ${notificacionTitulo(item, dia)}: ${notificacionDetalle(item)}`);
    if (total > items.length) lines.push(RESUMEN_CORREO.masItems(total - items.length));
    const link = deps.appUrl ? [RESUMEN_CORREO.enlace(`${deps.appUrl.replace(/\/+$/, '')}/notificaciones`), ''] : [];
    return {
      to: destinatario.username,
      subject: RESUMEN_CORREO.asunto(deps.org, total),
      text: [
        RESUMEN_CORREO.saludo(destinatario.nombre),
        '',
        RESUMEN_CORREO.intro(total),
        '',
        ...lines,
        '',
        ...link,
        RESUMEN_CORREO.pie,
        '',
      ].join('\n'),
    };
  }

  const service = {
    async page(query: NotificacionesQuery, idUsuario: number): Promise<NotificacionesPage> {
      const { rows, total, noLeidas } = await repo.page(db, idUsuario, query.no_leidas === '1', query.pageSize, pageOffset(query));
      return { data: rows, total, totalPages: totalPages(total, query.pageSize), no_leidas: noLeidas };
    },

    /** One of the user's items read; another user's item is answered as missing. */
    async marcarLeida(idUsuario: number, id: number) {
      if (!(await repo.marcarLeida(db, idUsuario, id))) throw notFound(NOTIFICACION_MESSAGES.notFound);
      return { message: NOTIFICACION_MESSAGES.leida, no_leidas: await repo.noLeidas(db, idUsuario) };
    },

    async marcarTodas(idUsuario: number) {
      await repo.marcarTodas(db, idUsuario);
      return { message: NOTIFICACION_MESSAGES.todasLeidas, no_leidas: 0 };
    },

    preferencias: (user: { id: number; username: string }) => preferenciasDe(db, user),

    async guardarPreferencias(user: { id: number; username: string }, input: NotificacionPreferenciasInput, who: Actor) {
      return db.transaction(async (tx) => {
        const before = await repo.preferencias(tx, user.id);
        await repo.guardarPreferencias(tx, user.id, input);
        const changes: Record<string, [unknown, unknown]> = {};
        for (const field of ['resumen_diario'] as const) {
          if (before[field] !== input[field]) changes[field] = [before[field], input[field]];
        }
        await audit.record(tx, {
          ...who,
          action: AUDIT_ACTION.notificacionPreferencias,
          entity: AUDIT_ENTITY.notificacionPreferencias,
          entityId: user.id,
          changes,
        });
        return { message: NOTIFICACION_MESSAGES.preferenciasGuardadas, ...(await preferenciasDe(tx, user)) };
      });
    },

    /** The Diario's hook (features/tareas calls it in the task's transaction). */
    tareaAsignada: (tx: DbOrTx, aviso: TareaAsignadaAviso) => repo.tareaAsignada(tx, aviso),

    /** An event's item for several users, in the event's transaction (approvals, docs/decisions/081). */
    avisar: (tx: DbOrTx, aviso: Aviso) => repo.avisar(tx, aviso),

    /**
     * The items time makes: tasks due today (or overdue within a week) and clocks turning amber.
     * Under a transaction-level advisory lock, so one node of a fleet makes them at a time; the
     * unique key makes each once, whoever runs and however often. Null: another node has the lock.
     */
    async generarAvisos(dia = todayIso(now())): Promise<{ tareas: number; plazos: number } | null> {
      return db.transaction(async (tx) => {
        if (!(await repo.tryLock(tx, ADVISORY_LOCK.NOTIFICACIONES))) return null;
        return { tareas: await repo.avisarTareas(tx, dia), plazos: await repo.avisarPlazos(tx, dia) };
      });
    },

    /**
     * The daily digest of `dia` to each user who asked for it: their unread items in one e-mail.
     * A user's day is claimed (a row of resumenes_enviados) before the message goes, so a second
     * node or a restart never sends it again; a failed send lets the claim go and the next run
     * retries. A process killed between the claim and the send loses that day's e-mail (at most once).
     */
    async enviarResumenes(dia = todayIso(now())): Promise<{ enviados: number; sinNovedades: number; fallidos: number }> {
      const result = { enviados: 0, sinNovedades: 0, fallidos: 0 };
      const mailer = deps.mailer;
      if (!mailer) return result;
      for (const destinatario of await repo.pendientesDeResumen(db, dia)) {
        if (!(await repo.reclamarResumen(db, destinatario.id, dia))) continue;
        const { rows, noLeidas } = await repo.page(db, destinatario.id, true, RESUMEN_MAX_ITEMS, 0);
        if (noLeidas === 0) {
          await repo.resumenEnviado(db, destinatario.id, dia, 0);
          result.sinNovedades++;
          continue;
        }
        try {
          await mailer.send(correoDe(destinatario, rows, noLeidas, dia));
        } catch (error) {
          await repo.soltarResumen(db, destinatario.id, dia);
          deps.log?.warn({ err: error, usuario: destinatario.id }, 'digest e-mail not sent: retried at the next run');
          result.fallidos++;
          continue;
        }
        await repo.resumenEnviado(db, destinatario.id, dia, noLeidas);
        result.enviados++;
      }
      return result;
    },

    /** What main.ts runs every few minutes: the periodic items, then the digest once its hour has come. */
    async tick() {
      const moment = now();
      const avisos = await service.generarAvisos(todayIso(moment));
      const resumenes = horaArgentina(moment) >= deps.resumenHora ? await service.enviarResumenes(todayIso(moment)) : null;
      return { avisos, resumenes };
    },
  };
  return service;
}
