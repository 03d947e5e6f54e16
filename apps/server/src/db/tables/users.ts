import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { inspectores } from './reference';

export const users = pgTable(
  'usuarios',
  {
    id: serial('id').primaryKey(),
    apellido: varchar('apellido', { length: 50 }).notNull(),
    nombre: varchar('nombre', { length: 50 }).notNull(),
    username: varchar('username', { length: 150 }).notNull(),
    password_hash: text('password_hash').notNull(),
    rol: smallint('rol').notNull(),
    id_inspect: integer('id_inspect').references(() => inspectores.id),
    activo: boolean('activo').notNull().default(true),
    /** The offer limit (docs/decisions/081): null is none; checked >= 0 in drizzle/0040. */
    limite_ofrecimiento: numeric('limite_ofrecimiento', { precision: 15, scale: 2 }),
    /** Base32 TOTP secret once confirmed (RFC 6238); null when the user has no second factor. */
    totp_secret: text('totp_secret'),
    /** Secret generated at enrolment, waiting for the first valid code. */
    totp_pending_secret: text('totp_pending_secret'),
    /** Last accepted time step: a code is accepted once (ASVS 6.5.1). */
    totp_last_step: integer('totp_last_step'),
    creado: timestamp('creado', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('usuarios_username_uq').on(sql`lower(${table.username})`)],
);

/** Server-side sessions; the cookie carries a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sesiones',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creado: timestamp('creado', { withTimezone: true, mode: 'date' }).notNull(),
    expira: timestamp('expira', { withTimezone: true, mode: 'date' }).notNull(),
    ultimo_uso: timestamp('ultimo_uso', { withTimezone: true, mode: 'date' }).notNull(),
    /** The public name of the session in 'Mi cuenta' (the token's hash is never sent). */
    ref: uuid('ref').notNull().defaultRandom(),
    /** Address and User-Agent of the sign-in, to tell the user's sessions apart. */
    ip: varchar('ip', { length: 64 }),
    user_agent: varchar('user_agent', { length: 300 }),
  },
  (table) => [index('sesiones_user_idx').on(table.user_id), index('sesiones_expira_idx').on(table.expira)],
);
