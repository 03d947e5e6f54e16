-- Issue 44 item 6 (docs/decisions/101): each user's colour scheme and row density, read at sign-in.
-- No row: the defaults (PREFERENCIAS_DEFAULT in packages/domain), so nothing is written for users who never choose.
CREATE TABLE "preferencias_usuario" (
	"id_usuario" integer PRIMARY KEY NOT NULL,
	"esquema" varchar(5) DEFAULT 'light' NOT NULL,
	"densidad" varchar(8) DEFAULT 'comoda' NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preferencias_usuario_esquema_ck" CHECK ("esquema" in ('light', 'dark', 'auto')),
	CONSTRAINT "preferencias_usuario_densidad_ck" CHECK ("densidad" in ('comoda', 'compacta'))
);
--> statement-breakpoint
ALTER TABLE "preferencias_usuario" ADD CONSTRAINT "preferencias_usuario_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;
