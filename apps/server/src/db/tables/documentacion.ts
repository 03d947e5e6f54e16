import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { casos } from './casos';

export const documentos = pgTable(
  'documentos',
  {
    id: serial('id').primaryKey(),
    id_caso: integer('id_caso')
      .notNull()
      .references(() => casos.id, { onDelete: 'cascade' }),
    /** The name people see: the document type plus _02, _03... and the extension. */
    nombre: varchar('nombre', { length: 200 }).notNull(),
    tipo: varchar('tipo', { length: 50 }).notNull(),
    /** Server-generated key in the storage driver. */
    storage_key: varchar('storage_key', { length: 200 }).notNull(),
    tamano: integer('tamano').notNull(),
    mime: varchar('mime', { length: 100 }),
    usuario: varchar('usuario', { length: 150 }).notNull(),
    creado: timestamp('creado', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('documentos_caso_nombre_uq').on(table.id_caso, sql`lower(${table.nombre})`),
    // The case's Línea de tiempo (drizzle/0051, docs/decisions/098).
    index('documentos_caso_creado_idx').on(table.id_caso, table.creado.desc(), table.id.desc()),
  ],
);
