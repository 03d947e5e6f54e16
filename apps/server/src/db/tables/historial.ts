import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { casos } from './casos';

export const historial = pgTable(
  'historial',
  {
    id: serial('id').primaryKey(),
    id_caso: integer('id_caso')
      .notNull()
      .references(() => casos.id, { onDelete: 'cascade' }),
    usuario: varchar('usuario', { length: 150 }).notNull(),
    msg: text('msg').notNull(),
    fecha: timestamp('fecha', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [
    index('historial_caso_idx').on(table.id_caso, table.id.desc()),
    // The case's Línea de tiempo (drizzle/0051, docs/decisions/098).
    index('historial_caso_fecha_idx').on(table.id_caso, table.fecha.desc(), table.id.desc()),
  ],
);
