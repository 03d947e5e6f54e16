import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';

/** The legal deadline rules, data an Admin adjusts (docs/decisions/044); seeded by drizzle/0011. */
export const plazosLegales = pgTable('plazos_legales', {
  codigo: varchar('codigo', { length: 30 }).primaryKey(),
  nombre: varchar('nombre', { length: 100 }).notNull(),
  /** What starts the clock: a key of PLAZO_EVENTOS. */
  evento: varchar('evento', { length: 30 }).notNull(),
  cantidad: integer('cantidad').notNull(),
  /** dias_corridos, dias_habiles or anios. */
  unidad: varchar('unidad', { length: 15 }).notNull(),
  /** Amber from this many calendar days before the end. */
  aviso_dias: integer('aviso_dias').notNull(),
  activo: boolean('activo').notNull().default(true),
  /** The legal source, shown beside the clock. */
  fuente: varchar('fuente', { length: 200 }).notNull(),
  orden: smallint('orden').notNull().default(0),
});

/**
 * When each clock of a case started (`desde`) and, once the case answered it, stopped (`hasta`):
 * kept by triggers on casos and audiencias (drizzle/0011, decision 041) so every write path keeps
 * it; the end dates are computed from the rules at read time (docs/decisions/044).
 */
export const casoPlazos = pgTable(
  'caso_plazos',
  {
    id_caso: integer('id_caso').notNull(),
    evento: varchar('evento', { length: 30 }).notNull(),
    desde: date('desde', { mode: 'string' }).notNull(),
    hasta: date('hasta', { mode: 'string' }),
  },
  (table) => [
    primaryKey({ columns: [table.id_caso, table.evento] }),
    index('caso_plazos_en_curso_idx')
      .on(table.evento, table.desde, table.id_caso)
      .where(sql`${table.hasta} is null`),
  ],
);

/**
 * The cases the list's filter 'Plazo' finds today: `plazo` 'vencido' or 'por_vencer' (a case with a
 * red and an amber clock is in both). Kept in the writer's transaction by a trigger on caso_plazos
 * for the cases it touches, and in full once a day and after a rule or holiday edit, when the day
 * or the rules move every clock (drizzle/0017, docs/decisions/057): a page of the filter reads
 * this index newest first instead of building every match.
 */
export const casoPlazoEstados = pgTable(
  'caso_plazo_estados',
  {
    plazo: varchar('plazo', { length: 10 }).notNull(),
    id_caso: integer('id_caso').notNull(),
  },
  (table) => [primaryKey({ name: 'caso_plazo_estados_pk', columns: [table.plazo, table.id_caso] })],
);

/** The one day caso_plazo_estados holds (Argentina's date); null once a rule or holiday changed, until it is filled again. */
export const casoPlazoEstadosDia = pgTable('caso_plazo_estados_dia', {
  unica: boolean('unica').primaryKey().default(true),
  dia: date('dia', { mode: 'string' }),
});
