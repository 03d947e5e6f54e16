-- Every change of a case's fields (casos, its insured party, its third parties) becomes ONE
-- audit_log row per changed row: {field: [old, new]}, who (app.actor, set per transaction by
-- setAuditActor), when (now(), UTC timestamptz). A trigger, so no code path can forget it and
-- a rolled-back change leaves no row (ASVS 16.2, the security issue's audit requirement).

-- A money value (numeric with decimals) travels as its numeric string, like the API sends it.
CREATE OR REPLACE FUNCTION audit_value(value jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(value) = 'number' AND position('.' in value::text) > 0 THEN to_jsonb(value::text) ELSE value END
$$;
--> statement-breakpoint
-- {prefix||field: [old, new]} of the fields that differ; keys, order, search text and idempotency keys
-- are noise; a secret-looking field is recorded only as changed, never by value.
CREATE OR REPLACE FUNCTION audit_changed_fields(old_row jsonb, new_row jsonb, prefix text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(
    jsonb_object_agg(
      prefix || field,
      CASE
        WHEN field ~* '(password|contrase|secret|token|totp|hash)' THEN jsonb_build_array('[oculto]', '[oculto]')
        ELSE jsonb_build_array(audit_value(coalesce(old_row -> field, 'null'::jsonb)), audit_value(coalesce(new_row -> field, 'null'::jsonb)))
      END
    ),
    '{}'::jsonb
  )
  FROM (SELECT DISTINCT jsonb_object_keys(coalesce(old_row, '{}'::jsonb) || coalesce(new_row, '{}'::jsonb)) AS field) AS fields
  WHERE field NOT IN ('id', 'id_caso', 'orden', 'busqueda', 'idempotency_key')
    AND coalesce(old_row -> field, 'null'::jsonb) IS DISTINCT FROM coalesce(new_row -> field, 'null'::jsonb)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_caso_change(caso_id integer, changed jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF changed IS NULL OR changed = '{}'::jsonb THEN
    RETURN;
  END IF;
  INSERT INTO audit_log (fecha, actor, action, entity, entity_id, changes)
  VALUES (now(), left(nullif(current_setting('app.actor', true), ''), 150), 'caso.update', 'caso', caso_id, changed);
END
$$;
--> statement-breakpoint
-- A case created in this transaction: its first third parties are its creation, not a change.
CREATE OR REPLACE FUNCTION audit_casos_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('app.casos_creados', coalesce(current_setting('app.casos_creados', true), '') || ',' || NEW.id || ',', true);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_casos_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM audit_caso_change(NEW.id, audit_changed_fields(to_jsonb(OLD), to_jsonb(NEW), ''));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_asegurados_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb := audit_changed_fields(to_jsonb(OLD), to_jsonb(NEW), 'asegurado.');
  caso_id integer;
BEGIN
  IF changed = '{}'::jsonb THEN
    RETURN NULL;
  END IF;
  FOR caso_id IN SELECT id FROM casos WHERE id_asegurado = NEW.id LOOP
    PERFORM audit_caso_change(caso_id, changed);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_terceros_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb;
  new_row jsonb;
  caso_id integer;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_row := to_jsonb(OLD);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_row := to_jsonb(NEW);
  END IF;
  caso_id := (coalesce(new_row, old_row) ->> 'id_caso')::integer;
  IF TG_OP = 'INSERT' AND position(',' || caso_id || ',' in coalesce(current_setting('app.casos_creados', true), '')) > 0 THEN
    RETURN NULL;
  END IF;
  -- Deleted with its case (ON DELETE CASCADE): the case's deletion is the event, not this.
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM casos WHERE id = caso_id) THEN
    RETURN NULL;
  END IF;
  PERFORM audit_caso_change(caso_id, audit_changed_fields(old_row, new_row, 'tercero' || (coalesce(new_row, old_row) ->> 'orden') || '.'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER casos_audit_insert AFTER INSERT ON casos FOR EACH ROW EXECUTE FUNCTION audit_casos_insert();
--> statement-breakpoint
CREATE TRIGGER casos_audit_update AFTER UPDATE ON casos FOR EACH ROW EXECUTE FUNCTION audit_casos_update();
--> statement-breakpoint
CREATE TRIGGER asegurados_audit_update AFTER UPDATE ON asegurados FOR EACH ROW EXECUTE FUNCTION audit_asegurados_update();
--> statement-breakpoint
CREATE TRIGGER terceros_audit_change AFTER INSERT OR UPDATE OR DELETE ON terceros FOR EACH ROW EXECUTE FUNCTION audit_terceros_change();
