-- All inspections filtered by inspector (+ state, + dates), latest inspection date first. The count
-- was a bitmap heap scan of every inspection of the inspector (~75k rows, 74 ms at 1M cases,
-- bench/results/2026-11-22.md); with this index it is index-only (state from INCLUDE, 1.7 ms) and
-- page 1 walks it in the list's order (0.03 ms). Custom SQL: drizzle's index builder has no INCLUDE.
CREATE INDEX IF NOT EXISTS "inspecciones_inspector_fecha_idx" ON "inspecciones" USING btree ("id_inspector","fecha_inspeccion" DESC,"id" DESC) INCLUDE ("estado");
