-- Every inspection per inspection date (docs/decisions/062): a deep page of the inspections list
-- starts from the date its offset falls in, instead of an OFFSET over every later inspection
-- (~300,000 index entries for the middle page at 1M cases, growing with the office). Statement
-- triggers with transition tables, in the writing transaction, rows in date order (as
-- audiencia_contadores, drizzle/0024). Inspection writes wait for the back-fill.
CREATE TABLE "inspeccion_contadores_dia" (
	"fecha_inspeccion" date PRIMARY KEY NOT NULL,
	"total" integer NOT NULL
);
--> statement-breakpoint
LOCK TABLE "inspecciones" IN SHARE MODE;
--> statement-breakpoint
INSERT INTO "inspeccion_contadores_dia" ("fecha_inspeccion", "total")
  SELECT "fecha_inspeccion", count(*)::int FROM "inspecciones" GROUP BY 1;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inspeccion_contadores_dia_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO inspeccion_contadores_dia (fecha_inspeccion, total)
      SELECT fecha_inspeccion, count(*)::int FROM nuevas GROUP BY 1 ORDER BY 1
      ON CONFLICT (fecha_inspeccion) DO UPDATE SET total = inspeccion_contadores_dia.total + excluded.total;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO inspeccion_contadores_dia (fecha_inspeccion, total)
      SELECT fecha_inspeccion, -count(*)::int FROM viejas GROUP BY 1 ORDER BY 1
      ON CONFLICT (fecha_inspeccion) DO UPDATE SET total = inspeccion_contadores_dia.total + excluded.total;
  ELSE
    -- Most updates change the state, not the date: then no row is touched.
    INSERT INTO inspeccion_contadores_dia (fecha_inspeccion, total)
      SELECT fecha_inspeccion, sum(n)::int FROM (
        SELECT fecha_inspeccion, -1 AS n FROM viejas
        UNION ALL
        SELECT fecha_inspeccion, 1 FROM nuevas
      ) d GROUP BY 1 HAVING sum(n) <> 0 ORDER BY 1
      ON CONFLICT (fecha_inspeccion) DO UPDATE SET total = inspeccion_contadores_dia.total + excluded.total;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "inspecciones_por_dia_ins" AFTER INSERT ON "inspecciones" REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION inspeccion_contadores_dia_sync();
--> statement-breakpoint
CREATE TRIGGER "inspecciones_por_dia_upd" AFTER UPDATE ON "inspecciones" REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION inspeccion_contadores_dia_sync();
--> statement-breakpoint
CREATE TRIGGER "inspecciones_por_dia_del" AFTER DELETE ON "inspecciones" REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION inspeccion_contadores_dia_sync();
