-- Authority limits (issue 41 item 5, docs/decisions/081): a User's offer limit (null: none), and the
-- offers and reconsiderations above it waiting for an approver, at most one pending per case.
ALTER TABLE "usuarios" ADD COLUMN "limite_ofrecimiento" numeric(15, 2);--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_limite_ofrecimiento_ck" CHECK ("limite_ofrecimiento" >= 0);--> statement-breakpoint
CREATE TABLE "aprobaciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_caso" integer NOT NULL REFERENCES "casos"("id") ON DELETE CASCADE,
	"tipo" varchar(20) NOT NULL,
	"monto" numeric(15, 2) NOT NULL,
	"datos" jsonb NOT NULL,
	"solicitado_por" varchar(150) NOT NULL,
	"id_usuario_solicitante" integer NOT NULL REFERENCES "usuarios"("id"),
	"solicitada" timestamp with time zone DEFAULT now() NOT NULL,
	"estado" varchar(12) DEFAULT 'pendiente' NOT NULL,
	"resuelta_por" varchar(150),
	"resuelta" timestamp with time zone,
	"motivo" varchar(2000),
	CONSTRAINT "aprobaciones_tipo_ck" CHECK ("tipo" IN ('ofrecimiento', 'reconsideracion')),
	CONSTRAINT "aprobaciones_estado_ck" CHECK ("estado" IN ('pendiente', 'aprobada', 'rechazada'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "aprobaciones_caso_pendiente_uq" ON "aprobaciones" ("id_caso") WHERE "estado" = 'pendiente';--> statement-breakpoint
CREATE INDEX "aprobaciones_estado_id_idx" ON "aprobaciones" ("estado", "id");--> statement-breakpoint
CREATE INDEX "aprobaciones_id_caso_idx" ON "aprobaciones" ("id_caso");--> statement-breakpoint
CREATE INDEX "aprobaciones_solicitante_idx" ON "aprobaciones" ("id_usuario_solicitante");
