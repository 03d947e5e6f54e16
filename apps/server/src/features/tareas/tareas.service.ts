import {
  AUDIT_ACTION,
  AUDIT_ENTITY,
  CASO_MESSAGES,
  MASIVO_MESSAGES,
  TAREA_DOCUMENTACION_DIAS,
  TAREA_HISTORIA,
  TAREA_INSPECCION_DIAS_HABILES,
  TAREA_MESSAGES,
  TAREA_TEXTO_SISTEMA,
  addDaysIso,
  addDiasHabiles,
  finDeSemanaIso,
  todayIso,
  type Tarea,
  type TareaAsignable,
  type TareaInput,
  type TareasPage,
  type TareasQuery,
} from '@siniestros/domain';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, notFound, unprocessable } from '../../shared/errors';
import { pageOffset, totalPages } from '../../shared/paging';
import { SISTEMA, type Actor, type AuditWriter, type HistorialWriter, type TareaNotificaciones } from './tareas.ports';
import type { DayRange } from '../../db/contadores';
import { tareasRepository as repo } from './tareas.repository';

export type TareasService = ReturnType<typeof createTareasService>;

/** What a hearing or an inspection tells the Diario (mediacion and inspeccion call these in their transactions). */
export type AudienciaFijada = { idAudiencia: number; idCaso: number; fechah: string; hora: string; lugar: string; usuario: string };
export type InspeccionFijada = { idInspeccion: number; idCaso: number; fecha: string; usuario: string };
export type AprobacionPedida = { idAprobacion: number; idCaso: number; idUsuario: number; texto: string };

/**
 * The Diario (issue 18 item 2; docs/decisions/043): tasks with a due date on a case, for one user.
 * Every change writes a history row on the case and an audit row, in one transaction; the system
 * makes and closes its own tasks when hearings and inspections are scheduled or closed.
 */
export function createTareasService(deps: {
  db: Db;
  historial: HistorialWriter;
  audit: AuditWriter;
  /** 'Tarea asignada' for the assignee when someone else gives them a task (optional: tests of the Diario alone). */
  notificaciones?: TareaNotificaciones;
  today?: () => string;
  /** Days in Pendiente Documentación before a chase task. */
  documentacionDias?: number;
}) {
  const { db, historial, audit } = deps;
  const today = deps.today ?? (() => todayIso());
  const documentacionDias = deps.documentacionDias ?? TAREA_DOCUMENTACION_DIAS;

  async function asignable(tx: DbOrTx, idUsuario: number): Promise<TareaAsignable> {
    const usuario = await repo.asignable(tx, idUsuario);
    if (!usuario) throw unprocessable(TAREA_MESSAGES.usuarioInvalido, [{ path: 'id_usuario', message: TAREA_MESSAGES.usuarioInvalido }]);
    return usuario;
  }

  /** Closes the open system task of an origin, with a history row on its case. */
  async function closeSistema(tx: DbOrTx, origen: string, origenId: number): Promise<void> {
    for (const closed of await repo.closeSistema(tx, origen, origenId, SISTEMA.actor)) {
      await historial.add(tx, closed.idCaso, SISTEMA.actor, TAREA_HISTORIA.autoClosed(closed.texto));
    }
  }

  type TareaLock = NonNullable<Awaited<ReturnType<typeof repo.lockById>>>;

  /** A change to one open task, under its row lock, with its history and audit rows. */
  async function change(id: number, who: Actor, apply: (tx: DbOrTx, tarea: TareaLock) => Promise<string>) {
    return db.transaction(async (tx) => {
      const tarea = await repo.lockById(tx, id);
      if (!tarea) throw notFound(TAREA_MESSAGES.notFound);
      if (tarea.hecha) throw conflict(TAREA_MESSAGES.alreadyDone);
      return changeLocked(tx, tarea, who, apply);
    });
  }

  /** A change to an open task the caller has locked (one, or many in a bulk reassignment), with its history and audit rows. */
  async function changeLocked(tx: DbOrTx, tarea: TareaLock, who: Actor, apply: (tx: DbOrTx, tarea: TareaLock) => Promise<string>) {
    const id = tarea.id;
    const before = (await repo.findById(tx, id))!;
    const msg = await apply(tx, tarea);
    await historial.add(tx, tarea.idCaso, who.actor, msg);
    const after = (await repo.findById(tx, id))!;
    await audit.record(tx, {
      ...who,
      action: AUDIT_ACTION.tareaUpdated,
      entity: AUDIT_ENTITY.tarea,
      entityId: id,
      detail: `caso ${tarea.idCaso}`,
      changes: changed(before, after),
    });
    return after;
  }

  /** Gives a locked open task to `usuario`, with the bell's 'Tarea asignada'; answers its history text. */
  async function reassignTo(tx: DbOrTx, tarea: TareaLock, usuario: TareaAsignable, who: Actor): Promise<string> {
    await repo.reassign(tx, tarea.id, usuario.id);
    await deps.notificaciones?.tareaAsignada(tx, {
      idTarea: tarea.id,
      idCaso: tarea.idCaso,
      idUsuario: usuario.id,
      texto: tarea.texto,
      vence: (await repo.findById(tx, tarea.id))!.vence,
      autor: who.actor,
    });
    return TAREA_HISTORIA.reassigned(tarea.texto, usuario.nombre);
  }

  /** The ranges of the tabs: vencidas before today, hoy, esta semana from today to Sunday. */
  function rango(vista: TareasQuery['vista'], day: string): DayRange {
    if (vista === 'vencidas') return { antesDe: day };
    if (vista === 'hoy') return { desde: day, hasta: day };
    if (vista === 'semana') return { desde: day, hasta: finDeSemanaIso(day) };
    return {};
  }

  return {
    async listByCaso(idCaso: number): Promise<Tarea[]> {
      if (!(await repo.casoExists(db, idCaso))) throw notFound(CASO_MESSAGES.notFound);
      return repo.listOpenByCaso(db, idCaso);
    },

    /**
     * 'Mis tareas': the user's open tasks, or the team's with `equipo=1` (one user's with `usuario`),
     * soonest first, and the four tabs' figures.
     */
    async page(query: TareasQuery, idUsuario: number): Promise<TareasPage> {
      const day = today();
      const quien = query.equipo === '1' ? (query.usuario ?? null) : idUsuario;
      const offset = pageOffset(query);
      const tab = rango(query.vista, day);
      const weekEnd = finDeSemanaIso(day);
      // The page carries its total and the figures: one round trip.
      const { rows, total, contadores } = await repo.page(db, quien, tab, query.pageSize, offset, day, weekEnd);
      return { data: rows, total, totalPages: totalPages(total, query.pageSize), contadores };
    },

    /** Who a task can go to, the signed-in user marked (the new task's default). */
    asignables: async (idUsuario: number) => (await repo.asignables(db)).map((usuario) => ({ ...usuario, yo: usuario.id === idUsuario })),

    async create(idCaso: number, input: TareaInput, who: Actor): Promise<Tarea> {
      return db.transaction(async (tx) => {
        if (!(await repo.casoExists(tx, idCaso))) throw notFound(CASO_MESSAGES.notFound);
        const usuario = await asignable(tx, input.id_usuario);
        const id = await repo.insert(tx, { id_caso: idCaso, texto: input.texto, vence: input.vence, id_usuario: usuario.id, creado_por: who.actor });
        await historial.add(tx, idCaso, who.actor, TAREA_HISTORIA.created(input.texto, usuario.nombre, input.vence));
        await deps.notificaciones?.tareaAsignada(tx, { idTarea: id, idCaso, idUsuario: usuario.id, texto: input.texto, vence: input.vence, autor: who.actor });
        const created = (await repo.findById(tx, id))!;
        await audit.record(tx, {
          ...who,
          action: AUDIT_ACTION.tareaCreated,
          entity: AUDIT_ENTITY.tarea,
          entityId: id,
          detail: `caso ${idCaso}`,
          changes: changed({}, created),
        });
        return created;
      });
    },

    complete: (id: number, who: Actor) =>
      change(id, who, async (tx, tarea) => {
        await repo.markDone(tx, id, who.actor);
        return TAREA_HISTORIA.done(tarea.texto);
      }),

    /**
     * A case changed analyst and the person asked its tasks to follow (docs/decisions/083): the
     * open tasks of the old responsable go to the new one, each with a history, audit and bell row.
     */
    async moverConElCaso(tx: DbOrTx, idCaso: number, deAnalista: number | null, aAnalista: number | null, who: Actor): Promise<number> {
      const movidas = await repo.moverAbiertasDelCaso(tx, idCaso, deAnalista, aAnalista);
      for (const tarea of movidas) {
        await historial.add(tx, idCaso, who.actor, TAREA_HISTORIA.reassigned(tarea.texto, tarea.usuario));
        await audit.record(tx, {
          ...who,
          action: AUDIT_ACTION.tareaUpdated,
          entity: AUDIT_ENTITY.tarea,
          entityId: tarea.id,
          detail: `caso ${idCaso}`,
          changes: { id_usuario: [tarea.de, tarea.a] },
        });
        await deps.notificaciones?.tareaAsignada(tx, { idTarea: tarea.id, idCaso, idUsuario: tarea.a, texto: tarea.texto, vence: tarea.vence, autor: who.actor });
      }
      return movidas.length;
    },

    reassign: (id: number, idUsuario: number, who: Actor) =>
      change(id, who, async (tx, tarea) => {
        if (tarea.idUsuario === idUsuario) throw conflict(TAREA_MESSAGES.sameUser);
        return reassignTo(tx, tarea, await asignable(tx, idUsuario), who);
      }),

    /**
     * POST /tareas/masivo/asignar (docs/decisions/097): the single reassignment's rules on each
     * task, in one transaction; a task that does not exist or is done fails them all, naming how
     * many. A task already with that user is left as it is.
     */
    async reassignMany(ids: readonly number[], idUsuario: number, who: Actor): Promise<number> {
      return db.transaction(async (tx) => {
        const locked = await repo.lockOpen(tx, ids);
        if (locked.length < ids.length) throw conflict(MASIVO_MESSAGES.tareasNoPermitidas(ids.length - locked.length));
        const usuario = await asignable(tx, idUsuario);
        const moved = locked.filter((tarea) => tarea.idUsuario !== usuario.id);
        for (const tarea of moved) await changeLocked(tx, tarea, who, () => reassignTo(tx, tarea, usuario, who));
        return moved.length;
      });
    },

    /** A hearing scheduled or moved: a reminder on the working day before, for the case's responsable (else whoever scheduled it). */
    async audienciaFijada(tx: DbOrTx, event: AudienciaFijada): Promise<void> {
      const idUsuario = await repo.responsableDelCaso(tx, event.idCaso, event.usuario);
      if (idUsuario === undefined) return;
      await repo.upsertSistema(tx, {
        origen: 'audiencia',
        origen_id: event.idAudiencia,
        id_caso: event.idCaso,
        texto: TAREA_TEXTO_SISTEMA.audiencia(event.fechah, event.hora, event.lugar),
        vence: addDiasHabiles(event.fechah, -1),
        id_usuario: idUsuario,
        creado_por: SISTEMA.actor,
      });
    },

    /** An inspection scheduled or moved: a follow-up due 2 working days after its date, closed with the inspection. */
    async inspeccionFijada(tx: DbOrTx, event: InspeccionFijada): Promise<void> {
      const idUsuario = await repo.responsableDelCaso(tx, event.idCaso, event.usuario);
      if (idUsuario === undefined) return;
      await repo.upsertSistema(tx, {
        origen: 'inspeccion',
        origen_id: event.idInspeccion,
        id_caso: event.idCaso,
        texto: TAREA_TEXTO_SISTEMA.inspeccion(event.fecha),
        vence: addDiasHabiles(event.fecha, TAREA_INSPECCION_DIAS_HABILES),
        id_usuario: idUsuario,
        creado_por: SISTEMA.actor,
      });
    },

    /** The inspection was closed or deleted: its follow-up is closed by the system, with a history row. */
    inspeccionTerminada: (tx: DbOrTx, idInspeccion: number) => closeSistema(tx, 'inspeccion', idInspeccion),

    /** An offer waits for approval (docs/decisions/081): the approver's task, due the next working day. */
    async aprobacionPedida(tx: DbOrTx, event: AprobacionPedida): Promise<void> {
      await repo.upsertSistema(tx, {
        origen: 'aprobacion',
        origen_id: event.idAprobacion,
        id_caso: event.idCaso,
        texto: event.texto,
        vence: addDiasHabiles(today(), 1),
        id_usuario: event.idUsuario,
        creado_por: SISTEMA.actor,
      });
    },

    /** The request was approved or rejected, by whoever: its task is closed by the system. */
    aprobacionResuelta: (tx: DbOrTx, idAprobacion: number) => closeSistema(tx, 'aprobacion', idAprobacion),

    /**
     * The periodic sweep: a chase task for each case that has been in Pendiente Documentación
     * for `documentacionDias` days (TAREA_DOCUMENTACION_DIAS), at most `limit` a run.
     */
    async sweepDocumentacion(limit = 1000): Promise<number> {
      const day = today();
      return db.transaction(async (tx) => {
        const casos = await repo.insertDocumentacionChases(
          tx,
          addDaysIso(day, -documentacionDias),
          documentacionDias,
          TAREA_TEXTO_SISTEMA.documentacion(documentacionDias),
          addDiasHabiles(day, 1),
          limit,
        );
        for (const idCaso of casos)
          await historial.add(
            tx,
            idCaso,
            SISTEMA.actor,
            TAREA_HISTORIA.created(TAREA_TEXTO_SISTEMA.documentacion(documentacionDias), 'el responsable del caso', addDiasHabiles(day, 1)),
          );
        return casos.length;
      });
    },
  };
}

const AUDITED = ['texto', 'vence', 'id_usuario', 'id_caso', 'hecha_por'] as const;

/** `{field: [before, after]}` of the audited fields. */
function changed(before: Partial<Tarea>, after: Tarea) {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of AUDITED) {
    if ((before[field] ?? null) !== (after[field] ?? null)) changes[field] = [before[field] ?? null, after[field] ?? null];
  }
  return changes;
}
