CREATE TABLE "fila_contadores" (
	"tabla" text PRIMARY KEY NOT NULL,
	"total" integer NOT NULL
);
--> statement-breakpoint
-- Every inspection and hearing (unfiltered lists): counting 600k inspections cost ~37 ms at 1M
-- cases (bench/results). Statement triggers with transition tables: one update per statement,
-- however many rows it wrote (a bulk insert, a case deleted with its hearings).
INSERT INTO "fila_contadores" ("tabla", "total")
  SELECT 'inspecciones', count(*)::int FROM "inspecciones"
  UNION ALL SELECT 'audiencias', count(*)::int FROM "audiencias";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fila_contadores_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE fila_contadores SET total = total + (SELECT count(*) FROM filas_nuevas) WHERE tabla = TG_TABLE_NAME;
  ELSE
    UPDATE fila_contadores SET total = total - (SELECT count(*) FROM filas_viejas) WHERE tabla = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER inspecciones_contador_ins AFTER INSERT ON inspecciones
  REFERENCING NEW TABLE AS filas_nuevas FOR EACH STATEMENT EXECUTE FUNCTION fila_contadores_sync();
--> statement-breakpoint
CREATE TRIGGER inspecciones_contador_del AFTER DELETE ON inspecciones
  REFERENCING OLD TABLE AS filas_viejas FOR EACH STATEMENT EXECUTE FUNCTION fila_contadores_sync();
--> statement-breakpoint
CREATE TRIGGER audiencias_contador_ins AFTER INSERT ON audiencias
  REFERENCING NEW TABLE AS filas_nuevas FOR EACH STATEMENT EXECUTE FUNCTION fila_contadores_sync();
--> statement-breakpoint
CREATE TRIGGER audiencias_contador_del AFTER DELETE ON audiencias
  REFERENCING OLD TABLE AS filas_viejas FOR EACH STATEMENT EXECUTE FUNCTION fila_contadores_sync();
