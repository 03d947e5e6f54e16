import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { casos, editVersion, terceros } from './casos';
import { documentos } from './documentacion';

/**
 * Payments of a case's agreed amount (drizzle/0041, docs/decisions/082): an order, then its
 * transfer with the receipt (a document of the case), or its annulment. The art. 49 clock follows
 * the paid total by trigger (`pagos_plazo`, decision 041).
 */
export const pagos = pgTable(
  'pagos',
  {
    id: serial('id').primaryKey(),
    id_caso: integer('id_caso')
      .notNull()
      .references(() => casos.id, { onDelete: 'cascade' }),
    id_tercero: integer('id_tercero').references(() => terceros.id, { onDelete: 'set null' }),
    /** 'tercero' | 'letrado' (PAGO_BENEFICIARIOS). */
    beneficiario: varchar('beneficiario', { length: 10 }).notNull(),
    /** The payee's name as it was when ordered. */
    beneficiario_nombre: varchar('beneficiario_nombre', { length: 310 }).notNull(),
    cbu: varchar('cbu', { length: 22 }).notNull(),
    monto: numeric('monto', { precision: 15, scale: 2 }).notNull(),
    fecha_solicitud: date('fecha_solicitud', { mode: 'string' }).notNull(),
    /** 'ordenado' | 'pagado' | 'anulado' (PAGO_ESTADOS). */
    estado: varchar('estado', { length: 10 }).notNull().default('ordenado'),
    fecha_pago: date('fecha_pago', { mode: 'string' }),
    id_documento: integer('id_documento').references(() => documentos.id, { onDelete: 'set null' }),
    creado_por: varchar('creado_por', { length: 150 }).notNull(),
    creado: timestamp('creado', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    version: editVersion(),
    motivo_anulacion: varchar('motivo_anulacion', { length: 1000 }),
  },
  (table) => [
    index('pagos_caso_idx').on(table.id_caso, table.id),
    index('pagos_ordenados_idx').on(table.fecha_solicitud, table.id_caso).where(sql`${table.estado} = 'ordenado'`),
  ],
);
