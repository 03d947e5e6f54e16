-- The filter panel's 'Apellido' and 'Dominio' checked each case `busqueda` found with two
-- subqueries (the insured party's row, the third parties'): page 500 of the commonest surname
-- cost 143-151 ms at 1M cases (docs/decisions/072). The case's surnames and plates, normalized and
-- one a line, are kept on the row instead, written with `busqueda` by every writer
-- (casoSearchColumns in packages/domain). Added empty, so the migration rewrites nothing: a
-- case written before it is filled by the node in the background (fillBusquedaPersonas), found
-- by the partial index, and filtered by the subqueries until then.
ALTER TABLE "casos" ADD COLUMN "busqueda_apellidos" text;--> statement-breakpoint
ALTER TABLE "casos" ADD COLUMN "busqueda_dominios" text;--> statement-breakpoint
CREATE INDEX "casos_busqueda_personas_pendientes_idx" ON "casos" USING btree ("id" DESC NULLS LAST) WHERE "casos"."busqueda_apellidos" is null;
--> statement-breakpoint
-- The search columns are noise in the audit log, as `busqueda` was: the fill would log a change
-- per case. Any column named busqueda* from now on.
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
  WHERE field NOT IN ('id', 'id_caso', 'orden', 'idempotency_key') AND field NOT LIKE 'busqueda%'
    AND coalesce(old_row -> field, 'null'::jsonb) IS DISTINCT FROM coalesce(new_row -> field, 'null'::jsonb)
$$;
