CREATE TABLE "caso_contadores_dia" (
	"campo" varchar(6) NOT NULL,
	"dia" date NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "caso_contadores_dia_pk" PRIMARY KEY("campo","dia")
);
--> statement-breakpoint
INSERT INTO caso_contadores_dia (campo, dia, total)
  SELECT 'alta', fecha_creado, count(*)::int FROM casos WHERE id_estado < 8 GROUP BY 2
  UNION ALL SELECT 'estado', fecha_estado, count(*)::int FROM casos WHERE id_estado < 8 GROUP BY 2;
--> statement-breakpoint
-- Drizzle/0016's function, plus the open cases per day of F Alta and of the status date
-- (docs/decisions/052): the image a case leaves and the one it reaches, netted per day, in
-- (campo, dia) order like the other counter tables' rows.
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
DROP TRIGGER "casos_contadores_upd" ON "casos";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "casos_contadores_upd" AFTER UPDATE OF "id_estado", "id_analista", "fecha_creado", "fecha_estado" ON "casos"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD."id_estado" IS DISTINCT FROM NEW."id_estado" OR OLD."id_analista" IS DISTINCT FROM NEW."id_analista"
    OR OLD."fecha_creado" IS DISTINCT FROM NEW."fecha_creado" OR OLD."fecha_estado" IS DISTINCT FROM NEW."fecha_estado")
  EXECUTE FUNCTION caso_contadores_sync();
