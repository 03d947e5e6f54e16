-- One trigger and one small function per counter table of the cases (docs/decisions/041): the
-- cases' counters were one PL/pgSQL function, replaced whole by every migration that added a table
-- (0012, 0016, 0018, 0021, 0023, 0028 each restated it). Now a new counter table adds its own
-- deferred trigger and leaves these alone. Each function writes its table's rows for the case's
-- old image (-1) and new one (+1) in one statement, in key order (two writers moving cases between
-- the same two rows take them alike, decision 052), none when they cancel out; each update
-- trigger fires only on the columns its table counts. Behaviour unchanged: counters-check.ts holds
-- every table against a count. The per-date counters of the hearings and inspections (0024, 0025)
-- use 0027's generic function, told their table and key, and their own functions go.
CREATE FUNCTION caso_contadores_condicion_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO caso_contadores (cerrado, total)
    SELECT v.cerrado, sum(v.d)::int FROM (VALUES (NEW.id_estado >= 8, 1), (OLD.id_estado >= 8, -1)) AS v(cerrado, d)
    WHERE v.cerrado IS NOT NULL GROUP BY 1 HAVING sum(v.d) <> 0 ORDER BY 1
    ON CONFLICT (cerrado) DO UPDATE SET total = caso_contadores.total + excluded.total;
  INSERT INTO caso_bloques (bloque, cerrado, total)
    SELECT v.bloque, v.cerrado, sum(v.d)::int FROM (VALUES (NEW.id >> 10, NEW.id_estado >= 8, 1), (OLD.id >> 10, OLD.id_estado >= 8, -1)) AS v(bloque, cerrado, d)
    WHERE v.bloque IS NOT NULL GROUP BY 1, 2 HAVING sum(v.d) <> 0 ORDER BY 1, 2
    ON CONFLICT (bloque, cerrado) DO UPDATE SET total = caso_bloques.total + excluded.total;
  INSERT INTO caso_tramos (tramo, cerrado, total)
    SELECT v.tramo, v.cerrado, sum(v.d)::int FROM (VALUES (NEW.id >> 17, NEW.id_estado >= 8, 1), (OLD.id >> 17, OLD.id_estado >= 8, -1)) AS v(tramo, cerrado, d)
    WHERE v.tramo IS NOT NULL GROUP BY 1, 2 HAVING sum(v.d) <> 0 ORDER BY 1, 2
    ON CONFLICT (tramo, cerrado) DO UPDATE SET total = caso_tramos.total + excluded.total;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION caso_contadores_estado_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO caso_contadores_estado (id_estado, id_analista, total)
    SELECT v.id_estado, v.id_analista, sum(v.d)::int
    FROM (VALUES (NEW.id_estado, coalesce(NEW.id_analista, 0), 1), (OLD.id_estado, coalesce(OLD.id_analista, 0), -1)) AS v(id_estado, id_analista, d)
    WHERE v.id_estado IS NOT NULL GROUP BY 1, 2 HAVING sum(v.d) <> 0 ORDER BY 1, 2
    ON CONFLICT (id_estado, id_analista) DO UPDATE SET total = caso_contadores_estado.total + excluded.total;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION caso_contadores_compania_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO caso_contadores_compania (id_estado, id_compania, id_analista, total)
    SELECT v.id_estado, v.id_compania, v.id_analista, sum(v.d)::int
    FROM (VALUES (NEW.id_estado, NEW.id_compania, coalesce(NEW.id_analista, 0), 1), (OLD.id_estado, OLD.id_compania, coalesce(OLD.id_analista, 0), -1))
      AS v(id_estado, id_compania, id_analista, d)
    WHERE v.id_estado IS NOT NULL GROUP BY 1, 2, 3 HAVING sum(v.d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (id_estado, id_compania, id_analista) DO UPDATE SET total = caso_contadores_compania.total + excluded.total;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION caso_contadores_dia_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO caso_contadores_dia (campo, dia, total)
    SELECT v.campo, v.dia, sum(v.d)::int FROM (VALUES
      ('alta', CASE WHEN NEW.id_estado < 8 THEN NEW.fecha_creado END, 1),
      ('alta', CASE WHEN OLD.id_estado < 8 THEN OLD.fecha_creado END, -1),
      ('estado', CASE WHEN NEW.id_estado < 8 THEN NEW.fecha_estado END, 1),
      ('estado', CASE WHEN OLD.id_estado < 8 THEN OLD.fecha_estado END, -1),
      ('cierre', CASE WHEN NEW.id_estado >= 8 THEN NEW.fecha_cierre END, 1),
      ('cierre', CASE WHEN OLD.id_estado >= 8 THEN OLD.fecha_cierre END, -1),
      ('cierre_mes', CASE WHEN NEW.id_estado >= 8 THEN date_trunc('month', NEW.fecha_cierre)::date END, 1),
      ('cierre_mes', CASE WHEN OLD.id_estado >= 8 THEN date_trunc('month', OLD.fecha_cierre)::date END, -1)
    ) AS v(campo, dia, d)
    WHERE v.dia IS NOT NULL GROUP BY 1, 2 HAVING sum(v.d) <> 0 ORDER BY 1, 2
    ON CONFLICT (campo, dia) DO UPDATE SET total = caso_contadores_dia.total + excluded.total;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "casos_contadores_ins_del" ON "casos";
--> statement-breakpoint
DROP TRIGGER "casos_contadores_upd" ON "casos";
--> statement-breakpoint
DROP FUNCTION caso_contadores_sync();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "casos_contadores_ins_del" AFTER INSERT OR DELETE ON "casos" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION caso_contadores_condicion_sync();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "casos_contadores_upd" AFTER UPDATE OF "id_estado" ON "casos" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN ((OLD."id_estado" >= 8) <> (NEW."id_estado" >= 8))
  EXECUTE FUNCTION caso_contadores_condicion_sync();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "casos_contadores_estado_ins_del" AFTER INSERT OR DELETE ON "casos" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION caso_contadores_estado_sync();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "casos_contadores_estado_upd" AFTER UPDATE OF "id_estado", "id_analista" ON "casos" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD."id_estado" IS DISTINCT FROM NEW."id_estado" OR OLD."id_analista" IS DISTINCT FROM NEW."id_analista")
  EXECUTE FUNCTION caso_contadores_estado_sync();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "casos_contadores_compania_ins_del" AFTER INSERT OR DELETE ON "casos" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION caso_contadores_compania_sync();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "casos_contadores_compania_upd" AFTER UPDATE OF "id_estado", "id_analista", "id_compania" ON "casos" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD."id_estado" IS DISTINCT FROM NEW."id_estado" OR OLD."id_analista" IS DISTINCT FROM NEW."id_analista"
    OR OLD."id_compania" IS DISTINCT FROM NEW."id_compania")
  EXECUTE FUNCTION caso_contadores_compania_sync();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "casos_contadores_dia_ins_del" AFTER INSERT OR DELETE ON "casos" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION caso_contadores_dia_sync();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "casos_contadores_dia_upd" AFTER UPDATE OF "id_estado", "fecha_creado", "fecha_estado", "fecha_cierre" ON "casos" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD."id_estado" IS DISTINCT FROM NEW."id_estado" OR OLD."fecha_creado" IS DISTINCT FROM NEW."fecha_creado"
    OR OLD."fecha_estado" IS DISTINCT FROM NEW."fecha_estado" OR OLD."fecha_cierre" IS DISTINCT FROM NEW."fecha_cierre")
  EXECUTE FUNCTION caso_contadores_dia_sync();
--> statement-breakpoint
DROP TRIGGER "audiencias_por_dia_ins" ON "audiencias";
--> statement-breakpoint
DROP TRIGGER "audiencias_por_dia_upd" ON "audiencias";
--> statement-breakpoint
DROP TRIGGER "audiencias_por_dia_del" ON "audiencias";
--> statement-breakpoint
DROP FUNCTION audiencia_contadores_sync();
--> statement-breakpoint
CREATE TRIGGER "audiencias_por_dia_ins" AFTER INSERT ON "audiencias" REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION contadores_por_claves_sync('audiencia_contadores', 'fechah');
--> statement-breakpoint
CREATE TRIGGER "audiencias_por_dia_upd" AFTER UPDATE ON "audiencias" REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION contadores_por_claves_sync('audiencia_contadores', 'fechah');
--> statement-breakpoint
CREATE TRIGGER "audiencias_por_dia_del" AFTER DELETE ON "audiencias" REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION contadores_por_claves_sync('audiencia_contadores', 'fechah');
--> statement-breakpoint
DROP TRIGGER "inspecciones_por_dia_ins" ON "inspecciones";
--> statement-breakpoint
DROP TRIGGER "inspecciones_por_dia_upd" ON "inspecciones";
--> statement-breakpoint
DROP TRIGGER "inspecciones_por_dia_del" ON "inspecciones";
--> statement-breakpoint
DROP FUNCTION inspeccion_contadores_dia_sync();
--> statement-breakpoint
CREATE TRIGGER "inspecciones_por_dia_ins" AFTER INSERT ON "inspecciones" REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION contadores_por_claves_sync('inspeccion_contadores_dia', 'fecha_inspeccion');
--> statement-breakpoint
CREATE TRIGGER "inspecciones_por_dia_upd" AFTER UPDATE ON "inspecciones" REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION contadores_por_claves_sync('inspeccion_contadores_dia', 'fecha_inspeccion');
--> statement-breakpoint
CREATE TRIGGER "inspecciones_por_dia_del" AFTER DELETE ON "inspecciones" REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION contadores_por_claves_sync('inspeccion_contadores_dia', 'fecha_inspeccion');
