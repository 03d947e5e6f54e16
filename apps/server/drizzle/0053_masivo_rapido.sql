-- Bulk actions at 1M (issue 44 item 2, docs/decisions/103): an UPDATE of 10,000 cases ran the
-- audit and the 'Caso asignado' bell as a PL/pgSQL call and an INSERT per row, and at commit two
-- deferred counter functions per row, each updating the same few counter rows again (one row
-- version per case in one transaction).
--
-- The audit: once per statement over its transition tables (as caso_plazos_ins), one set-based diff
-- of each case's old and new image writing the same rows ({field: [old, new]} of the fields that
-- differ, one row per changed case). The rules of a field (which are logged, which are hidden) move
-- into two small SQL functions that both this and audit_changed_fields (asegurados, terceros) use.
CREATE OR REPLACE FUNCTION audit_field_logged(field text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT field NOT IN ('id', 'id_caso', 'orden', 'idempotency_key', 'version') AND field NOT LIKE 'busqueda%'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_field_change(field text, old_value jsonb, new_value jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN field ~* '(password|contrase|secret|token|totp|hash)' THEN jsonb_build_array('[oculto]', '[oculto]')
    ELSE jsonb_build_array(audit_value(coalesce(old_value, 'null'::jsonb)), audit_value(coalesce(new_value, 'null'::jsonb)))
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_changed_fields(old_row jsonb, new_row jsonb, prefix text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(prefix || field, audit_field_change(field, old_row -> field, new_row -> field)), '{}'::jsonb)
  FROM (SELECT DISTINCT jsonb_object_keys(coalesce(old_row, '{}'::jsonb) || coalesce(new_row, '{}'::jsonb)) AS field) AS fields
  WHERE audit_field_logged(field)
    AND coalesce(old_row -> field, 'null'::jsonb) IS DISTINCT FROM coalesce(new_row -> field, 'null'::jsonb)
$$;
--> statement-breakpoint
-- Both images of a case have the same keys, so the new one's list them all; OFFSET 0 keeps each
-- image's to_jsonb to one call per case.
CREATE OR REPLACE FUNCTION audit_casos_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_log (fecha, actor, action, entity, entity_id, changes)
    SELECT now(), left(nullif(current_setting('app.actor', true), ''), 150), 'caso.update', 'caso', r.id,
      jsonb_object_agg(e.key, audit_field_change(e.key, r.viejo -> e.key, e.value))
    FROM (SELECT n.id, to_jsonb(o) AS viejo, to_jsonb(n) AS nuevo FROM nuevos n JOIN viejos o ON o.id = n.id OFFSET 0) AS r
    CROSS JOIN LATERAL jsonb_each(r.nuevo) AS e
    WHERE audit_field_logged(e.key) AND coalesce(r.viejo -> e.key, 'null'::jsonb) IS DISTINCT FROM e.value
    GROUP BY r.id
    ORDER BY r.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "casos_audit_update" ON "casos";
--> statement-breakpoint
CREATE TRIGGER "casos_audit_update" AFTER UPDATE ON "casos" REFERENCING OLD TABLE AS viejos NEW TABLE AS nuevos
  FOR EACH STATEMENT EXECUTE FUNCTION audit_casos_update();
--> statement-breakpoint
-- The bell: once per statement, the same rows (one per case whose analyst changed to one with an
-- active Admin/User, except the actor). A statement trigger with transition tables cannot name
-- columns (PostgreSQL), so it fires on every update of a case and its join keeps the condition.
CREATE OR REPLACE FUNCTION notificar_caso_reasignado() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor text := nullif(current_setting('app.actor', true), '');
BEGIN
  INSERT INTO notificaciones (id_usuario, tipo, texto, id_caso, autor)
    SELECT u.id, 'caso_asignado', left(a.apellido || ', ' || a.nombre, 500), n.id, left(actor, 150)
    FROM nuevos n
    JOIN viejos o ON o.id = n.id
    JOIN analistas a ON a.id = n.id_analista
    JOIN usuarios u ON u.id = a.id_usuario
    WHERE o.id_analista IS DISTINCT FROM n.id_analista AND u.activo AND u.rol IN (1, 2)
      AND (actor IS NULL OR lower(u.username) <> lower(actor))
    ORDER BY n.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "casos_notificar_analista" ON "casos";
--> statement-breakpoint
CREATE TRIGGER "casos_notificar_analista" AFTER UPDATE ON "casos" REFERENCING OLD TABLE AS viejos NEW TABLE AS nuevos
  FOR EACH STATEMENT EXECUTE FUNCTION notificar_caso_reasignado();
--> statement-breakpoint
-- The counters per status × analyst and per status × company × analyst: a transaction that set
-- app.contadores_por_sentencia = 'on' (the bulk actions, casos.masivo.service.ts) gets them once per
-- statement, summed per counter row, in the tables' and keys' order of decision 052 (company first),
-- immediately; every other write keeps the deferred row triggers of drizzle/0030, which hold the
-- shared counter rows only while committing. A row whose status and analyst (and company) did not
-- change adds +1 and -1 to the same counter row, which cancel out: the same totals as the row triggers.
CREATE OR REPLACE FUNCTION caso_contadores_sentencia_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('app.contadores_por_sentencia', true) IS DISTINCT FROM 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO caso_contadores_compania (id_estado, id_compania, id_analista, total)
    SELECT v.id_estado, v.id_compania, v.id_analista, sum(v.d)::int
    FROM (
      SELECT id_estado, id_compania, coalesce(id_analista, 0) AS id_analista, 1 AS d FROM nuevos
      UNION ALL SELECT id_estado, id_compania, coalesce(id_analista, 0), -1 FROM viejos
    ) AS v
    WHERE v.id_estado IS NOT NULL GROUP BY 1, 2, 3 HAVING sum(v.d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (id_estado, id_compania, id_analista) DO UPDATE SET total = caso_contadores_compania.total + excluded.total;
  INSERT INTO caso_contadores_estado (id_estado, id_analista, total)
    SELECT v.id_estado, v.id_analista, sum(v.d)::int
    FROM (
      SELECT id_estado, coalesce(id_analista, 0) AS id_analista, 1 AS d FROM nuevos
      UNION ALL SELECT id_estado, coalesce(id_analista, 0), -1 FROM viejos
    ) AS v
    WHERE v.id_estado IS NOT NULL GROUP BY 1, 2 HAVING sum(v.d) <> 0 ORDER BY 1, 2
    ON CONFLICT (id_estado, id_analista) DO UPDATE SET total = caso_contadores_estado.total + excluded.total;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "casos_contadores_sentencia" AFTER UPDATE ON "casos" REFERENCING OLD TABLE AS viejos NEW TABLE AS nuevos
  FOR EACH STATEMENT EXECUTE FUNCTION caso_contadores_sentencia_sync();
--> statement-breakpoint
DROP TRIGGER "casos_contadores_estado_upd" ON "casos";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "casos_contadores_estado_upd" AFTER UPDATE OF "id_estado", "id_analista" ON "casos" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN ((OLD."id_estado" IS DISTINCT FROM NEW."id_estado" OR OLD."id_analista" IS DISTINCT FROM NEW."id_analista")
    AND current_setting('app.contadores_por_sentencia', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION caso_contadores_estado_sync();
--> statement-breakpoint
DROP TRIGGER "casos_contadores_compania_upd" ON "casos";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "casos_contadores_compania_upd" AFTER UPDATE OF "id_estado", "id_analista", "id_compania" ON "casos" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN ((OLD."id_estado" IS DISTINCT FROM NEW."id_estado" OR OLD."id_analista" IS DISTINCT FROM NEW."id_analista"
    OR OLD."id_compania" IS DISTINCT FROM NEW."id_compania")
    AND current_setting('app.contadores_por_sentencia', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION caso_contadores_compania_sync();
