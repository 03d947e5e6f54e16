import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { casos } from './casos';
import { users } from './users';

/**
 * Offers and reconsiderations above their maker's limit, waiting for an approver (issue 41 item 5,
 * docs/decisions/081). The checks on `tipo` and `estado` are in drizzle/0040.
 */
export const aprobaciones = pgTable(
  'aprobaciones',
  {
    id: serial('id').primaryKey(),
    id_caso: integer('id_caso')
      .notNull()
      .references(() => casos.id, { onDelete: 'cascade' }),
    /** ofrecimiento | reconsideracion (APROBACION_TIPOS). */
    tipo: varchar('tipo', { length: 20 }).notNull(),
    monto: numeric('monto', { precision: 15, scale: 2 }).notNull(),
    /** The request as its form sent it, applied as is when approved. */
    datos: jsonb('datos').$type<Record<string, unknown>>().notNull(),
    solicitado_por: varchar('solicitado_por', { length: 150 }).notNull(),
    id_usuario_solicitante: integer('id_usuario_solicitante')
      .notNull()
      .references(() => users.id),
    solicitada: timestamp('solicitada', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** pendiente | aprobada | rechazada (APROBACION_ESTADOS). */
    estado: varchar('estado', { length: 12 }).notNull().default('pendiente'),
    resuelta_por: varchar('resuelta_por', { length: 150 }),
    resuelta: timestamp('resuelta', { withTimezone: true, mode: 'date' }),
    motivo: varchar('motivo', { length: 2000 }),
  },
  (table) => [
    uniqueIndex('aprobaciones_caso_pendiente_uq')
      .on(table.id_caso)
      .where(sql`${table.estado} = 'pendiente'`),
    // 'Aprobaciones pendientes': the pending ones, oldest first.
    index('aprobaciones_estado_id_idx').on(table.estado, table.id),
    index('aprobaciones_id_caso_idx').on(table.id_caso),
    index('aprobaciones_solicitante_idx').on(table.id_usuario_solicitante),
  ],
);
