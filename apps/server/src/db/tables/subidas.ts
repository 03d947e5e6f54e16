import { sql } from 'drizzle-orm';
import { index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/**
 * Resumable uploads (drizzle/0046, docs/decisions/089): who began each one (from the session,
 * never from the client), what it is for, and how far it got. The bytes live in the tus store
 * (DATA_DIR/subidas, or the bucket under `subidas/`); this row is what every request checks.
 */
export const subidas = pgTable(
  'subidas',
  {
    /** The tus id: 32 hex characters the server draws (the last segment of the upload's URL). */
    id: varchar('id', { length: 32 }).primaryKey(),
    id_usuario: integer('id_usuario')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SUBIDA_PROPOSITOS: 'inspeccion'. */
    proposito: varchar('proposito', { length: 30 }).notNull(),
    /** The object it is for (the inspection's id), checked reachable by the user at creation. */
    id_objeto: integer('id_objeto').notNull(),
    /** The client's file name (Upload-Metadata filename): only its extension and as a label. */
    nombre: varchar('nombre', { length: 200 }).notNull(),
    longitud: integer('longitud').notNull(),
    recibidos: integer('recibidos').notNull().default(0),
    creada: at('creada').notNull().defaultNow(),
    actualizada: at('actualizada').notNull().defaultNow(),
    terminada: at('terminada'),
    /** Set in the transaction of the feature that took it: taken once. */
    usada: at('usada'),
  },
  (table) => [
    index('subidas_pendientes_idx').on(table.id_usuario).where(sql`${table.terminada} IS NULL`),
    index('subidas_creada_idx').on(table.creada),
  ],
);
