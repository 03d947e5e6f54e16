import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Security and change events (ASVS 16.2, 16.3): sign-ins, refused authorizations and changes of
 * a case's fields. Append-only: the application never updates or deletes a row.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    fecha: timestamp('fecha', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Username of whoever acted (the name typed, for a failed sign-in); null when anonymous. */
    actor: varchar('actor', { length: 150 }),
    action: varchar('action', { length: 40 }).notNull(),
    entity: varchar('entity', { length: 40 }),
    entity_id: integer('entity_id'),
    ip: varchar('ip', { length: 64 }),
    method: varchar('method', { length: 10 }),
    route: varchar('route', { length: 200 }),
    /** Why a sign-in was refused ('bad_password', 'unknown_user', ...). */
    detail: varchar('detail', { length: 200 }),
    /** `{field: [old, new]}` of a change. */
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>(),
  },
  (table) => [
    index('audit_log_entity_idx').on(table.entity, table.entity_id, table.id),
    index('audit_log_fecha_idx').on(table.fecha),
    // A case's field changes and, apart, its status changes: the Línea de tiempo (drizzle/0051, docs/decisions/098).
    index('audit_log_caso_fecha_idx')
      .on(table.entity_id, table.fecha.desc(), table.id.desc())
      .where(sql`${table.entity} = 'caso' and ${table.action} = 'caso.update'`),
    index('audit_log_caso_estado_idx')
      .on(table.entity_id, table.fecha.desc(), table.id.desc())
      .where(sql`${table.entity} = 'caso' and ${table.action} = 'caso.update' and ${table.changes} ? 'id_estado'`),
  ],
);
