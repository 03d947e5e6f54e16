-- A search word of five letters or more (a surname, a name) by its letter pieces
-- (docs/decisions/067): its trigrams are each in tens of thousands of cases ('ros', 'osa', 'aro'),
-- so a surname 81 cases have cost ~1.5 ms of GIN work at 1M cases, and more as the office grows.
-- Every 5 letters in a row of `busqueda` are indexed as one piece; such a word asks for all its
-- pieces, then the LIKE checks the few cases found. SEARCH_LETTER_GRAM and searchLetterGrams() in
-- packages/domain cut a word the same way. Case writes wait for the build (~17 s at 1M cases).
CREATE FUNCTION busqueda_letras(busqueda text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(corrida[1], inicio, 5)), '{}')
  FROM regexp_matches(busqueda, '[a-z]{5,}', 'g') AS corrida, generate_series(1, length(corrida[1]) - 4) AS inicio
$$;
--> statement-breakpoint
CREATE INDEX "casos_busqueda_letras_idx" ON "casos" USING gin (busqueda_letras("busqueda"));
