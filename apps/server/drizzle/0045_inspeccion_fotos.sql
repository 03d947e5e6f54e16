-- Issue 43 items 4 and 6 (docs/decisions/086): the inspection's photo checklist, reference data an
-- Admin edits, and the photos an inspection closed with, each a document of the case.
CREATE TABLE IF NOT EXISTS "foto_checklist" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(100) NOT NULL,
	"orden" smallint DEFAULT 0 NOT NULL,
	"multiple" boolean DEFAULT false NOT NULL,
	"activo" boolean DEFAULT true NOT NULL
);--> statement-breakpoint
INSERT INTO "foto_checklist" ("nombre", "orden", "multiple") VALUES
	('Frente', 10, false),
	('Trasera', 20, false),
	('Lateral izquierdo', 30, false),
	('Lateral derecho', 40, false),
	('Daños', 50, true),
	('Odómetro', 60, false),
	('Número de chasis', 70, false),
	('Cédula del vehículo', 80, false);--> statement-breakpoint
-- One row per photo, in the order the close sent them. The caption is the checklist item's name at
-- the close (or 'Foto adicional'), so renaming an item later does not rewrite a filed report.
CREATE TABLE IF NOT EXISTS "inspeccion_fotos" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_inspeccion" integer NOT NULL REFERENCES "inspecciones"("id") ON DELETE cascade,
	"id_documento" integer NOT NULL REFERENCES "documentos"("id") ON DELETE cascade,
	"id_checklist" integer REFERENCES "foto_checklist"("id") ON DELETE set null,
	"leyenda" varchar(100) NOT NULL,
	"capturada" timestamp with time zone NOT NULL,
	"latitud" double precision,
	"longitud" double precision,
	CONSTRAINT "inspeccion_fotos_latitud_ck" CHECK ("latitud" IS NULL OR "latitud" BETWEEN -90 AND 90),
	CONSTRAINT "inspeccion_fotos_longitud_ck" CHECK ("longitud" IS NULL OR "longitud" BETWEEN -180 AND 180)
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inspeccion_fotos_inspeccion_idx" ON "inspeccion_fotos" ("id_inspeccion", "id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "inspeccion_fotos_documento_uq" ON "inspeccion_fotos" ("id_documento");
