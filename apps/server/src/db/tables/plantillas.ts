import { customType, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres answers a Buffer, PGlite a Uint8Array.
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Each version an office keeps of a convenio template: version 0 is the shipped default (no row),
 * every upload or restore adds the next version; the highest is the one in use
 * (docs/decisions/038-plantillas-de-convenio.md).
 */
export const plantillasConvenio = pgTable(
  'plantillas_convenio',
  {
    id: serial('id').primaryKey(),
    id_plantilla: integer('id_plantilla').notNull(),
    version: integer('version').notNull(),
    /** The .docx; null when the version restores the shipped default. */
    contenido: bytea('contenido'),
    nombre_archivo: varchar('nombre_archivo', { length: 200 }),
    restaurada_de: integer('restaurada_de'),
    usuario: varchar('usuario', { length: 150 }).notNull(),
    creado: timestamp('creado', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('plantillas_convenio_version_uq').on(table.id_plantilla, table.version)],
);
