import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { NOTIFICACION_TAREA_VENCIDA_DIAS, ROL, addDaysIso, type Notificacion, type NotificacionTipo } from '@siniestros/domain';
import { resultRows, type DbOrTx } from '../../db/client';
import { notificaciones, notificacionPreferencias, resumenesEnviados } from '../../db/tables/notificaciones';

const ISO_UTC = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The case's claim number by a scalar subquery on its primary key: one probe per row of a page. */
const COLUMNS = {
  id: notificaciones.id,
  tipo: sql<Notificacion['tipo']>`${notificaciones.tipo}`,
  texto: notificaciones.texto,
  fecha: notificaciones.fecha,
  id_caso: notificaciones.id_caso,
  reclamo_nro: sql<string | null>`(select c.reclamo_nro from casos c where c.id = ${notificaciones.id_caso})`,
  id_tarea: notificaciones.id_tarea,
  autor: notificaciones.autor,
  creada: ISO_UTC(notificaciones.creada),
  leida: sql<string | null>`case when ${notificaciones.leida} is null then null else ${ISO_UTC(notificaciones.leida)} end`,
};

const mine = (idUsuario: number, soloNoLeidas: boolean) =>
  and(eq(notificaciones.id_usuario, idUsuario), soloNoLeidas ? isNull(notificaciones.leida) : undefined);

/** Who may have notifications: active Admins and Users (an Inspector has none, docs/decisions/050). */
const CAN_HAVE = sql`u.activo and u.rol in (${ROL.ADMIN}, ${ROL.USER})`;

export type TareaAsignadaAviso = { idTarea: number; idCaso: number; idUsuario: number; texto: string; vence: string; autor: string };

export type Aviso = { idUsuarios: number[]; tipo: NotificacionTipo; texto: string; idCaso: number; autor: string };

export type Destinatario = { id: number; username: string; nombre: string };


export const notificacionesRepository = {
  async page(db: DbOrTx, idUsuario: number, soloNoLeidas: boolean, limit: number, offset: number) {
    const where = mine(idUsuario, soloNoLeidas);
    const [rows, [total], [unread]] = await Promise.all([
      db.select(COLUMNS).from(notificaciones).where(where).orderBy(desc(notificaciones.id)).limit(limit).offset(offset),
      db.select({ n: count() }).from(notificaciones).where(where),
      db.select({ n: count() }).from(notificaciones).where(mine(idUsuario, true)),
    ]);
    return { rows: rows as Notificacion[], total: total?.n ?? 0, noLeidas: unread?.n ?? 0 };
  },

  async noLeidas(db: DbOrTx, idUsuario: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(notificaciones).where(mine(idUsuario, true));
    return row?.n ?? 0;
  },

  /** The user's item read now (kept as it was when already read); false when it is not theirs or does not exist. */
  async marcarLeida(db: DbOrTx, idUsuario: number, id: number): Promise<boolean> {
    const rows = await db
      .update(notificaciones)
      .set({ leida: sql`coalesce(${notificaciones.leida}, now())` })
      .where(and(eq(notificaciones.id, id), eq(notificaciones.id_usuario, idUsuario)))
      .returning({ id: notificaciones.id });
    return rows.length > 0;
  },

  async marcarTodas(db: DbOrTx, idUsuario: number): Promise<number> {
    const rows = await db
      .update(notificaciones)
      .set({ leida: sql`now()` })
      .where(mine(idUsuario, true))
      .returning({ id: notificaciones.id });
    return rows.length;
  },

  async preferencias(db: DbOrTx, idUsuario: number) {
    const [row] = await db
      .select({ resumen_diario: notificacionPreferencias.resumen_diario })
      .from(notificacionPreferencias)
      .where(eq(notificacionPreferencias.id_usuario, idUsuario));
    return row ?? { resumen_diario: false };
  },

  async guardarPreferencias(db: DbOrTx, idUsuario: number, values: { resumen_diario: boolean }) {
    await db
      .insert(notificacionPreferencias)
      .values({ id_usuario: idUsuario, ...values })
      .onConflictDoUpdate({ target: notificacionPreferencias.id_usuario, set: values });
  },

  /** An event's item for several users at once (an offer to approve, its outcome: docs/decisions/081). */
  async avisar(db: DbOrTx, aviso: Aviso): Promise<void> {
    if (aviso.idUsuarios.length === 0) return;
    await db.execute(sql`
      insert into notificaciones (id_usuario, tipo, texto, id_caso, autor)
      select u.id, ${aviso.tipo}, ${aviso.texto}, ${aviso.idCaso}, ${aviso.autor}
      from usuarios u
      where u.id in (${sql.join(aviso.idUsuarios.map((id) => sql`${id}`), sql`, `)}) and ${CAN_HAVE}`);
  },

  /** 'Tarea asignada' for the assignee, unless they assigned it to themselves. */
  async tareaAsignada(db: DbOrTx, aviso: TareaAsignadaAviso): Promise<void> {
    await db.execute(sql`
      insert into notificaciones (id_usuario, tipo, texto, fecha, id_caso, id_tarea, autor)
      select u.id, 'tarea_asignada', ${aviso.texto}, ${aviso.vence}, ${aviso.idCaso}, ${aviso.idTarea}, ${aviso.autor}
      from usuarios u
      where u.id = ${aviso.idUsuario} and ${CAN_HAVE} and lower(u.username) <> lower(${aviso.autor})`);
  },

  /**
   * 'Tarea para hoy' / 'vencida': each open task due today, or overdue by at most
   * NOTIFICACION_TAREA_VENCIDA_DIAS (a day the job did not run), once per task, due date and
   * assignee (notificaciones_clave_uq). Reads the open tasks' (vence) index.
   */
  async avisarTareas(db: DbOrTx, today: string): Promise<number> {
    const result = await db.execute(sql`
      insert into notificaciones (id_usuario, tipo, texto, fecha, id_caso, id_tarea, clave)
      select t.id_usuario, 'tarea_vence', t.texto, t.vence, t.id_caso, t.id, t.id || ':' || t.vence
      from tareas t join usuarios u on u.id = t.id_usuario
      where t.hecha is null and t.vence <= ${today}::date and t.vence >= ${addDaysIso(today, -NOTIFICACION_TAREA_VENCIDA_DIAS)}::date
        and ${CAN_HAVE}
      on conflict (id_usuario, tipo, clave) where clave is not null do nothing
      returning id`);
    return resultRows(result).length;
  },

  /**
   * 'Plazo por vencer': each running clock that is amber today (the bounds of the case list's
   * 'Plazo: por vencer', decision 044), once per clock start and user. It goes to the case's
   * responsable: its analyst's user, the fallback user, its creator (responsable_caso, decision 083).
   */
  async avisarPlazos(db: DbOrTx, today: string): Promise<number> {
    const result = await db.execute(sql`
      with cortes as materialized (
        select evento, nombre, cantidad, unidad,
          plazo_ultimo_inicio(cantidad, unidad, ${today}::date - 1) as desde_min,
          plazo_ultimo_inicio(cantidad, unidad, ${today}::date + aviso_dias) as desde_max
        from plazos_legales where activo),
      en_aviso as (
        select cp.id_caso, cp.evento, cp.desde, r.nombre, plazo_vence(cp.desde, r.cantidad, r.unidad) as vence
        from cortes r join caso_plazos cp
          on cp.evento = r.evento and cp.hasta is null and cp.desde > r.desde_min and cp.desde <= r.desde_max)
      insert into notificaciones (id_usuario, tipo, texto, fecha, id_caso, clave)
      select d.id, 'plazo_aviso', e.nombre, e.vence, e.id_caso, e.id_caso || ':' || e.evento || ':' || e.desde
      from en_aviso e
      join casos c on c.id = e.id_caso
      cross join lateral (select responsable_caso(c.id_analista, c.usuario) as id) d
      where d.id is not null
      on conflict (id_usuario, tipo, clave) where clave is not null do nothing
      returning id`);
    return resultRows(result).length;
  },

  /** Takes this PostgreSQL transaction's advisory lock `key` if free: one node of a fleet runs the job. */
  async tryLock(db: DbOrTx, key: number): Promise<boolean> {
    const result = await db.execute(sql`select pg_try_advisory_xact_lock(${key}) as ok`);
    return resultRows<{ ok: boolean }>(result)[0]?.ok === true;
  },

  /** Users who asked for the digest and have not had the one of `dia` taken yet. */
  async pendientesDeResumen(db: DbOrTx, dia: string): Promise<Destinatario[]> {
    const result = await db.execute(sql`
      select u.id, u.username, u.nombre
      from notificacion_preferencias p join usuarios u on u.id = p.id_usuario
      where p.resumen_diario and ${CAN_HAVE}
        and not exists (select 1 from resumenes_enviados r where r.id_usuario = u.id and r.dia = ${dia}::date)
      order by u.id`);
    return resultRows<Destinatario>(result);
  },

  /** Takes the day's digest of one user; false when another node (or an earlier run) has it. */
  async reclamarResumen(db: DbOrTx, idUsuario: number, dia: string): Promise<boolean> {
    const rows = await db
      .insert(resumenesEnviados)
      .values({ id_usuario: idUsuario, dia })
      .onConflictDoNothing()
      .returning({ id: resumenesEnviados.id_usuario });
    return rows.length > 0;
  },

  async resumenEnviado(db: DbOrTx, idUsuario: number, dia: string, items: number): Promise<void> {
    await db
      .update(resumenesEnviados)
      .set({ items, enviado: sql`now()` })
      .where(and(eq(resumenesEnviados.id_usuario, idUsuario), eq(resumenesEnviados.dia, dia)));
  },

  /** The send failed: the claim is let go, and the next run tries again. */
  async soltarResumen(db: DbOrTx, idUsuario: number, dia: string): Promise<void> {
    await db.delete(resumenesEnviados).where(and(eq(resumenesEnviados.id_usuario, idUsuario), eq(resumenesEnviados.dia, dia)));
  },
};
