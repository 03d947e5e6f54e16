-- Issue 42 item 7, the convenio a distancia (docs/decisions/084 'Convenio a distancia'): the convenio
-- files published to a third party's portal, the one-time codes of the electronic signature (stored
-- hashed) and the signatures made with them.
CREATE TABLE IF NOT EXISTS "portal_firmas" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_caso" integer NOT NULL REFERENCES "casos"("id") ON DELETE cascade,
	"id_tercero" integer NOT NULL REFERENCES "terceros"("id") ON DELETE cascade,
	"id_item" integer NOT NULL REFERENCES "portal_items"("id") ON DELETE cascade,
	"firmado" timestamp with time zone NOT NULL,
	"direccion" varchar(64) NOT NULL,
	"user_agent" varchar(500) NOT NULL,
	"destino" varchar(300) NOT NULL,
	-- The certificate ('Constancia de firma electrónica'), a document of the case.
	"id_documento" integer REFERENCES "documentos"("id") ON DELETE set null
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_firmas_tercero_idx" ON "portal_firmas" ("id_tercero", "id");--> statement-breakpoint
-- One row per published file; `retirado` null: live. The file lives under portal/convenios/{id_caso}/,
-- outside casos/, so the orphan sweeper of the documents leaves it.
CREATE TABLE IF NOT EXISTS "portal_convenios" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_caso" integer NOT NULL REFERENCES "casos"("id") ON DELETE cascade,
	"id_tercero" integer NOT NULL REFERENCES "terceros"("id") ON DELETE cascade,
	-- The checklist item 'Convenio firmado' the signed copy is sent to.
	"id_item" integer NOT NULL REFERENCES "portal_items"("id") ON DELETE cascade,
	"plantilla" varchar(100) NOT NULL,
	"nombre" varchar(200) NOT NULL,
	"archivo_key" varchar(200) NOT NULL,
	"mime" varchar(100) NOT NULL,
	"bytes" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"publicado" timestamp with time zone NOT NULL,
	"publicado_por" varchar(150) NOT NULL,
	"retirado" timestamp with time zone,
	-- Signed electronically: the signature that covers this file.
	"id_firma" integer REFERENCES "portal_firmas"("id") ON DELETE set null
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_convenios_vivos_idx" ON "portal_convenios" ("id_tercero", "id") WHERE "retirado" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_convenios_caso_idx" ON "portal_convenios" ("id_caso", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_convenios_tercero_idx" ON "portal_convenios" ("id_tercero", "id");--> statement-breakpoint
-- The one-time codes of the electronic signature: only a SHA-256 of the code (with the link and a
-- random salt) is kept; `intentos` wrong tries void it at PORTAL_CONVENIO.codigoMaxIntentos.
CREATE TABLE IF NOT EXISTS "portal_firma_codigos" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_enlace" integer NOT NULL REFERENCES "portal_enlaces"("id") ON DELETE cascade,
	"codigo_hash" varchar(64) NOT NULL,
	"sal" varchar(64) NOT NULL,
	"destino" varchar(300) NOT NULL,
	"enviado" timestamp with time zone NOT NULL,
	"expira" timestamp with time zone NOT NULL,
	"intentos" smallint DEFAULT 0 NOT NULL,
	"usado" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_firma_codigos_enlace_idx" ON "portal_firma_codigos" ("id_enlace", "enviado");--> statement-breakpoint
ALTER TABLE "portal_envios" DROP CONSTRAINT IF EXISTS "portal_envios_canal_ck";--> statement-breakpoint
ALTER TABLE "portal_envios" ADD CONSTRAINT "portal_envios_canal_ck" CHECK ("canal" IN ('email', 'whatsapp', 'enlace', 'carta', 'recordatorio', 'aviso_mensaje', 'sin_respuesta', 'aviso_convenio', 'codigo_firma'));
