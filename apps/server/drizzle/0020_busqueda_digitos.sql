-- The quick search by a whole number (docs/decisions/059): a DNI, CUIT or claim number typed in
-- full was found through its digit trigrams, each in ~4% of the cases, so its lists grew with the
-- office (at 10M cases 31-35 ms of SQL). Every 7 digits in a row of `busqueda` are indexed as one
-- piece; a word with 7 digits in a row asks for all its pieces: a few cases, then the LIKE.
-- SEARCH_DIGIT_GRAM and searchDigitGrams() in packages/domain cut a word the same way.
CREATE FUNCTION busqueda_digitos(busqueda text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(corrida[1], inicio, 7)), '{}')
  FROM regexp_matches(busqueda, '[0-9]{7,}', 'g') AS corrida, generate_series(1, length(corrida[1]) - 6) AS inicio
$$;
--> statement-breakpoint
CREATE INDEX "casos_busqueda_digitos_idx" ON "casos" USING gin (busqueda_digitos("busqueda"));
