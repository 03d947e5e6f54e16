-- Deep pages without OFFSET over the whole table (docs/decisions/042): how many open and closed
-- cases each block of 1,024 ids holds. Page N of the list, of 'Vigentes' or of 'Cerrados' sums
-- these newest first (~1,000 rows at 1M cases) to find its block and then walks at most one block
-- of an index; OFFSET walked up to half the table (Vigentes page 15,000: 130-930 ms at 1M).
CREATE TABLE "caso_bloques" (
	"bloque" integer NOT NULL,
	"cerrado" boolean NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "caso_bloques_bloque_cerrado_pk" PRIMARY KEY("bloque","cerrado")
);
--> statement-breakpoint
INSERT INTO "caso_bloques" ("bloque", "cerrado", "total")
  SELECT "id" >> 10, "id_estado" >= 8, count(*)::int FROM "casos" GROUP BY 1, 2;
--> statement-breakpoint
CREATE INDEX "casos_vigentes_id_idx" ON "casos" USING btree ("id" DESC NULLS LAST) WHERE "casos"."id_estado" < 8;--> statement-breakpoint
CREATE INDEX "casos_cerrados_id_idx" ON "casos" USING btree ("id" DESC NULLS LAST) WHERE "casos"."id_estado" >= 8;--> statement-breakpoint
-- The counters' trigger (0002) keeps the blocks too, in the same transaction. A block row is
-- only locked by a writer that already holds its counter row, so no new lock order appears.
CREATE OR REPLACE FUNCTION caso_contadores_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE caso_contadores SET total = total - 1 WHERE cerrado = (OLD.id_estado >= 8);
    UPDATE caso_bloques SET total = total - 1 WHERE bloque = OLD.id >> 10 AND cerrado = (OLD.id_estado >= 8);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE caso_contadores SET total = total + 1 WHERE cerrado = (NEW.id_estado >= 8);
    INSERT INTO caso_bloques (bloque, cerrado, total) VALUES (NEW.id >> 10, NEW.id_estado >= 8, 1)
      ON CONFLICT (bloque, cerrado) DO UPDATE SET total = caso_bloques.total + 1;
  END IF;
  RETURN NULL;
END;
$$;
