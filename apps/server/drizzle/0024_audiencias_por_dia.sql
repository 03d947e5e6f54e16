-- Hearings per date (docs/decisions/061): the Tablero's "hearings in the next days" counted
-- ~9,500 index entries of audiencias_fechah_idx at 1M cases on every request; now it sums at most
-- one row a day. Statement triggers with transition tables, in the writing transaction, rows in
-- date order (as inspeccion_contadores, drizzle/0016). Hearing writes wait for the back-fill.
CREATE TABLE "audiencia_contadores" (
	"fechah" date PRIMARY KEY NOT NULL,
	"total" integer NOT NULL
);
--> statement-breakpoint
LOCK TABLE "audiencias" IN SHARE MODE;
--> statement-breakpoint
INSERT INTO "audiencia_contadores" ("fechah", "total")
  SELECT "fechah", count(*)::int FROM "audiencias" GROUP BY 1;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audiencia_contadores_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO audiencia_contadores (fechah, total)
      SELECT fechah, count(*)::int FROM nuevas GROUP BY 1 ORDER BY 1
      ON CONFLICT (fechah) DO UPDATE SET total = audiencia_contadores.total + excluded.total;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO audiencia_contadores (fechah, total)
      SELECT fechah, -count(*)::int FROM viejas GROUP BY 1 ORDER BY 1
      ON CONFLICT (fechah) DO UPDATE SET total = audiencia_contadores.total + excluded.total;
  ELSE
    INSERT INTO audiencia_contadores (fechah, total)
      SELECT fechah, sum(n)::int FROM (
        SELECT fechah, -1 AS n FROM viejas
        UNION ALL
        SELECT fechah, 1 FROM nuevas
      ) d GROUP BY 1 HAVING sum(n) <> 0 ORDER BY 1
      ON CONFLICT (fechah) DO UPDATE SET total = audiencia_contadores.total + excluded.total;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audiencias_por_dia_ins" AFTER INSERT ON "audiencias" REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION audiencia_contadores_sync();
--> statement-breakpoint
CREATE TRIGGER "audiencias_por_dia_upd" AFTER UPDATE ON "audiencias" REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION audiencia_contadores_sync();
--> statement-breakpoint
CREATE TRIGGER "audiencias_por_dia_del" AFTER DELETE ON "audiencias" REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION audiencia_contadores_sync();
