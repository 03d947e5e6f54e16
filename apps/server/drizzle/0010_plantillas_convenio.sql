CREATE TABLE "plantillas_convenio" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_plantilla" integer NOT NULL,
	"version" integer NOT NULL,
	"contenido" "bytea",
	"nombre_archivo" varchar(200),
	"restaurada_de" integer,
	"usuario" varchar(150) NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "plantillas_convenio_version_uq" ON "plantillas_convenio" USING btree ("id_plantilla","version");