-- The inspections of one state, or the pending ones, newest first, as a range of an index
-- (docs/decisions/065): the list filtered by a state alone walked every inspection's date looking
-- for it, and for a state few or none have (Licitando in the demo office) that was every inspection
-- (26 ms at 1M cases, growing with them); under the page's named statement (its plan kept for any
-- offset) the pending ones were all sorted (10 ms). Inspection writes wait for the builds (~0.4 s
-- and ~0.1 s at 1M cases).
CREATE INDEX "inspecciones_estado_fecha_idx" ON "inspecciones" USING btree ("estado","fecha_inspeccion","id");--> statement-breakpoint
CREATE INDEX "inspecciones_pendientes_fecha_idx" ON "inspecciones" USING btree ("fecha_inspeccion","id") WHERE "inspecciones"."estado" in ('Coordinada', 'Licitando');
