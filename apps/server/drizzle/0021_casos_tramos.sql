-- Any page of the whole list, 'Vigentes' or 'Cerrados' at the same cost whatever the size of the
-- office (docs/decisions/042, amended): a second level over caso_bloques. A tramo is 1,024 blocks
-- (`id >> 20`, about a million ids); a page sums the tramos newest first (ten rows at 10M cases),
-- then the blocks of its tramo only (at most 1,024 rows), then walks less than one block of an
-- index. Before, it summed the blocks of every newer tramo: 9,766 blocks at 10M, 9-23 ms of SQL.
CREATE TABLE "caso_tramos" (
	"tramo" integer NOT NULL,
	"cerrado" boolean NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "caso_tramos_tramo_cerrado_pk" PRIMARY KEY("tramo","cerrado")
);
--> statement-breakpoint
INSERT INTO "caso_tramos" ("tramo", "cerrado", "total")
  SELECT "bloque" >> 10, "cerrado", sum("total")::int FROM "caso_bloques" GROUP BY 1, 2;
--> statement-breakpoint
-- Drizzle/0018's function with the tramo of each block kept beside it: the tramo row is written
-- right after its block row, so the rows are still taken in one order (table by table, the image
-- that sorts first first) and a tramo row is locked only by a writer holding one of its blocks.
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
  ELSIF (NEW.id_estado, coalesce(NEW.id_analista, 0)) < (OLD.id_estado, coalesce(OLD.id_analista, 0)) THEN
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
    INSERT INTO caso_tramos (tramo, cerrado, total) VALUES (a.id >> 20, a.id_estado >= 8, da)
      ON CONFLICT (tramo, cerrado) DO UPDATE SET total = caso_tramos.total + excluded.total;
    IF dos THEN
      INSERT INTO caso_tramos (tramo, cerrado, total) VALUES (b.id >> 20, b.id_estado >= 8, db)
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
  INSERT INTO caso_contadores_dia (campo, dia, total)
    SELECT v.campo, v.dia, sum(v.d)::int FROM (VALUES
      ('alta', CASE WHEN a.id_estado < 8 THEN a.fecha_creado END, da),
      ('estado', CASE WHEN a.id_estado < 8 THEN a.fecha_estado END, da),
      ('alta', CASE WHEN dos AND b.id_estado < 8 THEN b.fecha_creado END, coalesce(db, 0)),
      ('estado', CASE WHEN dos AND b.id_estado < 8 THEN b.fecha_estado END, coalesce(db, 0))
    ) AS v(campo, dia, d)
    WHERE v.dia IS NOT NULL GROUP BY v.campo, v.dia HAVING sum(v.d) <> 0 ORDER BY v.campo, v.dia
    ON CONFLICT (campo, dia) DO UPDATE SET total = caso_contadores_dia.total + excluded.total;
  RETURN NULL;
END;
$$;
