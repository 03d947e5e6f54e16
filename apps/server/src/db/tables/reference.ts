import { pgTable, serial, smallint, varchar } from 'drizzle-orm/pg-core';

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

export const analistas = pgTable('analistas', {
  id: serial('id').primaryKey(),
  nombre: varchar('nombre', { length: 100 }).notNull(),
  apellido: varchar('apellido', { length: 100 }).notNull(),
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
