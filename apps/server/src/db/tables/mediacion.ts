import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, time, varchar } from 'drizzle-orm/pg-core';
import { casos, editVersion } from './casos';
import { companias } from './reference';

export const audiencias = pgTable(
  'audiencias',
  {
    id: serial('id').primaryKey(),
    id_caso: integer('id_caso')
      .notNull()
      .references(() => casos.id, { onDelete: 'cascade' }),
    /** Day the hearing was recorded. */
    fecha: date('fecha', { mode: 'string' }).notNull(),
    /** Day of the hearing. */
    fechah: date('fechah', { mode: 'string' }).notNull(),
    hora: time('hora').notNull(),
    lugar: varchar('lugar', { length: 600 }).notNull(),
    mediacion_nro: varchar('mediacion_nro', { length: 20 }),
    version: editVersion(),
    /**
     * The company of the case, copied by triggers (drizzle/0008) so the hearings filtered by
     * company are read off one index. NOT NULL in the database; optional here because the
     * insert trigger fills it.
     */
    id_compania: integer('id_compania').references(() => companias.id),
  },
  (table) => [
    index('audiencias_caso_idx').on(table.id_caso),
    index('audiencias_fechah_idx').on(table.fechah.desc(), table.id.desc()),
    index('audiencias_nro_idx').on(table.mediacion_nro),
    // The filter by hearing number (contains, any case) reads the trigrams of the term here instead
    // of every hearing's number (33 ms at 1M cases, growing with them; drizzle/0031).
    index('audiencias_nro_trgm_idx').using('gin', sql`${table.mediacion_nro} gin_trgm_ops`),
    index('audiencias_compania_fechah_idx').on(table.id_compania, table.fechah.desc(), table.id.desc()),
    // The agenda's order (soonest first by date and hour; read backwards, latest first): a page of
    // either half walks it alone, without sorting a whole day's hearings by hour (drizzle/0026).
    index('audiencias_agenda_idx').on(table.fechah.asc().nullsFirst(), table.hora.asc(), table.id.asc()),
  ],
);
