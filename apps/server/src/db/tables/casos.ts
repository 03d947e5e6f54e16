import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { analistas, companias, estados, productos, responsabilidades, tiposDoc } from './reference';

const money = (name: string) => numeric(name, { precision: 15, scale: 2 });

/**
 * The row's edit version: a person's save names the version it read and is refused when another
 * save came first (409); each save adds one (docs/decisions/074). Nothing else writes it.
 */
export const editVersion = () => integer('version').notNull().default(1);

/** The insured party and third parties share these columns (spec §3). */
const personaColumns = () => ({
  id: serial('id').primaryKey(),
  apellido: varchar('apellido', { length: 150 }).notNull(),
  nombre: varchar('nombre', { length: 150 }),
  id_tipo_doc: integer('id_tipo_doc').references(() => tiposDoc.id),
  nro_doc: varchar('nro_doc', { length: 20 }),
  cuit: varchar('cuit', { length: 20 }),
  domicilio: varchar('domicilio', { length: 200 }),
  codigo_postal: varchar('codigo_postal', { length: 20 }),
  fijo: varchar('fijo', { length: 300 }),
  cel: varchar('cel', { length: 70 }),
  cbu: varchar('cbu', { length: 50 }),
  marca_modelo: varchar('marca_modelo', { length: 50 }),
  anio: integer('anio'),
  version: editVersion(),
  dominio: varchar('dominio', { length: 20 }),
  mail: varchar('mail', { length: 400 }),
});

export const asegurados = pgTable('asegurados', {
  ...personaColumns(),
  poliza: varchar('poliza', { length: 50 }),
  nro_chasis: varchar('nro_chasis', { length: 50 }),
  nro_motor: varchar('nro_motor', { length: 50 }),
  suma_asegurada: money('suma_asegurada'),
  accesorios: varchar('accesorios', { length: 200 }),
  otros: varchar('otros', { length: 200 }),
  detalle: varchar('detalle', { length: 2000 }),
});

export const casos = pgTable(
  'casos',
  {
    id: serial('id').primaryKey(),
    id_compania: integer('id_compania')
      .notNull()
      .references(() => companias.id),
    reclamo_nro: varchar('reclamo_nro', { length: 20 }).notNull(),
    gestor: varchar('gestor', { length: 50 }).notNull(),
    fecha_creado: date('fecha_creado', { mode: 'string' }).notNull(),
    fecha_siniestro: date('fecha_siniestro', { mode: 'string' }),
    hora_siniestro: time('hora_siniestro'),
    fecha_denuncia: date('fecha_denuncia', { mode: 'string' }),
    lugar_siniestro: varchar('lugar_siniestro', { length: 400 }),
    declaracion_asegurado: text('declaracion_asegurado'),
    usuario: varchar('usuario', { length: 150 }).notNull(),
    id_estado: smallint('id_estado')
      .notNull()
      .references(() => estados.id),
    /** The status a closed case was closed from, so Reabrir can return to it (decision 000). */
    id_estado_previo: smallint('id_estado_previo'),
    fecha_estado: date('fecha_estado', { mode: 'string' }).notNull(),
    id_letrado: integer('id_letrado'),
    id_asegurado: integer('id_asegurado')
      .notNull()
      .references(() => asegurados.id),
    presupuesto: money('presupuesto'),
    cotizacion: money('cotizacion'),
    id_responsabilidad: integer('id_responsabilidad').references(() => responsabilidades.id),
    analisis: varchar('analisis', { length: 200 }),
    valor_acordado: money('valor_acordado'),
    ampliacion: varchar('ampliacion', { length: 200 }),
    valor_ofertado: money('valor_ofertado'),
    id_producto: integer('id_producto').references(() => productos.id),
    id_analista: integer('id_analista').references(() => analistas.id),
    via_ingreso: varchar('via_ingreso', { length: 100 }),
    fecha_cierre: date('fecha_cierre', { mode: 'string' }),
    completa_doc: boolean('completa_doc').notNull().default(false),
    version: editVersion(),
    /** Lowercased, accent-free text of every searchable field of the case and its people. */
    busqueda: text('busqueda').notNull().default(''),
    /**
     * The surnames and the plates of the case's people, normalized, one a line (casoPersonasSearch):
     * the filter panel's 'Apellido' and 'Dominio' check them on the row (docs/decisions/072). NULL
     * on a case written before drizzle/0035 until the background fill reaches it.
     */
    busqueda_apellidos: text('busqueda_apellidos'),
    busqueda_dominios: text('busqueda_dominios'),
    urg: boolean('urg').notNull().default(false),
    amp: boolean('amp').notNull().default(false),
    auto: boolean('auto').notNull().default(false),
    inte: boolean('inte').notNull().default(false),
    lesion: boolean('lesion').notNull().default(false),
    vm: boolean('vm').notNull().default(false),
    inve: boolean('inve').notNull().default(false),
    docu: boolean('docu').notNull().default(false),
    fran: boolean('fran').notNull().default(false),
    ofre: boolean('ofre').notNull().default(false),
    ana: boolean('ana').notNull().default(false),
    negocia: boolean('negocia').notNull().default(false),
    acordado: boolean('acordado').notNull().default(false),
    cierre: boolean('cierre').notNull().default(false),
    halla: boolean('halla').notNull().default(false),
    lesiones: boolean('lesiones').notNull().default(false),
    sc: boolean('sc').notNull().default(false),
    /** Idempotency-Key of the POST /casos/alta that created it. */
    idempotency_key: varchar('idempotency_key', { length: 100 }),
  },
  (table) => [
    index('casos_id_desc_idx').on(table.id.desc()),
    index('casos_estado_id_idx').on(table.id_estado, table.id.desc()),
    index('casos_compania_id_idx').on(table.id_compania, table.id.desc()),
    index('casos_analista_id_idx').on(table.id_analista, table.id.desc()),
    // casos_analista_estado_id_idx (analista, estado, id DESC) INCLUDE (compania) lives in drizzle/0005 (custom SQL: no INCLUDE here).
    index('casos_producto_id_idx').on(table.id_producto, table.id.desc()),
    index('casos_fecha_creado_idx').on(table.fecha_creado, table.id.desc()),
    index('casos_reclamo_idx').on(table.reclamo_nro),
    index('casos_asegurado_idx').on(table.id_asegurado),
    index('casos_cierre_idx').on(table.fecha_cierre, table.id.desc()).where(sql`${table.id_estado} >= 8`),
    // 'Vigentes' and 'Cerrados' in id order, index-only (docs/decisions/042): a deep page walks at most one block of caso_bloques.
    index('casos_vigentes_id_idx').on(table.id.desc()).where(sql`${table.id_estado} < 8`),
    index('casos_cerrados_id_idx').on(table.id.desc()).where(sql`${table.id_estado} >= 8`),
    index('casos_busqueda_trgm_idx').using('gin', sql`${table.busqueda} gin_trgm_ops`),
    // A quick-search word with 7 digits in a row looks up its pieces here (docs/decisions/059; the function is drizzle/0020's).
    index('casos_busqueda_digitos_idx').using('gin', sql`busqueda_digitos(${table.busqueda})`),
    // A search word with 5 letters in a row looks up its pieces here (docs/decisions/067; the function is drizzle/0033's).
    index('casos_busqueda_letras_idx').using('gin', sql`busqueda_letras(${table.busqueda})`),
    // A search word of 5 letters and digits in a row holding both (a plate) looks up its pieces here (docs/decisions/070; the function is drizzle/0034's).
    index('casos_busqueda_patentes_idx').using('gin', sql`busqueda_patentes(${table.busqueda})`),
    // The cases the background fill has still to reach (docs/decisions/072): empty once it is done.
    index('casos_busqueda_personas_pendientes_idx').on(table.id.desc()).where(sql`${table.busqueda_apellidos} is null`),
    // The Tablero's partial indexes over the open cases (fecha_creado; fecha_estado; id_analista, id_estado) live in drizzle/0014 (custom SQL).
    uniqueIndex('casos_idempotency_uq').on(table.idempotency_key),
  ],
);

export const terceros = pgTable(
  'terceros',
  {
    ...personaColumns(),
    id_caso: integer('id_caso')
      .notNull()
      .references(() => casos.id, { onDelete: 'cascade' }),
    /** Position 1-5 within the case (id_tercero … id_tercero5 of the spec). */
    orden: smallint('orden').notNull(),
    detalle: varchar('detalle', { length: 1500 }),
    id_letrado: integer('id_letrado'),
  },
  (table) => [uniqueIndex('terceros_caso_orden_uq').on(table.id_caso, table.orden)],
);

/** Vigentes / Cerrados counters, maintained by a trigger so the list never counts the table. */
export const casoContadores = pgTable('caso_contadores', {
  cerrado: boolean('cerrado').primaryKey(),
  total: integer('total').notNull(),
});

/** Ids per block of caso_bloques: a block is the cases whose `id >> CASO_BLOQUE_BITS` is the same. */
export const CASO_BLOQUE_BITS = 10;

/**
 * How many open and closed cases each block of 1,024 ids holds, kept by the counters' trigger
 * (drizzle/0012): page N of the list, of 'Vigentes' or of 'Cerrados' is found by summing these
 * (about 1,000 rows at 1M cases) and walking at most one block of an index, never an OFFSET over
 * the whole table (docs/decisions/042).
 */
export const casoBloques = pgTable(
  'caso_bloques',
  {
    bloque: integer('bloque').notNull(),
    cerrado: boolean('cerrado').notNull(),
    total: integer('total').notNull(),
  },
  (table) => [primaryKey({ columns: [table.bloque, table.cerrado] })],
);

/** Ids per tramo of caso_tramos: 128 blocks, 131,072 ids (`id >> CASO_TRAMO_BITS`; migration 0022 and its trigger function say 17 too). */
export const CASO_TRAMO_BITS = 17;

/**
 * How many open and closed cases each tramo of 1,024 blocks holds, kept beside caso_bloques by the
 * counters' trigger (drizzle/0021): a page finds its tramo first (ten rows at 10M cases), then
 * sums only that tramo's blocks, so no page reads more rows as the office grows (docs/decisions/042).
 */
export const casoTramos = pgTable(
  'caso_tramos',
  {
    tramo: integer('tramo').notNull(),
    cerrado: boolean('cerrado').notNull(),
    total: integer('total').notNull(),
  },
  (table) => [primaryKey({ columns: [table.tramo, table.cerrado] })],
);
