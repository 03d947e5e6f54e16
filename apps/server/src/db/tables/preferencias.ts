import { sql } from 'drizzle-orm';
import { check, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A user's colour scheme and row density (drizzle/0050, docs/decisions/101); no row: the defaults. */
export const preferenciasUsuario = pgTable(
  'preferencias_usuario',
  {
    id_usuario: integer('id_usuario')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    esquema: varchar('esquema', { length: 5 }).notNull().default('light'),
    densidad: varchar('densidad', { length: 8 }).notNull().default('comoda'),
    actualizado: timestamp('actualizado', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [
    check('preferencias_usuario_esquema_ck', sql`${table.esquema} in ('light', 'dark', 'auto')`),
    check('preferencias_usuario_densidad_ck', sql`${table.densidad} in ('comoda', 'compacta')`),
  ],
);
