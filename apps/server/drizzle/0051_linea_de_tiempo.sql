-- The case's Línea de tiempo (issue 44 item 3, docs/decisions/098): each big source of a case's
-- events is read newest first off an index on (case, fecha, id), so a page of a case with thousands
-- of events stops at the page's rows instead of sorting all of them.
CREATE INDEX IF NOT EXISTS "historial_caso_fecha_idx" ON "historial" ("id_caso", "fecha" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "documentos_caso_creado_idx" ON "documentos" ("id_caso", "creado" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tareas_caso_creado_idx" ON "tareas" ("id_caso", "creado" DESC, "id" DESC);--> statement-breakpoint
-- The case's field changes (the triggers' rows, migration 0004), and apart the status changes, which
-- would otherwise be searched for among every change of a much-edited case.
CREATE INDEX IF NOT EXISTS "audit_log_caso_fecha_idx" ON "audit_log" ("entity_id", "fecha" DESC, "id" DESC) WHERE "entity" = 'caso' AND "action" = 'caso.update';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_caso_estado_idx" ON "audit_log" ("entity_id", "fecha" DESC, "id" DESC) WHERE "entity" = 'caso' AND "action" = 'caso.update' AND "changes" ? 'id_estado';
