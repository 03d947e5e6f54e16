import { integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { casos } from './casos';

export const letrados = pgTable(
  'letrados',
  {
    id: serial('id').primaryKey(),
    id_caso: integer('id_caso')
      .notNull()
      .references(() => casos.id, { onDelete: 'cascade' }),
    apellido: varchar('apellido', { length: 50 }).notNull(),
    nombre: varchar('nombre', { length: 50 }),
    fijo: varchar('fijo', { length: 20 }),
    cel: varchar('cel', { length: 20 }),
    mail: varchar('mail', { length: 200 }),
    cuit: varchar('cuit', { length: 20 }),
    cbu: varchar('cbu', { length: 50 }),
  },
  (table) => [uniqueIndex('letrados_caso_uq').on(table.id_caso)],
);
