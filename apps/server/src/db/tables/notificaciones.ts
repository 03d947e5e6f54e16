import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The user's items of the bell (docs/decisions/050). Foreign keys (to usuarios, casos, tareas,
 * analistas) and the trigger that writes 'caso asignado' are in drizzle/0015, written by hand.
 */
export const notificaciones = pgTable(
  'notificaciones',
  {
    id: serial('id').primaryKey(),
    id_usuario: integer('id_usuario').notNull(),
    /** tarea_asignada, tarea_vence, plazo_aviso, caso_asignado (NOTIFICACION_TIPOS). */
    tipo: varchar('tipo', { length: 20 }).notNull(),
    /** The item's own words: the task's text, the rule's name, the analyst's name. */
    texto: varchar('texto', { length: 500 }).notNull(),
    fecha: date('fecha', { mode: 'string' }),
    id_caso: integer('id_caso'),
    id_tarea: integer('id_tarea'),
    autor: varchar('autor', { length: 150 }),
    /** Periodic items only: what makes them once (`<tarea>:<vence>`, `<caso>:<evento>:<desde>`). */
    clave: varchar('clave', { length: 100 }),
    creada: timestamp('creada', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    leida: timestamp('leida', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('notificaciones_usuario_idx').on(table.id_usuario, table.id),
    index('notificaciones_no_leidas_idx')
      .on(table.id_usuario, table.id)
      .where(sql`${table.leida} is null`),
    uniqueIndex('notificaciones_clave_uq')
      .on(table.id_usuario, table.tipo, table.clave)
      .where(sql`${table.clave} is not null`),
    index('notificaciones_id_caso_idx').on(table.id_caso),
    index('notificaciones_id_tarea_idx').on(table.id_tarea),
  ],
);

/** A user's own settings: the daily e-mail digest. */
export const notificacionPreferencias = pgTable('notificacion_preferencias', {
  id_usuario: integer('id_usuario').primaryKey(),
  resumen_diario: boolean('resumen_diario').notNull().default(false),
});

/** One row per user and day the digest was handled: what keeps a restart or a second node from sending it twice. */
export const resumenesEnviados = pgTable(
  'resumenes_enviados',
  {
    id_usuario: integer('id_usuario').notNull(),
    dia: date('dia', { mode: 'string' }).notNull(),
    /** When a node took the day's digest of this user (before sending it). */
    reclamado: timestamp('reclamado', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Items listed once sent; 0: nothing unread, no e-mail. */
    items: integer('items'),
    enviado: timestamp('enviado', { withTimezone: true, mode: 'date' }),
  },
  (table) => [primaryKey({ name: 'resumenes_enviados_pk', columns: [table.id_usuario, table.dia] })],
);
