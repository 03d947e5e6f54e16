DROP INDEX "inspecciones_fecha_idx";--> statement-breakpoint
CREATE INDEX "inspecciones_fecha_idx" ON "inspecciones" USING btree ("fecha_inspeccion","id");