import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The Diario: tasks with a due date on a case, each for one user (docs/decisions/043). Its foreign
 * keys to `casos` and `usuarios` are written by hand in drizzle/0011, with the trigger-kept tables.
 */
export const tareas = pgTable(
  'tareas',
  {
    id: serial('id').primaryKey(),
    id_caso: integer('id_caso').notNull(),
    texto: varchar('texto', { length: 500 }).notNull(),
    vence: date('vence', { mode: 'string' }).notNull(),
    /** The user who must do it (an Admin or User account). */
    id_usuario: integer('id_usuario').notNull(),
    /** manual, or what the system made it for: audiencia, inspeccion, documentacion. */
    origen: varchar('origen', { length: 20 }).notNull().default('manual'),
    /** The hearing, inspection or case the system task follows. */
    origen_id: integer('origen_id'),
    creado_por: varchar('creado_por', { length: 150 }).notNull(),
    creado: timestamp('creado', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    hecha: timestamp('hecha', { withTimezone: true, mode: 'date' }),
    hecha_por: varchar('hecha_por', { length: 150 }),
  },
  (table) => [
    // 'Mis tareas' and a dashboard's overdue / today / week counts per user read these ranges alone.
    index('tareas_abiertas_usuario_vence_idx')
      .on(table.id_usuario, table.vence, table.id)
      .where(sql`${table.hecha} is null`),
    index('tareas_abiertas_vence_idx')
      .on(table.vence, table.id)
      .where(sql`${table.hecha} is null`),
    index('tareas_caso_idx').on(table.id_caso),
    // The case's Línea de tiempo (drizzle/0051, docs/decisions/098).
    index('tareas_caso_creado_idx').on(table.id_caso, table.creado.desc(), table.id.desc()),
    // One open system task per hearing, inspection or case chased.
    uniqueIndex('tareas_sistema_abierta_uq')
      .on(table.origen, table.origen_id)
      .where(sql`${table.hecha} is null and ${table.origen} <> 'manual'`),
  ],
);
