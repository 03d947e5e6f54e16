-- Resumable uploads (issue 43 item 5, docs/decisions/089): one row per tus upload, its owner from
-- the session, what it is for, how far it got, when it finished and when a feature took it.
CREATE TABLE IF NOT EXISTS "subidas" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"id_usuario" integer NOT NULL REFERENCES "usuarios"("id") ON DELETE cascade,
	"proposito" varchar(30) NOT NULL,
	"id_objeto" integer NOT NULL,
	"nombre" varchar(200) NOT NULL,
	"longitud" integer NOT NULL,
	"recibidos" integer DEFAULT 0 NOT NULL,
	"creada" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizada" timestamp with time zone DEFAULT now() NOT NULL,
	"terminada" timestamp with time zone,
	"usada" timestamp with time zone,
	CONSTRAINT "subidas_longitud_ck" CHECK ("longitud" > 0 AND "recibidos" >= 0 AND "recibidos" <= "longitud")
);--> statement-breakpoint
-- A user's unfinished uploads (the per-user caps) and the expiry sweep.
CREATE INDEX IF NOT EXISTS "subidas_pendientes_idx" ON "subidas" ("id_usuario") WHERE "terminada" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "subidas_creada_idx" ON "subidas" ("creada");
