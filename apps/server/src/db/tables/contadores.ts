import { date, integer, pgTable, primaryKey, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Rows of a whole table (inspecciones, audiencias), kept by a statement trigger in the writing
 * transaction: their unfiltered lists show the total without counting every row (drizzle/0007).
 */
export const filaContadores = pgTable('fila_contadores', {
  tabla: text('tabla').primaryKey(),
  total: integer('total').notNull(),
});

/**
 * Cases per status × analyst (`id_analista` 0 = none), kept by the counters' trigger at commit
 * (drizzle/0016): the Tablero's open cases per status and per analyst without a pass over them.
 */
export const casoContadoresEstado = pgTable(
  'caso_contadores_estado',
  {
    id_estado: smallint('id_estado').notNull(),
    id_analista: integer('id_analista').notNull(),
    total: integer('total').notNull(),
  },
  (table) => [primaryKey({ name: 'caso_contadores_estado_pk', columns: [table.id_estado, table.id_analista] })],
);

/**
 * Cases per status × company × analyst (`id_analista` 0 = none), kept by the counters' trigger at
 * commit (drizzle/0028): the exact total of a case filter by status, company, analyst and
 * 'Vigentes' / 'Cerrados' alone (docs/decisions/064). The Tablero keeps reading the narrower
 * caso_contadores_estado: twelve times fewer rows.
 */
export const casoContadoresCompania = pgTable(
  'caso_contadores_compania',
  {
    id_estado: smallint('id_estado').notNull(),
    id_compania: integer('id_compania').notNull(),
    id_analista: integer('id_analista').notNull(),
    total: integer('total').notNull(),
  },
  (table) => [primaryKey({ name: 'caso_contadores_compania_pk', columns: [table.id_estado, table.id_compania, table.id_analista] })],
);

/**
 * The Tablero's Plazo figures ('vencido', 'por_vencer'): the cases the list's Plazo filter finds on
 * `dia`, counted at `calculado` (docs/decisions/052: periodic, not per request).
 */
export const plazoCuentas = pgTable('plazo_cuentas', {
  plazo: text('plazo').primaryKey(),
  dia: date('dia', { mode: 'string' }).notNull(),
  total: integer('total').notNull(),
  calculado: timestamp('calculado', { withTimezone: true }).notNull(),
});

/** Open tasks per assignee and due date, kept by a trigger at commit (drizzle/0016): the task figures are sums of these. */
export const tareaContadores = pgTable(
  'tarea_contadores',
  {
    id_usuario: integer('id_usuario').notNull(),
    vence: date('vence', { mode: 'string' }).notNull(),
    total: integer('total').notNull(),
  },
  (table) => [primaryKey({ name: 'tarea_contadores_pk', columns: [table.id_usuario, table.vence] })],
);

/**
 * Inspections per state, inspector and date, kept by statement triggers (drizzle/0027,
 * docs/decisions/063): the Tablero's pending and late figures per inspector are sums of the pending
 * states' rows; the inspections list's total under a state or an inspector filter is a sum of one
 * row a date, and its deep pages start from the date their offset falls in.
 */
export const inspeccionContadores = pgTable(
  'inspeccion_contadores',
  {
    estado: varchar('estado', { length: 50 }).notNull(),
    id_inspector: integer('id_inspector').notNull(),
    fecha_inspeccion: date('fecha_inspeccion', { mode: 'string' }).notNull(),
    total: integer('total').notNull(),
  },
  (table) => [primaryKey({ name: 'inspeccion_contadores_pk', columns: [table.estado, table.id_inspector, table.fecha_inspeccion] })],
);

/**
 * Open cases per day of their F Alta (`campo` 'alta') and of their last status change ('estado'),
 * kept by the counters' trigger at commit (drizzle/0018, docs/decisions/052): the Tablero's age
 * figures (0-7, 8-30, 31-90 days) are sums of at most 90 rows each, not counts over the cases.
 * Closed cases per closing date ('cierre') and month ('cierre_mes', `dia` its first day;
 * drizzle/0023, docs/decisions/060): the values report's totals and where its deep pages start.
 */
export const casoContadoresDia = pgTable(
  'caso_contadores_dia',
  {
    campo: varchar('campo', { length: 10 }).notNull(),
    dia: date('dia', { mode: 'string' }).notNull(),
    total: integer('total').notNull(),
  },
  (table) => [primaryKey({ name: 'caso_contadores_dia_pk', columns: [table.campo, table.dia] })],
);

/**
 * Hearings per date, kept by statement triggers (drizzle/0024, docs/decisions/061): the Tablero's
 * hearings of the next days are a sum of a few rows, not a count over the hearings; where a deep
 * page of the hearings list starts (docs/decisions/062).
 */
export const audienciaContadores = pgTable('audiencia_contadores', {
  fechah: date('fechah', { mode: 'string' }).primaryKey(),
  total: integer('total').notNull(),
});

/**
 * Every inspection per inspection date, kept by statement triggers (drizzle/0025,
 * docs/decisions/062): where a deep page of the inspections list starts.
 */
export const inspeccionContadoresDia = pgTable('inspeccion_contadores_dia', {
  fecha_inspeccion: date('fecha_inspeccion', { mode: 'string' }).primaryKey(),
  total: integer('total').notNull(),
});

/**
 * Hearings per company and date, kept by statement triggers (drizzle/0027, docs/decisions/063):
 * the hearings list's total under a company filter is a sum of one row a date, and its deep pages
 * start from the date their offset falls in.
 */
export const audienciaContadoresCompania = pgTable(
  'audiencia_contadores_compania',
  {
    id_compania: integer('id_compania').notNull(),
    fechah: date('fechah', { mode: 'string' }).notNull(),
    total: integer('total').notNull(),
  },
  (table) => [primaryKey({ name: 'audiencia_contadores_compania_pk', columns: [table.id_compania, table.fechah] })],
);

/**
 * Inspections per product (of their case; 0 when it has none) and date, kept by statement
 * triggers (drizzle/0032, docs/decisions/065): the inspections list's total under a product filter
 * is a sum of one row a date, and its deep pages start from the date their offset falls in.
 */
export const inspeccionContadoresProducto = pgTable(
  'inspeccion_contadores_producto',
  {
    id_producto: integer('id_producto').notNull(),
    fecha_inspeccion: date('fecha_inspeccion', { mode: 'string' }).notNull(),
    total: integer('total').notNull(),
  },
  (table) => [primaryKey({ name: 'inspeccion_contadores_producto_pk', columns: [table.id_producto, table.fecha_inspeccion] })],
);
