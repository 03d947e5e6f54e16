-- The inspector's agenda (issue 43 item 1, docs/decisions/086): an optional hour of the visit, and
-- the two reads of 'Mis Inspecciones' as ranges of one index each, already in the order they show.
ALTER TABLE "inspecciones" ADD COLUMN IF NOT EXISTS "hora_inspeccion" time;
--> statement-breakpoint
-- Pending visits of one inspector by date, hour (none last: an ascending index keeps NULLs last) and id.
-- It starts with the columns of inspecciones_pendientes_inspector_idx (drizzle/0014), which it replaces:
-- the Tablero's ranges of pending visits per inspector and date read this one as well.
CREATE INDEX IF NOT EXISTS "inspecciones_agenda_pendientes_idx" ON "inspecciones" USING btree ("id_inspector", "fecha_inspeccion", "hora_inspeccion", "id") WHERE "estado" IN ('Coordinada', 'Licitando');
--> statement-breakpoint
DROP INDEX IF EXISTS "inspecciones_pendientes_inspector_idx";
--> statement-breakpoint
-- Finalized visits of one inspector, newest closing first (read backwards).
CREATE INDEX IF NOT EXISTS "inspecciones_agenda_finalizadas_idx" ON "inspecciones" USING btree ("id_inspector", "fecha_cierre", "id") WHERE "estado" = 'Finalizada';
