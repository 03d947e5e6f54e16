import { boolean, integer, pgTable, serial, smallint, varchar } from 'drizzle-orm/pg-core';

export const estados = pgTable('estados', {
  id: smallint('id').primaryKey(),
  nombre: varchar('nombre', { length: 100 }).notNull(),
});

export const productos = pgTable('productos', {
  id: serial('id').primaryKey(),
  nombre: varchar('nombre', { length: 100 }).notNull(),
});

/** Person document types (/tipoDoc). */
export const tiposDoc = pgTable('tipos_doc', {
  id: serial('id').primaryKey(),
  nombre: varchar('nombre', { length: 100 }).notNull(),
});

export const companias = pgTable('companias', {
  id: serial('id').primaryKey(),
  nombre: varchar('nombre', { length: 100 }).notNull(),
});

/**
 * An analyst may be one user who signs in (Admin or User), at most one (docs/decisions/083); its
 * foreign key to usuarios and the unique index are in drizzle/0038.
 */
export const analistas = pgTable('analistas', {
  id: serial('id').primaryKey(),
  nombre: varchar('nombre', { length: 100 }).notNull(),
  apellido: varchar('apellido', { length: 100 }).notNull(),
  id_usuario: integer('id_usuario'),
  /** False while away (vacations): the automatic distribution gives them no new cases. */
  disponible: boolean('disponible').notNull().default(true),
});

export const responsabilidades = pgTable('responsabilidades', {
  id: serial('id').primaryKey(),
  nombre: varchar('nombre', { length: 100 }).notNull(),
});

export const inspectores = pgTable('inspectores', {
  id: serial('id').primaryKey(),
  nombre: varchar('nombre', { length: 100 }).notNull(),
  apellido: varchar('apellido', { length: 100 }).notNull(),
});

/** The inspection's photo checklist (issue 43 item 4, drizzle/0045): an Admin edits it, the close screen lists the active ones by `orden`. */
export const fotoChecklist = pgTable('foto_checklist', {
  id: serial('id').primaryKey(),
  nombre: varchar('nombre', { length: 100 }).notNull(),
  orden: smallint('orden').notNull().default(0),
  /** Several photos allowed (Daños). */
  multiple: boolean('multiple').notNull().default(false),
  activo: boolean('activo').notNull().default(true),
});
