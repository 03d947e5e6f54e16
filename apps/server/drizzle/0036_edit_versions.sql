-- Each row a person edits carries its edit version (docs/decisions/074): a save names the version
-- it read and is refused (409) when another save came first. Constant default: no table rewrite.
ALTER TABLE "asegurados" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "casos" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "terceros" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "lesionados" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "audiencias" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "inspecciones" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- The version says nothing a reader of the audit log needs: each edit's fields are logged already.
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
  WHERE field NOT IN ('id', 'id_caso', 'orden', 'idempotency_key', 'version') AND field NOT LIKE 'busqueda%'
    AND coalesce(old_row -> field, 'null'::jsonb) IS DISTINCT FROM coalesce(new_row -> field, 'null'::jsonb)
$$;
