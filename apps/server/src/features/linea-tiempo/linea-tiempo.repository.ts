import { sql, type SQL } from 'drizzle-orm';
import { LINEA_TIPOS, type LineaCursor, type LineaTipo } from '@siniestros/domain';
import { resultRows, type DbOrTx } from '../../db/client';

export type LineaRow = {
  tipo: LineaTipo;
  id: number;
  /** Microseconds since 1970, as text (exact; it goes into the cursor). */
  t: string;
  fecha: string;
  solo_fecha: boolean;
  usuario: string | null;
  texto: string;
  cambios: Record<string, [unknown, unknown]> | null;
};

const ZONA = 'America/Argentina/Buenos_Aires';

/**
 * Each kind's rows of one case as (fecha, id, usuario, texto, cambios, solo_fecha). The big
 * sources (messages, audit rows, documents, tasks) are read off an index on (case, fecha, id)
 * (drizzle/0051); inspections, hearings and injured people are few per case and dated by
 * expressions (a day and an hour in Buenos Aires; an injured person by their audit row).
 */
function source(tipo: LineaTipo, idCaso: number): SQL {
  switch (tipo) {
    case 'mensaje':
      return sql`select h.fecha, h.id, h.usuario::text as usuario, h.msg as texto, null::jsonb as cambios, false as solo_fecha from historial h where h.id_caso = ${idCaso}`;
    case 'estado':
      return sql`select a.fecha, a.id, a.actor::text as usuario, '' as texto, a.changes as cambios, false as solo_fecha from audit_log a
        where a.entity = 'caso' and a.entity_id = ${idCaso} and a.action = 'caso.update' and a.changes ? 'id_estado'`;
    case 'cambio':
      return sql`select a.fecha, a.id, a.actor::text as usuario, '' as texto, a.changes as cambios, false as solo_fecha from audit_log a
        where a.entity = 'caso' and a.entity_id = ${idCaso} and a.action = 'caso.update' and not (a.changes ? 'id_estado')`;
    case 'documento':
      return sql`select d.creado as fecha, d.id, d.usuario::text as usuario, d.nombre::text as texto, null::jsonb as cambios, false as solo_fecha from documentos d where d.id_caso = ${idCaso}`;
    case 'inspeccion':
      return sql`select ((i.fecha_inspeccion + coalesce(i.hora_inspeccion, time '00:00')) at time zone ${ZONA}) as fecha, i.id,
        null::text as usuario, concat_ws(' · ', i.estado, i.direccion) as texto, null::jsonb as cambios, i.hora_inspeccion is null as solo_fecha
        from inspecciones i where i.id_caso = ${idCaso}`;
    case 'audiencia':
      return sql`select ((au.fechah + au.hora) at time zone ${ZONA}) as fecha, au.id, null::text as usuario,
        concat_ws(' · ', au.lugar, 'Mediación ' || au.mediacion_nro) as texto, null::jsonb as cambios, false as solo_fecha
        from audiencias au where au.id_caso = ${idCaso}`;
    case 'lesionado':
      // No date of their own: the audit row of their creation (decision 028), else the case's day.
      return sql`select coalesce(alta.fecha, c.fecha_creado::timestamp at time zone ${ZONA}) as fecha, l.id, alta.actor::text as usuario,
        concat_ws(', ', l.apellido, l.nombre) as texto, null::jsonb as cambios, alta.fecha is null as solo_fecha
        from lesionados l join casos c on c.id = l.id_caso
        left join lateral (select a.fecha, a.actor from audit_log a where a.entity = 'lesionado' and a.entity_id = l.id order by a.id limit 1) alta on true
        where l.id_caso = ${idCaso}`;
    case 'tarea':
      return sql`select t.creado as fecha, t.id, t.creado_por::text as usuario, t.texto::text as texto, null::jsonb as cambios, false as solo_fecha from tareas t where t.id_caso = ${idCaso}`;
  }
}

/** The cursor's instant back as a timestamptz, exactly (whole seconds plus microseconds, no float). */
const cursorInstant = (t: string) => sql`(to_timestamp(0) + (${t}::bigint / 1000000) * interval '1 second' + (${t}::bigint % 1000000) * interval '1 microsecond')`;

/** Rows of this kind that come after the cursor in the order (fecha, kind, id) descending. */
function afterCursor(kind: number, cursor: LineaCursor | undefined): SQL {
  if (!cursor) return sql`true`;
  const instant = cursorInstant(cursor.t);
  if (kind < cursor.k) return sql`s.fecha <= ${instant}`;
  if (kind > cursor.k) return sql`s.fecha < ${instant}`;
  return sql`(s.fecha, s.id) < (${instant}, ${cursor.id})`;
}

export const lineaTiempoRepository = {
  /**
   * One page, newest first: one UNION ALL over the kinds asked, each branch cut at the cursor and
   * at `limit` rows off its own index, then merged (docs/decisions/098).
   */
  async page(db: DbOrTx, idCaso: number, tipos: readonly LineaTipo[], cursor: LineaCursor | undefined, limit: number): Promise<LineaRow[]> {
    const branches = LINEA_TIPOS.flatMap((tipo, kind) =>
      tipos.includes(tipo)
        ? [
            sql`(select ${tipo}::text as tipo, ${kind}::int as k, s.* from (${source(tipo, idCaso)}) s
              where ${afterCursor(kind, cursor)} order by s.fecha desc, s.id desc limit ${limit})`,
          ]
        : [],
    );
    const result = await db.execute(sql`select u.tipo, u.id, (extract(epoch from u.fecha) * 1000000)::bigint::text as t,
        to_char(u.fecha at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as fecha, u.solo_fecha, u.usuario, u.texto, u.cambios
      from (${sql.join(branches, sql` union all `)}) u
      order by u.fecha desc, u.k desc, u.id desc limit ${limit}`);
    return resultRows<LineaRow>(result);
  },
};
