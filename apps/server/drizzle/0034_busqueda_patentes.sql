-- A search word mixing letters and digits (a plate's fragment: 'ag740' of AG740TN) by its pieces
-- (docs/decisions/070): its trigrams ('ag7', 'g74', '740') are each in a list that grows with the
-- cases, so the plate fragment's SQL alone did 481 a second at 10M cases. Every 5 letters and
-- digits in a row of `busqueda` that hold both a letter and a digit are indexed as one piece (a
-- case's plates give a few; names, documents and claim numbers none); such a word asks for all
-- its pieces, then the LIKE checks the few cases found. SEARCH_PLATE_GRAM and searchPlateGrams()
-- in packages/domain cut a word the same way. Case writes wait for the build.
CREATE FUNCTION busqueda_patentes(busqueda text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT pieza), '{}')
  FROM regexp_matches(busqueda, '[a-z0-9]{5,}', 'g') AS corrida,
    generate_series(1, length(corrida[1]) - 4) AS inicio,
    substr(corrida[1], inicio, 5) AS pieza
  WHERE pieza ~ '[a-z]' AND pieza ~ '[0-9]'
$$;
--> statement-breakpoint
CREATE INDEX "casos_busqueda_patentes_idx" ON "casos" USING gin (busqueda_patentes("busqueda"));
