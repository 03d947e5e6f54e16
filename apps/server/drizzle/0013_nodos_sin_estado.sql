-- State that used to live in each process, shared by every node (docs/decisions/046).
-- Plumbing tables, read and written with plain SQL (shared/node-state.ts); not in the Drizzle schema.
CREATE TABLE IF NOT EXISTS "ajustes_nodos" (
	"clave" varchar(64) PRIMARY KEY NOT NULL,
	"valor" text NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "captcha_usados" (
	"id" varchar(200) PRIMARY KEY NOT NULL,
	"vence" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "captcha_usados_vence_idx" ON "captcha_usados" ("vence");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "login_fallos" (
	"clave" varchar(400) NOT NULL,
	"fecha" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "login_fallos_clave_fecha_idx" ON "login_fallos" ("clave", "fecha");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "login_fallos_fecha_idx" ON "login_fallos" ("fecha");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "login_direcciones" (
	"par" varchar(400) PRIMARY KEY NOT NULL,
	"desde" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "limites_pedidos" (
	"clave" varchar(400) PRIMARY KEY NOT NULL,
	"cuenta" integer NOT NULL,
	"vence" timestamp with time zone NOT NULL
);
