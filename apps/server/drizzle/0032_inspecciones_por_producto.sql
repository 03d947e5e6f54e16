-- The inspections filtered by product (docs/decisions/065): the filter joined every inspection to
-- its case and counted the matches (37-58 ms at 1M cases, growing with them; a deep page 55 ms).
-- Each inspection now carries its case's product (0 when the case has none), kept by triggers as
-- the hearings carry their company (drizzle/0008), with an index for its pages and counts per
-- product and date for its total and deep pages (0027's generic trigger function). Inspection and
-- case writes wait for the back-fill (one transaction): none may change a product or an inspection
-- between the copy and the triggers.
CREATE TABLE "inspeccion_contadores_producto" (
	"id_producto" integer NOT NULL,
	"fecha_inspeccion" date NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "inspeccion_contadores_producto_pk" PRIMARY KEY("id_producto","fecha_inspeccion")
);
--> statement-breakpoint
ALTER TABLE "inspecciones" ADD COLUMN "id_producto" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
LOCK TABLE "casos" IN SHARE MODE;
--> statement-breakpoint
LOCK TABLE "inspecciones" IN SHARE MODE;
--> statement-breakpoint
-- The counters' update triggers would read both images of every inspection for no change of theirs.
ALTER TABLE "inspecciones" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "inspecciones" i SET "id_producto" = c."id_producto" FROM "casos" c WHERE c."id" = i."id_caso" AND c."id_producto" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "inspecciones" ENABLE TRIGGER USER;
--> statement-breakpoint
INSERT INTO "inspeccion_contadores_producto" ("id_producto", "fecha_inspeccion", "total")
  SELECT "id_producto", "fecha_inspeccion", count(*)::int FROM "inspecciones" GROUP BY 1, 2;
--> statement-breakpoint
ANALYZE "inspeccion_contadores_producto";
--> statement-breakpoint
CREATE INDEX "inspecciones_producto_fecha_idx" ON "inspecciones" USING btree ("id_producto","fecha_inspeccion","id");
--> statement-breakpoint
-- A new inspection (or one moved to another case) takes its case's product. A case this statement
-- inserts too (the demo loader's one statement per batch) is not visible yet: the value given stays.
CREATE FUNCTION inspecciones_producto_de_caso() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  producto integer;
BEGIN
  SELECT coalesce(c.id_producto, 0) INTO producto FROM casos c WHERE c.id = NEW.id_caso;
  IF FOUND THEN
    NEW.id_producto := producto;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "inspecciones_producto" BEFORE INSERT OR UPDATE OF "id_caso", "id_producto" ON "inspecciones"
  FOR EACH ROW EXECUTE FUNCTION inspecciones_producto_de_caso();
--> statement-breakpoint
-- A case that changes product takes its inspections with it.
CREATE FUNCTION casos_producto_a_inspecciones() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE inspecciones SET id_producto = coalesce(NEW.id_producto, 0) WHERE id_caso = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "casos_producto_inspecciones" AFTER UPDATE OF "id_producto" ON "casos"
  FOR EACH ROW WHEN (OLD."id_producto" IS DISTINCT FROM NEW."id_producto")
  EXECUTE FUNCTION casos_producto_a_inspecciones();
--> statement-breakpoint
CREATE TRIGGER "inspecciones_por_producto_ins" AFTER INSERT ON "inspecciones" REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION contadores_por_claves_sync('inspeccion_contadores_producto', 'id_producto, fecha_inspeccion');
--> statement-breakpoint
CREATE TRIGGER "inspecciones_por_producto_upd" AFTER UPDATE ON "inspecciones" REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION contadores_por_claves_sync('inspeccion_contadores_producto', 'id_producto, fecha_inspeccion');
--> statement-breakpoint
CREATE TRIGGER "inspecciones_por_producto_del" AFTER DELETE ON "inspecciones" REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION contadores_por_claves_sync('inspeccion_contadores_producto', 'id_producto, fecha_inspeccion');
