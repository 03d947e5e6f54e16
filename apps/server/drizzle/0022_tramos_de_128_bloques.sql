-- A tramo of 128 blocks instead of 1,024 (`id >> 17`, CASO_TRAMO_BITS; docs/decisions/042,
-- amended): a page of a counted list read every block of its tramo (977 at 1M cases, ~1 ms of
-- its SQL); now at most 128 blocks and one tramo row per 131,072 ids (77 at 10M cases).
-- Case writes wait for this migration (one transaction, milliseconds): none may count a case
-- under the old tramo between the rebuild and the new function.
LOCK TABLE "casos" IN SHARE MODE;
--> statement-breakpoint
-- Drizzle/0021's function (a PL/pgSQL function is replaced whole), its tramo now `id >> 17`.
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
--> statement-breakpoint
DELETE FROM "caso_tramos";
--> statement-breakpoint
INSERT INTO "caso_tramos" ("tramo", "cerrado", "total")
  SELECT "bloque" >> 7, "cerrado", sum("total")::int FROM "caso_bloques" GROUP BY 1, 2;
