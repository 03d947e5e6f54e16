-- The open cases at a past month's end open the list of exactly those cases (issue 46 item 1,
-- docs/decisions/102 amended): the rollup (0048) knows how many cases were in each status at each
-- month's end, not which. caso_estado_periodos holds, per case, each status it has been in and from
-- when to when: `desde` the status date it entered it with, `hasta` the status date of the next
-- status (null: the status it is in now). The case was in status S at the end of day D when
-- desde <= D < hasta: the month-end test of the rollup's 'estado' (+1 the month it entered, -1 the
-- month it left) and of informe_abiertos_dia. A period that does not last (left the same day it was
-- entered, or dated before the one it followed) holds no day and is not kept.
--
-- Kept by a sibling of caso_informe_sync, deferred to the commit as it is (docs/decisions/041), and
-- filled from the same replay of the audit log informe_recontar (0052) makes, now one function,
-- informe_historia_leer, that both read: the recount refills the periods, the migration fills them
-- alone (the rest of the rollup is already right). `id_compania` is the case's company now (the
-- list filters by it; a company-month reads its own range of the index, not every company's).
CREATE TABLE "caso_estado_periodos" (
	"id_caso" integer NOT NULL,
	"id_compania" integer NOT NULL,
	"id_estado" smallint NOT NULL,
	"desde" date NOT NULL,
	"hasta" date
);
--> statement-breakpoint
-- Every status each case has been in, from the day it entered it (one row per change of status), in
-- pg_temp.informe_historia (to the end of the transaction): 0052's replay, unchanged.
CREATE OR REPLACE FUNCTION informe_historia_leer() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('work_mem', '128MB', true);
  DROP TABLE IF EXISTS pg_temp.informe_historia;
  -- Every status a case has been in, from the day it entered it (one row per change of status):
  -- its first logged values (the old side of the first change of each field; today's where none
  -- changed), each logged change with the fields it did not touch carried forward, and the case now.
  -- One pass over each case's changes in order: per field, the latest change so far and the case's
  -- first change, each as its order (zero-padded) and value in one text, so max/min pick the change.
  CREATE TEMP TABLE informe_historia ON COMMIT DROP AS
    WITH cambios AS (
      SELECT a.entity_id AS id_caso, a.id AS ord, a.changes, c.id_estado::text AS estado_hoy, c.fecha_estado::text AS fecha_hoy,
        c.id_analista::text AS analista_hoy
      FROM audit_log a JOIN casos c ON c.id = a.entity_id
      WHERE a.entity = 'caso' AND a.action = 'caso.update' AND a.changes ?| array['id_estado', 'fecha_estado', 'id_analista']
    ), valores AS (
      SELECT id_caso, ord, estado_hoy, fecha_hoy, analista_hoy, row_number() OVER w AS n,
        max(CASE WHEN changes ? 'id_estado' THEN lpad(ord::text, 20, '0') || coalesce(changes -> 'id_estado' ->> 1, '') END) OVER w AS e1,
        min(CASE WHEN changes ? 'id_estado' THEN lpad(ord::text, 20, '0') || coalesce(changes -> 'id_estado' ->> 0, '') END) OVER c AS e0,
        max(CASE WHEN changes ? 'fecha_estado' THEN lpad(ord::text, 20, '0') || coalesce(changes -> 'fecha_estado' ->> 1, '') END) OVER w AS f1,
        min(CASE WHEN changes ? 'fecha_estado' THEN lpad(ord::text, 20, '0') || coalesce(changes -> 'fecha_estado' ->> 0, '') END) OVER c AS f0,
        max(CASE WHEN changes ? 'id_analista' THEN lpad(ord::text, 20, '0') || coalesce(changes -> 'id_analista' ->> 1, '') END) OVER w AS a1,
        min(CASE WHEN changes ? 'id_analista' THEN lpad(ord::text, 20, '0') || coalesce(changes -> 'id_analista' ->> 0, '') END) OVER c AS a0
      FROM cambios WINDOW w AS (PARTITION BY id_caso ORDER BY ord), c AS (PARTITION BY id_caso)
    ), estados AS (
      SELECT id_caso, ord,
        (CASE WHEN e1 IS NOT NULL THEN substr(e1, 21) WHEN e0 IS NOT NULL THEN substr(e0, 21) ELSE estado_hoy END)::int AS estado,
        (CASE WHEN f1 IS NOT NULL THEN substr(f1, 21) WHEN f0 IS NOT NULL THEN substr(f0, 21) ELSE fecha_hoy END)::date AS fecha,
        (CASE WHEN a1 IS NOT NULL THEN nullif(substr(a1, 21), '') WHEN a0 IS NOT NULL THEN nullif(substr(a0, 21), '') ELSE analista_hoy END)::int AS analista
      FROM valores
      UNION ALL
      SELECT id_caso, 0,
        (CASE WHEN e0 IS NOT NULL THEN substr(e0, 21) ELSE estado_hoy END)::int,
        (CASE WHEN f0 IS NOT NULL THEN substr(f0, 21) ELSE fecha_hoy END)::date,
        (CASE WHEN a0 IS NOT NULL THEN nullif(substr(a0, 21), '') ELSE analista_hoy END)::int
      FROM valores WHERE n = 1
      UNION ALL
      SELECT id, 9223372036854775807, id_estado, fecha_estado, id_analista FROM casos
    ), antes AS (
      SELECT *, lag(estado) OVER w AS estado_antes, lag(informe_etapa(estado)) OVER w AS etapa_antes
      FROM estados WINDOW w AS (PARTITION BY id_caso ORDER BY ord)
    )
    SELECT id_caso, ord, estado, estado_antes, informe_etapa(estado) AS etapa, etapa_antes, fecha, analista
    FROM antes WHERE estado_antes IS DISTINCT FROM estado;
END;
$$;
--> statement-breakpoint
-- The periods from pg_temp.informe_historia: each status until the date of the next one.
CREATE OR REPLACE FUNCTION caso_estado_periodos_llenar() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE caso_estado_periodos;
  INSERT INTO caso_estado_periodos (id_caso, id_compania, id_estado, desde, hasta)
    SELECT p.id_caso, c.id_compania, p.estado, p.desde, p.hasta
    FROM (SELECT id_caso, estado, fecha AS desde, lead(fecha) OVER (PARTITION BY id_caso ORDER BY ord) AS hasta FROM informe_historia) p
    JOIN casos c ON c.id = p.id_caso
    WHERE p.hasta IS NULL OR p.hasta > p.desde
    ORDER BY p.id_caso, p.desde;
END;
$$;
--> statement-breakpoint
-- One case's change at commit: the status it left ends on the new status date (or goes, when it
-- lasted no day), the new one starts then; a case moved to another company takes its periods along.
CREATE OR REPLACE FUNCTION caso_estado_periodos_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM caso_estado_periodos WHERE id_caso = OLD.id;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.id_compania IS DISTINCT FROM NEW.id_compania THEN
    UPDATE caso_estado_periodos SET id_compania = NEW.id_compania WHERE id_caso = NEW.id;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.id_estado IS NOT DISTINCT FROM NEW.id_estado THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    UPDATE caso_estado_periodos SET hasta = NEW.fecha_estado WHERE id_caso = NEW.id AND hasta IS NULL AND desde < NEW.fecha_estado;
    DELETE FROM caso_estado_periodos WHERE id_caso = NEW.id AND hasta IS NULL;
  END IF;
  INSERT INTO caso_estado_periodos (id_caso, id_compania, id_estado, desde, hasta) VALUES (NEW.id, NEW.id_compania, NEW.id_estado, NEW.fecha_estado, NULL);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The recount (0052's) reads the history through informe_historia_leer and refills the periods too.
CREATE OR REPLACE FUNCTION informe_recontar() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE caso_informe, informe_mes, informe_abiertos_dia, informe_etapas;
  -- Sorts and groupings in memory (to the end of the transaction); rows go in in primary key order,
  -- so each index grows at its end instead of being written all over (4× faster at 100k cases).
  PERFORM set_config('work_mem', '128MB', true);
  DROP TABLE IF EXISTS pg_temp.informe_insp, pg_temp.informe_historia;
  -- Each case's latest inspection (its inspector and amount), once.
  CREATE TEMP TABLE informe_insp ON COMMIT DROP AS
    SELECT DISTINCT ON (id_caso) id_caso, id_inspector, monto_inspeccion FROM inspecciones ORDER BY id_caso, id DESC;
  PERFORM informe_historia_leer();
  -- Each case's status periods (caso_estado_periodos), from the same history.
  PERFORM caso_estado_periodos_llenar();

  -- The stages each case went through: days from the date it entered one to the date it left it,
  -- counted in the month it left (the analyst then; the inspection stage per latest inspector).
  INSERT INTO informe_etapas (id_compania, mes, etapa, tipo, id_persona, dias, total)
    SELECT c.id_compania, date_trunc('month', t.hasta)::date, t.etapa, p.tipo, p.persona, least(greatest(t.hasta - t.desde, 0), 3650), count(*)::int
    FROM (
      SELECT id_caso, etapa, fecha AS desde, lead(fecha) OVER w AS hasta, lead(analista) OVER w AS analista_hasta
      FROM informe_historia WHERE etapa IS DISTINCT FROM etapa_antes WINDOW w AS (PARTITION BY id_caso ORDER BY ord)
    ) t
    JOIN casos c ON c.id = t.id_caso
    LEFT JOIN informe_insp i ON t.etapa = 2 AND i.id_caso = t.id_caso
    CROSS JOIN LATERAL (VALUES ('o', 0), ('a', coalesce(t.analista_hasta, 0)), ('i', i.id_inspector)) p(tipo, persona)
    WHERE t.etapa > 0 AND t.hasta IS NOT NULL AND p.persona IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 4, 2, 3, 5, 6;

  -- 'estado': +1 in the month a case entered a status, -1 for the status it left, that same month.
  INSERT INTO informe_mes (id_compania, mes, figura, clave, total)
    SELECT c.id_compania, m.mes, 'estado', m.id_estado, sum(m.d)::int
    FROM (
      SELECT id_caso, date_trunc('month', fecha)::date AS mes, estado AS id_estado, 1 AS d FROM informe_historia
      UNION ALL
      SELECT id_caso, date_trunc('month', fecha)::date, estado_antes, -1 FROM informe_historia WHERE estado_antes IS NOT NULL
    ) m JOIN casos c ON c.id = m.id_caso
    GROUP BY 1, 2, 4 HAVING sum(m.d) <> 0 ORDER BY 1, 2, 4;
  -- Open cases by F Alta: +1 the month a case opened (or reopened), -1 the month it closed.
  INSERT INTO informe_abiertos_dia (id_compania, dia_alta, mes, total)
    SELECT c.id_compania, c.fecha_creado, date_trunc('month', h.fecha)::date,
      sum((h.estado < 8)::int - coalesce(h.estado_antes < 8, false)::int)::int
    FROM informe_historia h JOIN casos c ON c.id = h.id_caso
    GROUP BY 1, 2, 3 HAVING sum((h.estado < 8)::int - coalesce(h.estado_antes < 8, false)::int) <> 0 ORDER BY 1, 2, 3;

  -- What each case counts for now: its stage since the day it entered it, its closed contribution.
  INSERT INTO caso_informe (id_caso, etapa, etapa_desde, cerrado_mes, id_estado, bucket, ofrecido, acordado, inspeccionado)
    SELECT c.id, informe_etapa(c.id_estado), coalesce(e.desde, c.fecha_estado),
      CASE WHEN c.id_estado >= 8 THEN date_trunc('month', c.fecha_estado)::date END, c.id_estado, b.bucket,
      CASE WHEN b.bucket IS NOT NULL THEN coalesce(c.valor_ofertado, 0) END, CASE WHEN b.bucket IS NOT NULL THEN c.valor_acordado END,
      CASE WHEN b.bucket IS NOT NULL THEN coalesce(i.monto_inspeccion, 0) END
    FROM casos c
    LEFT JOIN informe_insp i ON i.id_caso = c.id
    LEFT JOIN (
      SELECT DISTINCT ON (id_caso) id_caso, fecha AS desde, etapa FROM informe_historia
      WHERE etapa IS DISTINCT FROM etapa_antes ORDER BY id_caso, ord DESC
    ) e ON e.id_caso = c.id AND e.etapa = informe_etapa(c.id_estado)
    CROSS JOIN LATERAL (
      SELECT CASE WHEN c.id_estado >= 8 AND c.valor_acordado IS NOT NULL THEN informe_bucket(c.valor_acordado, i.monto_inspeccion) END AS bucket
    ) b
    ORDER BY c.id;
  INSERT INTO informe_mes (id_compania, mes, figura, clave, total)
    SELECT id_compania, date_trunc('month', fecha_creado)::date, 'recibidos', 0, count(*)::int FROM casos GROUP BY 1, 2;
  INSERT INTO informe_mes (id_compania, mes, figura, clave, total, ofrecido, acordado, inspeccionado)
    SELECT c.id_compania, ci.cerrado_mes, f.figura, f.clave, count(*)::int, sum(f.o), sum(f.a), sum(f.i)
    FROM caso_informe ci JOIN casos c ON c.id = ci.id_caso
    CROSS JOIN LATERAL (VALUES ('cerrados', ci.id_estado::int, 0, 0, 0), ('montos', ci.bucket, ci.ofrecido, ci.acordado, ci.inspeccionado)) f(figura, clave, o, a, i)
    WHERE ci.cerrado_mes IS NOT NULL AND f.clave IS NOT NULL
    GROUP BY 1, 2, 3, 4;
  DROP TABLE pg_temp.informe_insp, pg_temp.informe_historia;
END;
$$;
--> statement-breakpoint
-- Case writes wait for the back-fill (one transaction), as drizzle/0048's did.
LOCK TABLE "casos" IN SHARE MODE;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "casos_estado_periodos_ins" AFTER INSERT ON "casos" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION caso_estado_periodos_sync();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "casos_estado_periodos_del" AFTER DELETE ON "casos" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION caso_estado_periodos_sync();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "casos_estado_periodos_upd" AFTER UPDATE OF "id_estado", "id_compania" ON "casos" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD."id_estado" IS DISTINCT FROM NEW."id_estado" OR OLD."id_compania" IS DISTINCT FROM NEW."id_compania")
  EXECUTE FUNCTION caso_estado_periodos_sync();
--> statement-breakpoint
-- The back-fill: the history once, the periods from it (the indexes after, built once).
DO $$
BEGIN
  PERFORM informe_historia_leer();
  PERFORM caso_estado_periodos_llenar();
  DROP TABLE pg_temp.informe_historia;
END;
$$;
--> statement-breakpoint
-- A case's periods: the trigger closes its current one, a deleted case's go; the list checks a few
-- cases' status at a day off it alone (an F Alta from a day on: the informe's recent age buckets).
CREATE INDEX "caso_estado_periodos_caso_idx" ON "caso_estado_periodos" USING btree ("id_caso") INCLUDE ("id_estado", "desde", "hasta");
--> statement-breakpoint
-- "In status S at the end of day D" (the list's abiertoAl / estadoAl): one range per status (of a
-- company, or of all), the periods ending after D (the current ones at 'infinity'), those begun by D
-- read off the index.
CREATE INDEX "caso_estado_periodos_estado_hasta_idx" ON "caso_estado_periodos" USING btree ("id_estado", (coalesce("hasta", 'infinity'::date)), "desde") INCLUDE ("id_caso");
--> statement-breakpoint
CREATE INDEX "caso_estado_periodos_compania_idx" ON "caso_estado_periodos" USING btree ("id_compania", "id_estado", (coalesce("hasta", 'infinity'::date)), "desde") INCLUDE ("id_caso");
--> statement-breakpoint
ANALYZE "caso_estado_periodos";
