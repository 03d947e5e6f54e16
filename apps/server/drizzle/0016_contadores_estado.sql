-- The Tablero at 1M cases (docs/decisions/052): open cases per status and per analyst from counter
-- rows kept by the counters' trigger, not a pass over the open cases; the Plazo figures from a
-- periodic count; and the counters' trigger rewritten so that concurrent writers never wait on
-- each other in a cycle and hold the counter rows only while they commit.
--
-- Cases per status × analyst (0 = without analyst). Closed statuses are kept too: one rule for
-- every status change.
CREATE TABLE "caso_contadores_estado" (
	"id_estado" smallint NOT NULL,
	"id_analista" integer NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "caso_contadores_estado_pk" PRIMARY KEY("id_estado","id_analista")
);
--> statement-breakpoint
INSERT INTO "caso_contadores_estado" ("id_estado", "id_analista", "total")
  SELECT "id_estado", coalesce("id_analista", 0), count(*)::int FROM "casos" GROUP BY 1, 2;
--> statement-breakpoint
-- The Tablero's 'Plazo por vencer' / 'Plazo vencido': how many cases the list's Plazo filter
-- finds, counted every few minutes (and on the first Tablero of a day) rather than per request: a
-- clock turns red with time passing, without a write a trigger could follow.
CREATE TABLE "plazo_cuentas" (
	"plazo" text PRIMARY KEY NOT NULL,
	"dia" date NOT NULL,
	"total" integer NOT NULL,
	"calculado" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- One change of a case is at most two images: the one it leaves (-1) and the one it reaches (+1).
-- Both are applied table by table (caso_contadores, caso_bloques, caso_contadores_estado) and, in
-- each table, the image whose (id_estado, id_analista) sorts first goes first. The rows of every
-- table are then always locked in one global order. Before, a close locked the open counter row
-- and then the closed one while a reopen locked them the other way round: two such transactions
-- could deadlock (40P01).
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
  INSERT INTO caso_contadores_estado (id_estado, id_analista, total) VALUES (a.id_estado, coalesce(a.id_analista, 0), da)
    ON CONFLICT (id_estado, id_analista) DO UPDATE SET total = caso_contadores_estado.total + excluded.total;
  IF dos THEN
    INSERT INTO caso_contadores_estado (id_estado, id_analista, total) VALUES (b.id_estado, coalesce(b.id_analista, 0), db)
      ON CONFLICT (id_estado, id_analista) DO UPDATE SET total = caso_contadores_estado.total + excluded.total;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "casos_contadores_ins_del" ON "casos";
--> statement-breakpoint
DROP TRIGGER "casos_contadores_upd" ON "casos";
--> statement-breakpoint
-- Deferred to the commit: a creation or a status change writes its case, history, audit and
-- clocks first and touches the shared counter rows last, holding them only while it commits
-- (immediate, every creation held the 'Vigentes' row for the rest of its transaction).
CREATE CONSTRAINT TRIGGER "casos_contadores_ins_del" AFTER INSERT OR DELETE ON "casos"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION caso_contadores_sync();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "casos_contadores_upd" AFTER UPDATE OF "id_estado", "id_analista" ON "casos"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD."id_estado" IS DISTINCT FROM NEW."id_estado" OR OLD."id_analista" IS DISTINCT FROM NEW."id_analista")
  EXECUTE FUNCTION caso_contadores_sync();
--> statement-breakpoint
-- Open tasks per assignee and due date: the Tablero's and 'Mis tareas' figures (overdue, today,
-- this week, all; mine, the team's, each user's) are sums over these rows — a few per user and
-- day — rather than counts over the open tasks (at 1M demo cases, 300,000 open tasks: 300-420 ms).
CREATE TABLE "tarea_contadores" (
	"id_usuario" integer NOT NULL,
	"vence" date NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "tarea_contadores_pk" PRIMARY KEY("id_usuario","vence")
);
--> statement-breakpoint
INSERT INTO "tarea_contadores" ("id_usuario", "vence", "total")
  SELECT "id_usuario", "vence", count(*)::int FROM "tareas" WHERE "hecha" IS NULL GROUP BY 1, 2;
--> statement-breakpoint
-- As caso_contadores_sync: the image left (-1) and the image reached (+1) of an open task, in
-- (id_usuario, vence) order, at commit.
CREATE OR REPLACE FUNCTION tarea_contadores_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  viejo boolean := TG_OP <> 'INSERT' AND OLD.hecha IS NULL;
  nuevo boolean := TG_OP <> 'DELETE' AND NEW.hecha IS NULL;
BEGIN
  IF viejo AND nuevo AND (NEW.id_usuario, NEW.vence) < (OLD.id_usuario, OLD.vence) THEN
    INSERT INTO tarea_contadores VALUES (NEW.id_usuario, NEW.vence, 1)
      ON CONFLICT (id_usuario, vence) DO UPDATE SET total = tarea_contadores.total + 1;
    nuevo := false;
  END IF;
  IF viejo THEN
    INSERT INTO tarea_contadores VALUES (OLD.id_usuario, OLD.vence, -1)
      ON CONFLICT (id_usuario, vence) DO UPDATE SET total = tarea_contadores.total - 1;
  END IF;
  IF nuevo THEN
    INSERT INTO tarea_contadores VALUES (NEW.id_usuario, NEW.vence, 1)
      ON CONFLICT (id_usuario, vence) DO UPDATE SET total = tarea_contadores.total + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tareas_contadores_ins_del" AFTER INSERT OR DELETE ON "tareas"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION tarea_contadores_sync();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tareas_contadores_upd" AFTER UPDATE OF "id_usuario", "vence", "hecha" ON "tareas"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD."id_usuario" IS DISTINCT FROM NEW."id_usuario" OR OLD."vence" IS DISTINCT FROM NEW."vence"
    OR (OLD."hecha" IS NULL) <> (NEW."hecha" IS NULL))
  EXECUTE FUNCTION tarea_contadores_sync();
--> statement-breakpoint
-- Pending inspections (Coordinada, Licitando) per inspector and date: the Tablero's pending and
-- late figures per inspector are sums of these rows (at 1M demo cases, 58,230 pending: 18-36 ms
-- read from their index). Per statement, with transition tables, so a bulk load or a bulk change
-- writes each row once; the keys are upserted in order.
CREATE TABLE "inspeccion_contadores" (
	"id_inspector" integer NOT NULL,
	"fecha_inspeccion" date NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "inspeccion_contadores_pk" PRIMARY KEY("id_inspector","fecha_inspeccion")
);
--> statement-breakpoint
INSERT INTO "inspeccion_contadores" ("id_inspector", "fecha_inspeccion", "total")
  SELECT "id_inspector", "fecha_inspeccion", count(*)::int FROM "inspecciones"
  WHERE "estado" IN ('Coordinada', 'Licitando') GROUP BY 1, 2;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inspeccion_contadores_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO inspeccion_contadores (id_inspector, fecha_inspeccion, total)
      SELECT id_inspector, fecha_inspeccion, count(*)::int FROM nuevas WHERE estado IN ('Coordinada', 'Licitando')
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (id_inspector, fecha_inspeccion) DO UPDATE SET total = inspeccion_contadores.total + excluded.total;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO inspeccion_contadores (id_inspector, fecha_inspeccion, total)
      SELECT id_inspector, fecha_inspeccion, -count(*)::int FROM viejas WHERE estado IN ('Coordinada', 'Licitando')
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (id_inspector, fecha_inspeccion) DO UPDATE SET total = inspeccion_contadores.total + excluded.total;
  ELSE
    INSERT INTO inspeccion_contadores (id_inspector, fecha_inspeccion, total)
      SELECT id_inspector, fecha_inspeccion, sum(n)::int FROM (
        SELECT id_inspector, fecha_inspeccion, -1 AS n FROM viejas WHERE estado IN ('Coordinada', 'Licitando')
        UNION ALL
        SELECT id_inspector, fecha_inspeccion, 1 FROM nuevas WHERE estado IN ('Coordinada', 'Licitando')
      ) d GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
      ON CONFLICT (id_inspector, fecha_inspeccion) DO UPDATE SET total = inspeccion_contadores.total + excluded.total;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "inspecciones_pendientes_ins" AFTER INSERT ON "inspecciones" REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION inspeccion_contadores_sync();
--> statement-breakpoint
CREATE TRIGGER "inspecciones_pendientes_upd" AFTER UPDATE ON "inspecciones" REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION inspeccion_contadores_sync();
--> statement-breakpoint
CREATE TRIGGER "inspecciones_pendientes_del" AFTER DELETE ON "inspecciones" REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION inspeccion_contadores_sync();
