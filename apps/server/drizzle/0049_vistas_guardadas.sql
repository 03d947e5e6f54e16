-- Saved views of the case list (issue 44 item 1, docs/decisions/096): a named filter of the list,
-- personal or shared with the team; each user's default view; who may share (the Admin's setting).
CREATE TABLE "vistas_casos" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_usuario" integer NOT NULL REFERENCES "usuarios"("id") ON DELETE CASCADE,
	"nombre" varchar(60) NOT NULL,
	"filtro" jsonb NOT NULL,
	"compartida" boolean DEFAULT false NOT NULL,
	"creada" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "vistas_casos_nombre_uq" ON "vistas_casos" ("id_usuario", lower("nombre"));--> statement-breakpoint
CREATE INDEX "vistas_casos_compartidas_idx" ON "vistas_casos" ("id") WHERE "compartida";--> statement-breakpoint
CREATE TABLE "vistas_predeterminadas" (
	"id_usuario" integer PRIMARY KEY NOT NULL REFERENCES "usuarios"("id") ON DELETE CASCADE,
	"id_vista" integer NOT NULL REFERENCES "vistas_casos"("id") ON DELETE CASCADE
);--> statement-breakpoint
CREATE INDEX "vistas_predeterminadas_vista_idx" ON "vistas_predeterminadas" ("id_vista");--> statement-breakpoint
CREATE TABLE "ajustes_vistas" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"compartir" varchar(10) DEFAULT 'admin' NOT NULL CHECK ("compartir" IN ('admin', 'todos'))
);--> statement-breakpoint
INSERT INTO "ajustes_vistas" ("id") VALUES (1) ON CONFLICT DO NOTHING;
