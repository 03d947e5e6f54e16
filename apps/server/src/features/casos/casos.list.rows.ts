import { and, eq, sql, type Column, type SQL } from 'drizzle-orm';
import { PgDialect, type PgSelect } from 'drizzle-orm/pg-core';
import { lesionados } from '../../db/tables/lesionados';
import { letrados } from '../../db/tables/letrados';
import { audiencias } from '../../db/tables/mediacion';
import { pagadoDelCaso, pendienteDelCaso } from '../pagos';
import type { CasoRowIds, NameIdFields } from './casos.names';
import { FLAG_COLUMNS } from './casos.repository';
import { asegurados, casos, terceros } from '../../db/tables/casos';

/*
 * What a row of the case list and of the export is: its columns, built by PostgreSQL as one JSON
 * text per row (rendered to SQL once), and the join that gives it the first third party. A new
 * column of the list is added here only; the paging strategies that select these rows are
 * casos.list.repository.ts, the filter's WHERE casos.list.filters.ts.
 */

/**
 * The case has at least one row in `table`. A scalar subquery rather than EXISTS: PostgreSQL may
 * run an EXISTS in the select list as a hashed subplan, and did for every export batch, seq-scanning
 * all 227k lesionados and 141k audiencias each time (bench/results/2026-11-22.md, 1M cases); a
 * scalar subquery is never hashed, so it probes the id_caso index once per row.
 */
const hasAny = (table: typeof lesionados | typeof audiencias, idCaso: Column) =>
  sql<boolean>`coalesce((select true from ${table} where ${idCaso} = ${casos.id} limit 1), false)`;

/** The case's lawyer: its own column or the lawyer row of the case. */
const idLetrado = sql<number | null>`coalesce(${casos.id_letrado}, (select ${letrados.id} from ${letrados} where ${letrados.id_caso} = ${casos.id}))`;

/** The list row with the ids of its lookups; casos.names.ts puts their names in. */
const LIST_COLUMNS = {
  id: casos.id,
  fecha_creado: casos.fecha_creado,
  t_apellido: terceros.apellido,
  t_nombre: terceros.nombre,
  id_compania: casos.id_compania,
  t_dominio: terceros.dominio,
  fecha_siniestro: casos.fecha_siniestro,
  id_estado: casos.id_estado,
  id_producto: casos.id_producto,
  lesionado: hasAny(lesionados, lesionados.id_caso),
  id_letrado: idLetrado,
  mediacion: hasAny(audiencias, audiencias.id_caso),
  id_analista: casos.id_analista,
  reclamo_nro: casos.reclamo_nro,
  ...FLAG_COLUMNS,
};

/** The export's columns beyond the list's. */
const EXPORT_EXTRA_COLUMNS = {
  gestor: casos.gestor,
  fecha_denuncia: casos.fecha_denuncia,
  fecha_cierre: casos.fecha_cierre,
  valor_ofertado: casos.valor_ofertado,
  as_apellido: asegurados.apellido,
  as_nombre: asegurados.nombre,
  as_dominio: asegurados.dominio,
  valor_acordado: casos.valor_acordado,
  valor_pagado: pagadoDelCaso(casos.id),
  valor_pendiente: pendienteDelCaso(casos.id, casos.valor_acordado),
};

export type CasoExportRowIds = CasoRowIds & {
  gestor: string;
  fecha_denuncia: string | null;
  fecha_cierre: string | null;
  valor_ofertado: string | null;
  as_apellido: string;
  as_nombre: string | null;
  as_dominio: string | null;
  valor_acordado: string | null;
  valor_pagado: string;
  valor_pendiente: string | null;
};

/** The case rows with their first third party. */
export function withTercero<T extends PgSelect>(query: T) {
  return query.leftJoin(terceros, and(eq(terceros.id_caso, casos.id), eq(terceros.orden, 1)));
}

/**
 * A fixed SQL fragment (no parameter) as its text, rendered once: drizzle would otherwise walk its
 * tree of chunks in every statement that selects it, which for the list's row (forty columns and
 * subqueries) was most of the ~0.17 ms of server CPU a filtered page spent building SQL.
 */
function renderedOnce<T>(fragment: SQL<T>): SQL<T> {
  const { sql: text, params } = new PgDialect().sqlToQuery(fragment);
  if (params.length > 0) throw new Error('A fragment rendered once cannot carry parameters');
  return sql.raw(text) as SQL<T>;
}

/**
 * LIST_COLUMNS as one JSON object per row, built by PostgreSQL with the same keys in the same
 * order, without spaces (row_to_json of a one-row subselect; json_build_object pads every key).
 */
const rowJson = (columns: Record<string, SQL | Column | SQL.Aliased>) =>
  renderedOnce(sql<string>`(select row_to_json(list_row)::text from (select ${sql.join(
    Object.entries(columns).map(([key, column]) => {
      if (!/^[a-z_]+$/.test(key)) throw new Error(`Bad list column key ${key}`);
      return sql`${column} as ${sql.raw(`"${key}"`)}`;
    }),
    sql`, `,
  )}) list_row)`);
const LIST_ROW_JSON = rowJson(LIST_COLUMNS);
/** The export's row the same way (a date as 'YYYY-MM-DD', an amount as a JSON number). */
export const EXPORT_ROW_JSON = rowJson({ ...LIST_COLUMNS, ...EXPORT_EXTRA_COLUMNS });

/** A list row: the case as JSON text, and the ids its names come from (casos.names.ts). */
export type CasoRowJson = Pick<CasoRowIds, NameIdFields> & { json: string };
/**
 * What every page of the list and of a filter selects: each row as JSON text, sent as PostgreSQL
 * writes it (see firstPageStatements in casos.list.repository.ts), and the ids its names come from.
 */
export const LIST_ROW = { json: LIST_ROW_JSON, id_compania: casos.id_compania, id_estado: casos.id_estado, id_producto: casos.id_producto, id_analista: casos.id_analista };
/** An export row: CasoExportRowIds as JSON text, its id (the keyset) and the ids its names come from. */
export type CasoExportRowJson = CasoRowJson & { id: number };
