import { index, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { casos, editVersion } from './casos';
import { tiposDoc } from './reference';

export const lesionados = pgTable(
  'lesionados',
  {
    id: serial('id').primaryKey(),
    id_caso: integer('id_caso')
      .notNull()
      .references(() => casos.id, { onDelete: 'cascade' }),
    apellido: varchar('apellido', { length: 50 }).notNull(),
    nombre: varchar('nombre', { length: 50 }).notNull(),
    id_tipo_doc: integer('id_tipo_doc')
      .notNull()
      .references(() => tiposDoc.id),
    nro_doc: varchar('nro_doc', { length: 50 }).notNull(),
    version: editVersion(),
  },
  (table) => [index('lesionados_caso_idx').on(table.id_caso)],
);
