import { date, index, integer, pgTable, serial, time, varchar } from 'drizzle-orm/pg-core';
import { casos } from '../casos/casos.table';

export const audiencias = pgTable(
  'audiencias',
  {
    id: serial('id').primaryKey(),
    idCaso: integer('id_caso')
      .notNull()
      .references(() => casos.id, { onDelete: 'cascade' }),
    /** Day the hearing was recorded. */
    fecha: date('fecha', { mode: 'string' }).notNull(),
    /** Day of the hearing. */
    fechah: date('fechah', { mode: 'string' }).notNull(),
    hora: time('hora').notNull(),
    lugar: varchar('lugar', { length: 600 }).notNull(),
    mediacionNro: varchar('mediacion_nro', { length: 20 }),
  },
  (table) => [
    index('audiencias_caso_idx').on(table.idCaso),
    index('audiencias_fechah_idx').on(table.fechah.desc(), table.id.desc()),
    index('audiencias_nro_idx').on(table.mediacionNro),
  ],
);
