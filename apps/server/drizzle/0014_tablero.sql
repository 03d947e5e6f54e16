-- The Tablero (docs/decisions/049) counts ranges of these partial indexes, never the open cases' rows.
-- Age of an open case since F Alta and since its last status change: the 0-7 / 8-30 / 31-90 day
-- buckets are index-only range counts; 90+ is the open-case counter minus them.
CREATE INDEX IF NOT EXISTS "casos_abiertos_alta_idx" ON "casos" USING btree ("fecha_creado") WHERE "id_estado" < 8;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "casos_abiertos_fecha_estado_idx" ON "casos" USING btree ("fecha_estado") WHERE "id_estado" < 8;
--> statement-breakpoint
-- Open cases per analyst and per status in one index-only pass over the open cases (a scan that grows
-- with them: per-status counters kept by trigger are left for later, decision 049).
CREATE INDEX IF NOT EXISTS "casos_abiertos_analista_estado_idx" ON "casos" USING btree ("id_analista", "id_estado") WHERE "id_estado" < 8;
--> statement-breakpoint
-- Pending inspections per inspector, and those older than N days, off the pending ones only.
CREATE INDEX IF NOT EXISTS "inspecciones_pendientes_inspector_idx" ON "inspecciones" USING btree ("id_inspector", "fecha_inspeccion") WHERE "estado" IN ('Coordinada', 'Licitando');
