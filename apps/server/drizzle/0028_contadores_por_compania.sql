-- Cases per status, company and analyst (docs/decisions/064): a case filter by status, company,
-- analyst and 'Vigentes' / 'Cerrados' alone sums at most a row per combination for its exact
-- total, where it counted up to COUNT_CAP + 1 matching index entries (at 1M cases a status,
-- company and analyst with 2,044 cases walked 9,321 entries: 1.0-1.35 ms, growing with the office
-- up to the cap). A table of its own: with the company in caso_contadores_estado's key the
-- Tablero's groups read 1,092 rows instead of ~90 (its SQL 0.95 -> 1.61 ms at 1M).
-- Case writes wait for this migration (one transaction): none may change a case between the
-- count and the new function.
CREATE TABLE "caso_contadores_compania" (
	"id_estado" smallint NOT NULL,
	"id_compania" integer NOT NULL,
	"id_analista" integer NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "caso_contadores_compania_pk" PRIMARY KEY("id_estado","id_compania","id_analista")
);
--> statement-breakpoint
LOCK TABLE "casos" IN SHARE MODE;
--> statement-breakpoint
INSERT INTO "caso_contadores_compania" ("id_estado", "id_compania", "id_analista", "total")
  SELECT "id_estado", "id_compania", coalesce("id_analista", 0), count(*)::int FROM "casos" GROUP BY 1, 2, 3;
--> statement-breakpoint
ANALYZE "caso_contadores_compania";
--> statement-breakpoint
-- Drizzle/0023's function (a PL/pgSQL function is replaced whole), plus caso_contadores_compania.
-- Of a case's old and new row the smaller by (status, analyst, company) still goes first, so two
-- writers moving cases between the same two counter rows take them in the same order.
CREATE OR REPLACE FUNCTION caso_contadores_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  a casos%ROWTYPE;
  b casos%ROWTYPE;
  da integer;
  db integer;
  dos boolean := TG_OP = 'UPDATE';
BEGIN
  IF TG_OP = 'INSERT' THEN
    a := NEW; da := 1;
  ELSIF TG_OP = 'DELETE' THEN
    a := OLD; da := -1;
  ELSIF (NEW.id_estado, coalesce(NEW.id_analista, 0), NEW.id_compania) < (OLD.id_estado, coalesce(OLD.id_analista, 0), OLD.id_compania) THEN
    a := NEW; da := 1; b := OLD; db := -1;
  ELSE
    a := OLD; da := -1; b := NEW; db := 1;
  END IF;
  IF NOT dos OR (a.id_estado >= 8) <> (b.id_estado >= 8) THEN
    UPDATE caso_contadores SET total = total + da WHERE cerrado = (a.id_estado >= 8);
    IF dos THEN
      UPDATE caso_contadores SET total = total + db WHERE cerrado = (b.id_estado >= 8);
    END IF;
    INSERT INTO caso_bloques (bloque, cerrado, total) VALUES (a.id >> 10, a.id_estado >= 8, da)
      ON CONFLICT (bloque, cerrado) DO UPDATE SET total = caso_bloques.total + excluded.total;
    IF dos THEN
      INSERT INTO caso_bloques (bloque, cerrado, total) VALUES (b.id >> 10, b.id_estado >= 8, db)
        ON CONFLICT (bloque, cerrado) DO UPDATE SET total = caso_bloques.total + excluded.total;
    END IF;
    INSERT INTO caso_tramos (tramo, cerrado, total) VALUES (a.id >> 17, a.id_estado >= 8, da)
      ON CONFLICT (tramo, cerrado) DO UPDATE SET total = caso_tramos.total + excluded.total;
    IF dos THEN
      INSERT INTO caso_tramos (tramo, cerrado, total) VALUES (b.id >> 17, b.id_estado >= 8, db)
        ON CONFLICT (tramo, cerrado) DO UPDATE SET total = caso_tramos.total + excluded.total;
    END IF;
  END IF;
  IF NOT dos OR (a.id_estado, coalesce(a.id_analista, 0)) <> (b.id_estado, coalesce(b.id_analista, 0)) THEN
    INSERT INTO caso_contadores_estado (id_estado, id_analista, total) VALUES (a.id_estado, coalesce(a.id_analista, 0), da)
      ON CONFLICT (id_estado, id_analista) DO UPDATE SET total = caso_contadores_estado.total + excluded.total;
    IF dos THEN
      INSERT INTO caso_contadores_estado (id_estado, id_analista, total) VALUES (b.id_estado, coalesce(b.id_analista, 0), db)
        ON CONFLICT (id_estado, id_analista) DO UPDATE SET total = caso_contadores_estado.total + excluded.total;
    END IF;
  END IF;
  IF NOT dos OR (a.id_estado, a.id_compania, coalesce(a.id_analista, 0)) <> (b.id_estado, b.id_compania, coalesce(b.id_analista, 0)) THEN
    INSERT INTO caso_contadores_compania (id_estado, id_compania, id_analista, total) VALUES (a.id_estado, a.id_compania, coalesce(a.id_analista, 0), da)
      ON CONFLICT (id_estado, id_compania, id_analista) DO UPDATE SET total = caso_contadores_compania.total + excluded.total;
    IF dos THEN
      INSERT INTO caso_contadores_compania (id_estado, id_compania, id_analista, total) VALUES (b.id_estado, b.id_compania, coalesce(b.id_analista, 0), db)
        ON CONFLICT (id_estado, id_compania, id_analista) DO UPDATE SET total = caso_contadores_compania.total + excluded.total;
    END IF;
  END IF;
  INSERT INTO caso_contadores_dia (campo, dia, total)
    SELECT v.campo, v.dia, sum(v.d)::int FROM (VALUES
      ('alta', CASE WHEN a.id_estado < 8 THEN a.fecha_creado END, da),
      ('estado', CASE WHEN a.id_estado < 8 THEN a.fecha_estado END, da),
      ('alta', CASE WHEN dos AND b.id_estado < 8 THEN b.fecha_creado END, coalesce(db, 0)),
      ('estado', CASE WHEN dos AND b.id_estado < 8 THEN b.fecha_estado END, coalesce(db, 0)),
      ('cierre', CASE WHEN a.id_estado >= 8 THEN a.fecha_cierre END, da),
      ('cierre', CASE WHEN dos AND b.id_estado >= 8 THEN b.fecha_cierre END, coalesce(db, 0)),
      ('cierre_mes', CASE WHEN a.id_estado >= 8 THEN date_trunc('month', a.fecha_cierre)::date END, da),
      ('cierre_mes', CASE WHEN dos AND b.id_estado >= 8 THEN date_trunc('month', b.fecha_cierre)::date END, coalesce(db, 0))
    ) AS v(campo, dia, d)
    WHERE v.dia IS NOT NULL GROUP BY v.campo, v.dia HAVING sum(v.d) <> 0 ORDER BY v.campo, v.dia
    ON CONFLICT (campo, dia) DO UPDATE SET total = caso_contadores_dia.total + excluded.total;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "casos_contadores_upd" ON "casos";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "casos_contadores_upd" AFTER UPDATE OF "id_estado", "id_analista", "id_compania", "fecha_creado", "fecha_estado", "fecha_cierre" ON "casos"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD."id_estado" IS DISTINCT FROM NEW."id_estado" OR OLD."id_analista" IS DISTINCT FROM NEW."id_analista"
    OR OLD."id_compania" IS DISTINCT FROM NEW."id_compania"
    OR OLD."fecha_creado" IS DISTINCT FROM NEW."fecha_creado" OR OLD."fecha_estado" IS DISTINCT FROM NEW."fecha_estado"
    OR OLD."fecha_cierre" IS DISTINCT FROM NEW."fecha_cierre")
  EXECUTE FUNCTION caso_contadores_sync();
