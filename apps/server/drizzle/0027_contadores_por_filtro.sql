-- Totals of the inspections filtered by state or inspector and of the hearings filtered by company
-- (docs/decisions/063): counting the matches grew with the office (at 10M cases an inspector's
-- finished inspections of a year, 111,411 rows: 18.7 ms of SQL; a company's hearings of a year
-- 9.5 ms); now they are sums of one row a date, and deep pages start from the date their offset
-- falls in. `inspeccion_contadores` counted pending inspections only (drizzle/0016, the Tablero):
-- it now counts every state, keyed by state first so the Tablero still reads the pending rows
-- alone. One trigger function for both tables, told the table and its keys by the trigger.
-- Inspection and hearing writes wait for the back-fill.
CREATE TABLE "audiencia_contadores_compania" (
	"id_compania" integer NOT NULL,
	"fechah" date NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "audiencia_contadores_compania_pk" PRIMARY KEY("id_compania","fechah")
);
--> statement-breakpoint
DROP TRIGGER "inspecciones_pendientes_ins" ON "inspecciones";
--> statement-breakpoint
DROP TRIGGER "inspecciones_pendientes_upd" ON "inspecciones";
--> statement-breakpoint
DROP TRIGGER "inspecciones_pendientes_del" ON "inspecciones";
--> statement-breakpoint
DROP FUNCTION inspeccion_contadores_sync();
--> statement-breakpoint
LOCK TABLE "inspecciones" IN SHARE MODE;
--> statement-breakpoint
LOCK TABLE "audiencias" IN SHARE MODE;
--> statement-breakpoint
DELETE FROM "inspeccion_contadores";
--> statement-breakpoint
ALTER TABLE "inspeccion_contadores" ADD COLUMN "estado" varchar(50) NOT NULL;
--> statement-breakpoint
ALTER TABLE "inspeccion_contadores" DROP CONSTRAINT "inspeccion_contadores_pk";
--> statement-breakpoint
ALTER TABLE "inspeccion_contadores" ADD CONSTRAINT "inspeccion_contadores_pk" PRIMARY KEY("estado","id_inspector","fecha_inspeccion");
--> statement-breakpoint
INSERT INTO "inspeccion_contadores" ("estado", "id_inspector", "fecha_inspeccion", "total")
  SELECT "estado", "id_inspector", "fecha_inspeccion", count(*)::int FROM "inspecciones" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "audiencia_contadores_compania" ("id_compania", "fechah", "total")
  SELECT "id_compania", "fechah", count(*)::int FROM "audiencias" GROUP BY 1, 2;
--> statement-breakpoint
-- The rows one statement wrote, counted into TG_ARGV[0] by the columns TG_ARGV[1] names (the
-- counter table's key, in its order): +1 a new row, -1 an old one, so an update that keeps the
-- keys nets to nothing and touches no row. One upsert per key, in key order, so two writers take
-- the rows in the same order.
CREATE OR REPLACE FUNCTION contadores_por_claves_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  filas text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT *, 1 AS cambio FROM nuevas'
    WHEN 'DELETE' THEN 'SELECT *, -1 AS cambio FROM viejas'
    ELSE 'SELECT *, -1 AS cambio FROM viejas UNION ALL SELECT *, 1 FROM nuevas'
  END;
BEGIN
  EXECUTE format(
    'INSERT INTO %1$I (%2$s, total)
       SELECT %2$s, sum(cambio)::int FROM (%3$s) filas GROUP BY %2$s HAVING sum(cambio) <> 0 ORDER BY %2$s
       ON CONFLICT (%2$s) DO UPDATE SET total = %1$I.total + excluded.total',
    TG_ARGV[0], TG_ARGV[1], filas);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "inspecciones_por_filtro_ins" AFTER INSERT ON "inspecciones" REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION contadores_por_claves_sync('inspeccion_contadores', 'estado, id_inspector, fecha_inspeccion');
--> statement-breakpoint
CREATE TRIGGER "inspecciones_por_filtro_upd" AFTER UPDATE ON "inspecciones" REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION contadores_por_claves_sync('inspeccion_contadores', 'estado, id_inspector, fecha_inspeccion');
--> statement-breakpoint
CREATE TRIGGER "inspecciones_por_filtro_del" AFTER DELETE ON "inspecciones" REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION contadores_por_claves_sync('inspeccion_contadores', 'estado, id_inspector, fecha_inspeccion');
--> statement-breakpoint
CREATE TRIGGER "audiencias_por_compania_ins" AFTER INSERT ON "audiencias" REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION contadores_por_claves_sync('audiencia_contadores_compania', 'id_compania, fechah');
--> statement-breakpoint
CREATE TRIGGER "audiencias_por_compania_upd" AFTER UPDATE ON "audiencias" REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION contadores_por_claves_sync('audiencia_contadores_compania', 'id_compania, fechah');
--> statement-breakpoint
CREATE TRIGGER "audiencias_por_compania_del" AFTER DELETE ON "audiencias" REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION contadores_por_claves_sync('audiencia_contadores_compania', 'id_compania, fechah');
