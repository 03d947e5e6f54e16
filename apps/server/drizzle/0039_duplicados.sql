-- Duplicates at intake (issue 41 item 4, docs/decisions/080): a new case whose company and claim
-- number, or a third party's plate or document and the loss date, match an existing case is shown
-- those cases first. Claim numbers and plates are compared without case, spaces, dashes or dots
-- ('AB 123 CD' = 'ab-123-cd'); documents by their digits, leading zeros aside. An empty value or
-- 'S/D' (sin datos) is NULL here, so it never matches. The check is three index lookups.
CREATE FUNCTION duplicado_clave(valor text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT nullif(nullif(upper(regexp_replace(valor, '[[:space:].-]+', '', 'g')), ''), 'S/D')
$$;
--> statement-breakpoint
CREATE FUNCTION duplicado_documento(valor text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT nullif(ltrim(regexp_replace(valor, '[^0-9]+', '', 'g'), '0'), '')
$$;
--> statement-breakpoint
CREATE INDEX "casos_duplicado_reclamo_idx" ON "casos" ("id_compania", duplicado_clave("reclamo_nro"));
--> statement-breakpoint
CREATE INDEX "terceros_duplicado_dominio_idx" ON "terceros" (duplicado_clave("dominio"));
--> statement-breakpoint
CREATE INDEX "terceros_duplicado_documento_idx" ON "terceros" (duplicado_documento("nro_doc"));
