import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { analistas, companias, productos } from './reference';

/**
 * The Admin's assignment rules (docs/decisions/083): a new case without an analyst gets the
 * analyst of the most specific rule that matches its company and product (null = any; at least
 * one of the two is set, checked in drizzle/0038).
 */
export const reglasAsignacion = pgTable(
  'reglas_asignacion',
  {
    id: serial('id').primaryKey(),
    id_compania: integer('id_compania').references(() => companias.id),
    id_producto: integer('id_producto').references(() => productos.id),
    id_analista: integer('id_analista')
      .notNull()
      .references(() => analistas.id),
    creado_por: varchar('creado_por', { length: 150 }).notNull(),
    creado: timestamp('creado', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('reglas_asignacion_uq').on(sql`coalesce(${table.id_compania}, 0)`, sql`coalesce(${table.id_producto}, 0)`)],
);

/** The office's one row of routing settings (id 1, made by drizzle/0038). */
export const ajustesAsignacion = pgTable('ajustes_asignacion', {
  id: smallint('id').primaryKey().default(1),
  /** Who receives the automatic tasks and reminders of cases without an analyst. */
  id_usuario_respaldo: integer('id_usuario_respaldo'),
  /** On: a new case no rule matched goes to the available analyst with the fewest open cases. */
  reparto_automatico: boolean('reparto_automatico').notNull().default(false),
});
