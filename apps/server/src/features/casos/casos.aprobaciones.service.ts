import {
  APROBACION_AVISOS,
  APROBACION_HISTORIA,
  APROBACION_MESSAGES,
  ROL,
  puedeResolver,
  superaLimite,
  type Aprobacion,
  type AprobacionDelCaso,
  type AprobacionesPage,
  type AprobacionesQuery,
  type AprobacionTipo,
  CASO_MESSAGES,
} from '@siniestros/domain';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, forbidden, notFound } from '../../shared/errors';
import { pageOffset, totalPages } from '../../shared/paging';
import { setAuditActor } from '../audit';
import { aprobacionesRepository as repo, type AprobacionRow, type Autoridad } from './casos.aprobaciones.repository';

/**
 * What approvals tell the bell and the Diario (features/notificaciones and tareas, wired in
 * app.ts), in the request's transaction.
 */
export type AprobacionAvisos = {
  notificar(
    tx: DbOrTx,
    aviso: { idUsuarios: number[]; tipo: 'aprobacion_pedida' | 'aprobacion_resuelta'; texto: string; idCaso: number; autor: string },
  ): Promise<void>;
  /** The approver's task, one per request (origen 'aprobacion'). */
  abrirTarea(tx: DbOrTx, tarea: { idAprobacion: number; idCaso: number; idUsuario: number; texto: string }): Promise<void>;
  /** The request was resolved: its task is closed by the system. */
  cerrarTarea(tx: DbOrTx, idAprobacion: number): Promise<void>;
};

/** Appends a history row inside the caller's transaction (the historial feature, wired in app.ts). */
type HistoryWriter = { add: (tx: DbOrTx, idCaso: number, usuario: string, msg: string) => Promise<unknown> };

/** The signed-in person (their role and limit are read from the database). */
export type Quien = { id: number; username: string };

/** An offer or reconsideration, as its form sent it. */
export type Pedido = { tipo: AprobacionTipo; monto: string; datos: Record<string, unknown> };

/** The answer of an offer kept waiting: the case did not move. */
export type Retenido = { id_estado: number; pendiente: true; id_aprobacion: number };

export type Decision = { estado: 'aprobada' } | { estado: 'rechazada'; motivo: string };

export type AprobacionesService = ReturnType<typeof createAprobacionesService>;

const rules = (autoridad: Autoridad) => ({
  id: autoridad.id,
  esAdmin: autoridad.rol === ROL.ADMIN,
  esUser: autoridad.rol === ROL.USER,
  limite: autoridad.limite,
});

function toResponse(row: AprobacionRow, autoridad: Autoridad | undefined): Aprobacion {
  return {
    ...row,
    solicitada: row.solicitada.toISOString(),
    resuelta: row.resuelta ? row.resuelta.toISOString() : null,
    puede_resolver: row.estado === 'pendiente' && autoridad !== undefined && puedeResolver(rules(autoridad), row),
  };
}

/**
 * Authority limits (issue 41 item 5, docs/decisions/081): an offer above its maker's limit waits
 * as a request; an Admin, or a User whose limit covers it, approves (the life cycle applies it) or
 * rejects it with a reason. Each step writes the case's history and tells the people concerned.
 */
export function createAprobacionesService(deps: { db: Db; historial: HistoryWriter; avisos?: AprobacionAvisos }) {
  const { db, historial, avisos } = deps;

  const service = {
    /**
     * In the offer's transaction, under the case's lock: refuses a second request while one waits
     * (409); above the maker's limit stores the request, its history row, the approvers' items
     * and task, and answers `Retenido`; within it answers null (the offer goes ahead).
     */
    async retener(tx: DbOrTx, caso: { id: number; id_estado: number }, pedido: Pedido, quien: Quien): Promise<Retenido | null> {
      await service.sinPendiente(tx, caso.id);
      const autoridad = await repo.autoridad(tx, quien.id);
      const limite = autoridad?.rol === ROL.USER ? autoridad.limite : null;
      if (limite === null || !superaLimite(pedido.monto, limite)) return null;
      const id = await repo.insert(tx, {
        id_caso: caso.id,
        tipo: pedido.tipo,
        monto: pedido.monto,
        datos: pedido.datos,
        solicitado_por: quien.username,
        id_usuario_solicitante: quien.id,
      });
      await historial.add(tx, caso.id, quien.username, APROBACION_HISTORIA.pendiente(pedido.tipo, pedido.monto, quien.username, limite));
      const aprobadores = await repo.aprobadores(tx, pedido.monto, quien.id);
      await avisos?.notificar(tx, {
        idUsuarios: aprobadores,
        tipo: 'aprobacion_pedida',
        texto: APROBACION_AVISOS.pedida(pedido.tipo, pedido.monto, quien.username),
        idCaso: caso.id,
        autor: quien.username,
      });
      const encargado = aprobadores[0];
      if (encargado !== undefined) {
        await avisos?.abrirTarea(tx, {
          idAprobacion: id,
          idCaso: caso.id,
          idUsuario: encargado,
          texto: APROBACION_AVISOS.tarea(pedido.tipo, pedido.monto, quien.username),
        });
      }
      return { id_estado: caso.id_estado, pendiente: true, id_aprobacion: id };
    },

    /** 409 while the case has a request waiting: no other offer, and no acceptance of the one it would replace. */
    async sinPendiente(tx: DbOrTx, idCaso: number) {
      if (await repo.pendienteDelCaso(tx, idCaso)) throw conflict(APROBACION_MESSAGES.yaPendiente);
    },

    /**
     * A case closed while a request waits: the request is rejected with the closing as its reason
     * (its task closes, its maker is told), so it does not wait for an approval that cannot apply.
     */
    async rechazarAlCerrar(tx: DbOrTx, idCaso: number, usuario: string, motivoCierre: string) {
      const pendiente = await repo.pendienteDelCaso(tx, idCaso);
      const row = pendiente && (await repo.lockById(tx, pendiente.id));
      if (row?.estado !== 'pendiente') return;
      await service.resolver(tx, row, { username: usuario }, { estado: 'rechazada', motivo: APROBACION_MESSAGES.casoCerrado(motivoCierre) });
    },

    /** The case a request is on (404 when there is no such request). */
    async casoDe(tx: DbOrTx, id: number): Promise<number> {
      const row = await repo.findById(tx, id);
      if (!row) throw notFound(APROBACION_MESSAGES.notFound);
      return row.id_caso;
    },

    /**
     * Locks a pending request for `quien` to resolve: 404 none, 409 already resolved, 403 their
     * own or above their limit (an Inspector never reaches here: the routes are for staff).
     */
    async tomar(tx: DbOrTx, id: number, quien: Quien): Promise<AprobacionRow> {
      const row = await repo.lockById(tx, id);
      if (!row) throw notFound(APROBACION_MESSAGES.notFound);
      if (row.estado !== 'pendiente') throw conflict(APROBACION_MESSAGES.yaResuelta);
      if (row.id_usuario_solicitante === quien.id) throw forbidden(APROBACION_MESSAGES.propia);
      const autoridad = await repo.autoridad(tx, quien.id);
      if (!autoridad || !puedeResolver(rules(autoridad), row)) throw forbidden(APROBACION_MESSAGES.limiteInsuficiente);
      return row;
    },

    /** Marks the request resolved, with its history row; its task closes and its maker is told. */
    async resolver(tx: DbOrTx, row: AprobacionRow, quien: Pick<Quien, 'username'>, decision: Decision) {
      const motivo = decision.estado === 'rechazada' ? decision.motivo : null;
      await repo.resolve(tx, row.id, { estado: decision.estado, resuelta_por: quien.username, motivo });
      const historia =
        motivo === null
          ? APROBACION_HISTORIA.aprobada(row.tipo, row.monto, quien.username)
          : APROBACION_HISTORIA.rechazada(row.tipo, row.monto, quien.username, motivo);
      await historial.add(tx, row.id_caso, quien.username, historia);
      await avisos?.cerrarTarea(tx, row.id);
      await avisos?.notificar(tx, {
        idUsuarios: [row.id_usuario_solicitante],
        tipo: 'aprobacion_resuelta',
        texto:
          motivo === null
            ? APROBACION_AVISOS.aprobada(row.tipo, row.monto, quien.username)
            : APROBACION_AVISOS.rechazada(row.tipo, row.monto, quien.username, motivo),
        idCaso: row.id_caso,
        autor: quien.username,
      });
    },

    /** 'Rechazar': the case stays as it was. */
    async rechazar(id: number, motivo: string, quien: Quien) {
      return db.transaction(async (tx) => {
        await setAuditActor(tx, quien.username);
        const row = await service.tomar(tx, id, quien);
        await service.resolver(tx, row, quien, { estado: 'rechazada', motivo });
        return { message: APROBACION_MESSAGES.rechazada };
      });
    },

    async page(query: AprobacionesQuery, quien: Quien): Promise<AprobacionesPage> {
      const autoridad = await repo.autoridad(db, quien.id);
      if (!autoridad) return { data: [], total: 0, totalPages: 0 };
      const { rows, total } = await repo.page(db, query.estado, autoridad, query.pageSize, pageOffset(query));
      return { data: rows.map((row) => toResponse(row, autoridad)), total, totalPages: totalPages(total, query.pageSize) };
    },

    /** The case's pending request (if any) and the signed-in user's own limit (the offer dialog shows it). */
    async delCaso(idCaso: number, quien: Quien): Promise<AprobacionDelCaso> {
      if (!(await repo.casoExists(db, idCaso))) throw notFound(CASO_MESSAGES.notFound);
      const [row, autoridad] = await Promise.all([repo.pendienteDelCaso(db, idCaso), repo.autoridad(db, quien.id)]);
      return {
        pendiente: row ? toResponse(row, autoridad) : null,
        limite: autoridad?.rol === ROL.USER ? autoridad.limite : null,
      };
    },
  };
  return service;
}
