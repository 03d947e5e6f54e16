import {
  char,
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  customType,
} from 'drizzle-orm/pg-core';
import { companias } from './reference';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * The informe de gestión's monthly rollup per company (drizzle/0048, docs/decisions/094), kept by
 * the deferred trigger caso_informe_sync at commit: 'recibidos', 'cerrados' (clave: the status),
 * 'montos' (clave: the bucket of agreed ÷ inspected, with sums) and 'estado' (+1 entering, -1
 * leaving a status: the cases in it at a month's end are the sum up to that month).
 */
export const informeMes = pgTable(
  'informe_mes',
  {
    id_compania: integer('id_compania').notNull(),
    mes: date('mes', { mode: 'string' }).notNull(),
    figura: text('figura').notNull(),
    clave: integer('clave').notNull(),
    total: integer('total').notNull(),
    ofrecido: numeric('ofrecido', { precision: 17, scale: 2 }).notNull().default('0'),
    acordado: numeric('acordado', { precision: 17, scale: 2 }).notNull().default('0'),
    inspeccionado: numeric('inspeccionado', { precision: 17, scale: 2 }).notNull().default('0'),
  },
  (table) => [primaryKey({ name: 'informe_mes_pk', columns: [table.id_compania, table.figura, table.mes, table.clave] })],
);

/** Open cases per day of F Alta: +1 the month one opened, -1 the month it closed (drizzle/0048): the age buckets at a month's end. */
export const informeAbiertosDia = pgTable(
  'informe_abiertos_dia',
  {
    id_compania: integer('id_compania').notNull(),
    dia_alta: date('dia_alta', { mode: 'string' }).notNull(),
    mes: date('mes', { mode: 'string' }).notNull(),
    total: integer('total').notNull(),
  },
  (table) => [primaryKey({ name: 'informe_abiertos_dia_pk', columns: [table.id_compania, table.dia_alta, table.mes] })],
);

/** Cases that left a stage per month, by the days they spent in it: whole office ('o'), per analyst ('a'), per inspector ('i'). */
export const informeEtapas = pgTable(
  'informe_etapas',
  {
    id_compania: integer('id_compania').notNull(),
    mes: date('mes', { mode: 'string' }).notNull(),
    etapa: smallint('etapa').notNull(),
    tipo: char('tipo', { length: 1 }).notNull(),
    id_persona: integer('id_persona').notNull(),
    dias: integer('dias').notNull(),
    total: integer('total').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'informe_etapas_pk',
      columns: [table.id_compania, table.tipo, table.mes, table.etapa, table.id_persona, table.dias],
    }),
  ],
);

/** What each case counts for in the rollup now (its stage and since when, its closed contribution): a change moves exactly that. */
export const casoInforme = pgTable('caso_informe', {
  id_caso: integer('id_caso').primaryKey(),
  etapa: smallint('etapa').notNull(),
  etapa_desde: date('etapa_desde', { mode: 'string' }).notNull(),
  cerrado_mes: date('cerrado_mes', { mode: 'string' }),
  id_estado: smallint('id_estado').notNull(),
  bucket: integer('bucket'),
  ofrecido: numeric('ofrecido', { precision: 15, scale: 2 }),
  acordado: numeric('acordado', { precision: 15, scale: 2 }),
  inspeccionado: numeric('inspeccionado', { precision: 15, scale: 2 }),
});

/**
 * Each status each case has been in, from the status date it entered it to that of the next (null:
 * the current one), kept by caso_estado_periodos_sync (drizzle/0055, docs/decisions/102): which
 * cases were open, and in which status, at a past month's end. Its indexes (one on an expression,
 * with INCLUDE) live in the migration.
 */
export const casoEstadoPeriodos = pgTable('caso_estado_periodos', {
  id_caso: integer('id_caso').notNull(),
  /** The case's company now (a case moved takes its periods along). */
  id_compania: integer('id_compania').notNull(),
  id_estado: smallint('id_estado').notNull(),
  desde: date('desde', { mode: 'string' }).notNull(),
  hasta: date('hasta', { mode: 'string' }),
});

// caso_plazos_evento_desde_idx (evento, desde) INCLUDE (hasta, id_caso), the informe's expired clocks, lives in drizzle/0048 (custom SQL: no INCLUDE here),
// as pagos_pagados_fecha_idx (fecha_pago) INCLUDE (id_caso, monto) WHERE estado = 'pagado', the informe's paid amounts.

/** Recipients of a company's monthly e-mail, set by the Admin. */
export const informeDestinatarios = pgTable('informe_destinatarios', {
  id_compania: integer('id_compania')
    .primaryKey()
    .references(() => companias.id),
  destinatarios: text('destinatarios').array().notNull(),
});

/** The monthly e-mails sent, one per company and month (the unique key is the claim across nodes), with the PDF sent. */
export const informeEnviados = pgTable(
  'informe_enviados',
  {
    id: serial('id').primaryKey(),
    id_compania: integer('id_compania')
      .notNull()
      .references(() => companias.id),
    mes: date('mes', { mode: 'string' }).notNull(),
    destinatarios: text('destinatarios').array().notNull(),
    enviado: timestamp('enviado', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    pdf: bytea('pdf').notNull(),
  },
  (table) => [unique('informe_enviados_mes_uq').on(table.id_compania, table.mes)],
);
