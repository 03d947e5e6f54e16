-- The hearings filtered by number (contains, any case) through the trigrams of the term
-- (docs/decisions/065): the filter read every hearing's number (33 ms at 1M cases, ten times that
-- at 10M), and with few matches a page walked the hearings by date looking for them. A term under
-- three characters has no trigram and still reads them all. Hearing writes wait for the build.
CREATE INDEX "audiencias_nro_trgm_idx" ON "audiencias" USING gin ("mediacion_nro" gin_trgm_ops);
