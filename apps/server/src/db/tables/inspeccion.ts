import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, serial, time, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { INSPECCION_PENDING_ESTADOS } from '@siniestros/domain';
import { casos, editVersion } from './casos';
import { inspectores } from './reference';

/**
 * The pending states as a literal SQL list, `estado in ${PENDIENTES_SQL}`: written into a statement
 * (not parameters), its plan can use the partial indexes on them (drizzle/0014) and read the
 * pending rows of inspeccion_contadores alone (keyed by state first, drizzle/0027).
 */
export const PENDIENTES_SQL = sql.raw(`(${INSPECCION_PENDING_ESTADOS.map((estado) => `'${estado}'`).join(', ')})`);

export const inspecciones = pgTable(
  'inspecciones',
  {
    id: serial('id').primaryKey(),
    id_caso: integer('id_caso')
      .notNull()
      .references(() => casos.id, { onDelete: 'cascade' }),
    id_inspector: integer('id_inspector')
      .notNull()
      .references(() => inspectores.id),
    fecha_inspeccion: date('fecha_inspeccion', { mode: 'string' }).notNull(),
    /** The hour of the visit, when it was agreed (null: none; the agenda lists those last, drizzle/0044). */
    hora_inspeccion: time('hora_inspeccion'),
    direccion: varchar('direccion', { length: 400 }).notNull(),
    detalle: varchar('detalle', { length: 1500 }).notNull(),
    resultado: varchar('resultado', { length: 600 }),
    monto_inspeccion: numeric('monto_inspeccion', { precision: 15, scale: 2 }),
    fecha_cierre: date('fecha_cierre', { mode: 'string' }),
    estado: varchar('estado', { length: 50 }).notNull(),
    version: editVersion(),
    /**
     * The product of the case (0 when it has none), copied by triggers (drizzle/0032) so the list
     * filtered by product reads one index and its counts instead of joining every case.
     */
    id_producto: integer('id_producto').notNull().default(0),
    /** The clave of the offline close that finalized it (drizzle/0047, docs/decisions/091): only the close writes it. */
    cierre_clave: uuid('cierre_clave'),
  },
  (table) => [
    index('inspecciones_caso_idx').on(table.id_caso),
    index('inspecciones_inspector_idx').on(table.id_inspector, table.id.desc()),
    // inspecciones_inspector_fecha_idx (inspector, fecha DESC, id DESC) INCLUDE (estado) lives in drizzle/0006 (custom SQL: no INCLUDE here).
    // inspecciones_pendientes_inspector_idx (inspector, fecha) WHERE pending (drizzle/0014) was replaced by
    // inspecciones_agenda_pendientes_idx below (drizzle/0044), which starts with the same columns.
    // Both ascending: read backwards it is the list's order (fecha DESC, id DESC), so page 1 stops at 20 rows
    // where (fecha, id DESC) sorted every inspection of the newest date (2,193 at 1M: 22 ms).
    index('inspecciones_fecha_idx').on(table.fecha_inspeccion, table.id),
    // A state's page, newest first, is one of these read backwards whatever the state's share:
    // walking the dates for a state no inspection had (Licitando in the demo) read every one (26 ms
    // at 1M cases), and the pending ones' page sorted them all under a plan kept for any offset.
    index('inspecciones_estado_fecha_idx').on(table.estado, table.fecha_inspeccion, table.id),
    index('inspecciones_producto_fecha_idx').on(table.id_producto, table.fecha_inspeccion, table.id),
    // The inspector's agenda (docs/decisions/086): pending visits by date, hour (none last) and id;
    // finalized ones by closing date, read backwards (newest first).
    index('inspecciones_agenda_pendientes_idx')
      .on(table.id_inspector, table.fecha_inspeccion, table.hora_inspeccion, table.id)
      .where(sql`${table.estado} in ${PENDIENTES_SQL}`),
    index('inspecciones_agenda_finalizadas_idx').on(table.id_inspector, table.fecha_cierre, table.id).where(sql`${table.estado} = 'Finalizada'`),
    uniqueIndex('inspecciones_cierre_clave_uq').on(table.cierre_clave).where(sql`${table.cierre_clave} is not null`),
    index('inspecciones_pendientes_fecha_idx').on(table.fecha_inspeccion, table.id).where(sql`${table.estado} in ${PENDIENTES_SQL}`),
  ],
);

