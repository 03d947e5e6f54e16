-- The hearings filtered by company counted through a join to casos: 26 ms at 1M cases, growing
-- with the data (bench/results). Each hearing now carries its case's company, kept by triggers,
-- and the filter reads audiencias_compania_fechah_idx alone.
ALTER TABLE "audiencias" ADD COLUMN "id_compania" integer;--> statement-breakpoint
UPDATE "audiencias" a SET "id_compania" = c."id_compania" FROM "casos" c WHERE c."id" = a."id_caso";--> statement-breakpoint
ALTER TABLE "audiencias" ALTER COLUMN "id_compania" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audiencias" ADD CONSTRAINT "audiencias_id_compania_companias_id_fk" FOREIGN KEY ("id_compania") REFERENCES "public"."companias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audiencias_compania_fechah_idx" ON "audiencias" USING btree ("id_compania","fechah" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- A new hearing (or one moved to another case) takes its case's company.
CREATE OR REPLACE FUNCTION audiencias_compania_de_caso() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.id_compania := (SELECT id_compania FROM casos WHERE id = NEW.id_caso);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER audiencias_compania BEFORE INSERT OR UPDATE OF id_caso, id_compania ON audiencias
  FOR EACH ROW EXECUTE FUNCTION audiencias_compania_de_caso();--> statement-breakpoint
-- A case that changes company takes its hearings with it.
CREATE OR REPLACE FUNCTION casos_compania_a_audiencias() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE audiencias SET id_compania = NEW.id_compania WHERE id_caso = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER casos_compania_audiencias AFTER UPDATE OF id_compania ON casos
  FOR EACH ROW WHEN (OLD.id_compania IS DISTINCT FROM NEW.id_compania)
  EXECUTE FUNCTION casos_compania_a_audiencias();
