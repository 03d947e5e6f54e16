import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { VistaFiltro } from '@siniestros/domain';
import { users } from './users';

/** Saved views of the case list (docs/decisions/096, drizzle/0049): a named filter, personal or shared with the team. */
export const vistasCasos = pgTable(
  'vistas_casos',
  {
    id: serial('id').primaryKey(),
    id_usuario: integer('id_usuario')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nombre: varchar('nombre', { length: 60 }).notNull(),
    /** Checked with vistaFiltroSchema (the list's own filter schema) before it is stored. */
    filtro: jsonb('filtro').$type<VistaFiltro>().notNull(),
    compartida: boolean('compartida').notNull().default(false),
    creada: timestamp('creada', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('vistas_casos_nombre_uq').on(table.id_usuario, sql`lower(${table.nombre})`),
    index('vistas_casos_compartidas_idx')
      .on(table.id)
      .where(sql`${table.compartida}`),
  ],
);

/** Each user's default view: the list opens with it when its URL names no filter. */
export const vistasPredeterminadas = pgTable(
  'vistas_predeterminadas',
  {
    id_usuario: integer('id_usuario')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    id_vista: integer('id_vista')
      .notNull()
      .references(() => vistasCasos.id, { onDelete: 'cascade' }),
  },
  (table) => [index('vistas_predeterminadas_vista_idx').on(table.id_vista)],
);

/** The office's one row (id 1, made by drizzle/0049): who may share a view ('admin' or 'todos'). */
export const ajustesVistas = pgTable('ajustes_vistas', {
  id: smallint('id').primaryKey().default(1),
  compartir: varchar('compartir', { length: 10 }).notNull().default('admin'),
});
