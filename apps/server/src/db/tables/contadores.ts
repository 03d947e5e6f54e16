import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Rows of a whole table (inspecciones, audiencias), kept by a statement trigger in the writing
 * transaction: their unfiltered lists show the total without counting every row (drizzle/0007).
 */
export const filaContadores = pgTable('fila_contadores', {
  tabla: text('tabla').primaryKey(),
  total: integer('total').notNull(),
});
