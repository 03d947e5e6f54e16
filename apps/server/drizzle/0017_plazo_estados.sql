CREATE TABLE "caso_plazo_estados" (
	"plazo" varchar(10) NOT NULL,
	"id_caso" integer NOT NULL,
	CONSTRAINT "caso_plazo_estados_pk" PRIMARY KEY("plazo","id_caso")
);
--> statement-breakpoint
CREATE TABLE "caso_plazo_estados_dia" (
	"unica" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"dia" date
);
--> statement-breakpoint
-- The cases the list's filter 'Plazo' finds today, kept so that a page of it reads an index instead
-- of building every match (docs/decisions/057). The bounds of each active rule on a day `hoy`:
-- a clock started in (desde_min, desde_max] is vencido (runs out before `hoy`; a hearing's never
-- is) or por vencer (runs out from `hoy` to `hoy + aviso_dias`), decision 044. plpgsql so that it
-- is never inlined: its bounds are computed once per rule, not once per clock row. ROWS 8 (two per
-- rule): with the default guess of 1,000 rows PostgreSQL merged them with every running clock.
CREATE OR REPLACE FUNCTION plazo_cortes(hoy date) RETURNS TABLE (plazo text, evento varchar, desde_min date, desde_max date)
  LANGUAGE plpgsql STABLE ROWS 8 AS $$
BEGIN
  RETURN QUERY
    SELECT 'vencido'::text, p.evento, '-infinity'::date, plazo_ultimo_inicio(p.cantidad, p.unidad, hoy - 1)
      FROM plazos_legales p WHERE p.activo AND p.evento <> 'audiencia'
    UNION ALL
    SELECT 'por_vencer'::text, p.evento, plazo_ultimo_inicio(p.cantidad, p.unidad, hoy - 1), plazo_ultimo_inicio(p.cantidad, p.unidad, hoy + p.aviso_dias)
      FROM plazos_legales p WHERE p.activo;
END;
$$;--> statement-breakpoint
-- The cases `ids` again, in the writer's transaction. Taken shared, the advisory lock (ADVISORY_LOCK.PLAZO_ESTADOS
-- of db/locks.ts) lets writers run together and keeps them out of a full refill.
CREATE OR REPLACE FUNCTION caso_plazo_estados_calcular(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock_shared(7324006);
  DELETE FROM caso_plazo_estados WHERE plazo IN ('vencido', 'por_vencer') AND id_caso = ANY (ids);
  INSERT INTO caso_plazo_estados (plazo, id_caso)
    SELECT DISTINCT r.plazo, cp.id_caso
    FROM plazo_cortes((now() AT TIME ZONE 'America/Argentina/Buenos_Aires')::date) r
    JOIN caso_plazos cp ON cp.evento = r.evento AND cp.hasta IS NULL AND cp.desde > r.desde_min AND cp.desde <= r.desde_max
    WHERE cp.id_caso = ANY (ids);
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION caso_plazo_estados_cambio() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM caso_plazo_estados_calcular(ARRAY(SELECT DISTINCT id_caso FROM nuevos));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM caso_plazo_estados_calcular(ARRAY(SELECT DISTINCT id_caso FROM viejos));
  ELSE
    PERFORM caso_plazo_estados_calcular(ARRAY(SELECT id_caso FROM nuevos UNION SELECT id_caso FROM viejos));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER caso_plazo_estados_ins AFTER INSERT ON caso_plazos REFERENCING NEW TABLE AS nuevos
  FOR EACH STATEMENT EXECUTE FUNCTION caso_plazo_estados_cambio();--> statement-breakpoint
CREATE TRIGGER caso_plazo_estados_upd AFTER UPDATE ON caso_plazos REFERENCING OLD TABLE AS viejos NEW TABLE AS nuevos
  FOR EACH STATEMENT EXECUTE FUNCTION caso_plazo_estados_cambio();--> statement-breakpoint
CREATE TRIGGER caso_plazo_estados_del AFTER DELETE ON caso_plazos REFERENCING OLD TABLE AS viejos
  FOR EACH STATEMENT EXECUTE FUNCTION caso_plazo_estados_cambio();--> statement-breakpoint
-- Every clock of every case for today, when the day or the rules moved them all: the exclusive lock
-- waits for the writers in flight and holds new ones back, the day's row is locked before anything
-- is read (so a rule edit that comes meanwhile marks the result stale again once this commits), and
-- only the differences are written (each row found in both by an anti-join, not by a conflict).
CREATE OR REPLACE FUNCTION caso_plazo_estados_refrescar() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  hoy date := (now() AT TIME ZONE 'America/Argentina/Buenos_Aires')::date;
BEGIN
  PERFORM pg_advisory_xact_lock(7324006);
  PERFORM 1 FROM caso_plazo_estados_dia WHERE unica FOR UPDATE;
  -- Room to hash the day's set in memory (~330,000 rows at 1M cases) instead of sorting it on disk.
  PERFORM set_config('work_mem', '64MB', true);
  WITH hoy_estados AS (
    SELECT DISTINCT r.plazo, cp.id_caso
    FROM plazo_cortes(hoy) r
    JOIN caso_plazos cp ON cp.evento = r.evento AND cp.hasta IS NULL AND cp.desde > r.desde_min AND cp.desde <= r.desde_max
  ), borrados AS (
    DELETE FROM caso_plazo_estados e WHERE NOT EXISTS (SELECT 1 FROM hoy_estados h WHERE h.plazo = e.plazo AND h.id_caso = e.id_caso)
  )
  INSERT INTO caso_plazo_estados (plazo, id_caso)
    SELECT h.plazo, h.id_caso FROM hoy_estados h
    WHERE NOT EXISTS (SELECT 1 FROM caso_plazo_estados e WHERE e.plazo = h.plazo AND e.id_caso = h.id_caso);
  UPDATE caso_plazo_estados_dia SET dia = hoy WHERE unica;
END;
$$;--> statement-breakpoint
-- A rule or a holiday changed: every clock may end on another day, so the stored cases wait for a
-- refill (until then the list computes the filter from the clocks, decision 044).
CREATE OR REPLACE FUNCTION caso_plazo_estados_caducar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE caso_plazo_estados_dia SET dia = NULL WHERE unica;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER caso_plazo_estados_reglas AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON plazos_legales
  FOR EACH STATEMENT EXECUTE FUNCTION caso_plazo_estados_caducar();--> statement-breakpoint
CREATE TRIGGER caso_plazo_estados_feriados AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON feriados
  FOR EACH STATEMENT EXECUTE FUNCTION caso_plazo_estados_caducar();--> statement-breakpoint
INSERT INTO caso_plazo_estados_dia (unica, dia) VALUES (true, NULL);
