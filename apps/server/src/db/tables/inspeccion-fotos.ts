import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { documentos } from './documentacion';
import { inspecciones } from './inspeccion';
import { fotoChecklist } from './reference';

/**
 * The photos an inspection closed with (issue 43 item 4, drizzle/0045, docs/decisions/086): each
 * is a document of the case (type 'Foto'), in the order the close sent them.
 */
export const inspeccionFotos = pgTable(
  'inspeccion_fotos',
  {
    id: serial('id').primaryKey(),
    id_inspeccion: integer('id_inspeccion')
      .notNull()
      .references(() => inspecciones.id, { onDelete: 'cascade' }),
    /** Deleting the document (Documentación's Eliminar) takes the photo out of the report. */
    id_documento: integer('id_documento')
      .notNull()
      .references(() => documentos.id, { onDelete: 'cascade' }),
    /** Null: an extra photo outside the checklist. */
    id_checklist: integer('id_checklist').references(() => fotoChecklist.id, { onDelete: 'set null' }),
    /** The checklist item's name at the close (or 'Foto adicional'). */
    leyenda: varchar('leyenda', { length: 100 }).notNull(),
    capturada: timestamp('capturada', { withTimezone: true, mode: 'string' }).notNull(),
    latitud: doublePrecision('latitud'),
    longitud: doublePrecision('longitud'),
  },
  (table) => [
    index('inspeccion_fotos_inspeccion_idx').on(table.id_inspeccion, table.id),
    uniqueIndex('inspeccion_fotos_documento_uq').on(table.id_documento),
    check('inspeccion_fotos_latitud_ck', sql`${table.latitud} IS NULL OR ${table.latitud} BETWEEN -90 AND 90`),
    check('inspeccion_fotos_longitud_ck', sql`${table.longitud} IS NULL OR ${table.longitud} BETWEEN -180 AND 180`),
  ],
);
