-- The offline close (issue 43 item 3, docs/decisions/091): the clave the phone made for the close
-- that finalized the inspection, so the same close sent again is known and answered, not written twice.
-- Only the close writes it; nothing clears it (a Finalizada inspection is never edited or reassigned).
ALTER TABLE "inspecciones" ADD COLUMN IF NOT EXISTS "cierre_clave" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "inspecciones_cierre_clave_uq" ON "inspecciones" ("cierre_clave") WHERE "cierre_clave" IS NOT NULL;
