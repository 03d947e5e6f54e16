-- Issue 18 item 4: the bell, the page 'Notificaciones' and the daily e-mail digest (docs/decisions/050).
CREATE TABLE "notificaciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_usuario" integer NOT NULL,
	"tipo" varchar(20) NOT NULL,
	"texto" varchar(500) NOT NULL,
	"fecha" date,
	"id_caso" integer,
	"id_tarea" integer,
	"autor" varchar(150),
	"clave" varchar(100),
	"creada" timestamp with time zone DEFAULT now() NOT NULL,
	"leida" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notificacion_preferencias" (
	"id_usuario" integer PRIMARY KEY NOT NULL,
	"resumen_diario" boolean DEFAULT false NOT NULL,
	"id_analista" integer
);
--> statement-breakpoint
CREATE TABLE "resumenes_enviados" (
	"id_usuario" integer NOT NULL,
	"dia" date NOT NULL,
	"reclamado" timestamp with time zone DEFAULT now() NOT NULL,
	"items" integer,
	"enviado" timestamp with time zone,
	CONSTRAINT "resumenes_enviados_pk" PRIMARY KEY("id_usuario","dia")
);
--> statement-breakpoint
ALTER TABLE "notificaciones" ADD CONSTRAINT "notificaciones_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificaciones" ADD CONSTRAINT "notificaciones_id_caso_casos_id_fk" FOREIGN KEY ("id_caso") REFERENCES "public"."casos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificaciones" ADD CONSTRAINT "notificaciones_id_tarea_tareas_id_fk" FOREIGN KEY ("id_tarea") REFERENCES "public"."tareas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacion_preferencias" ADD CONSTRAINT "notificacion_preferencias_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacion_preferencias" ADD CONSTRAINT "notificacion_preferencias_id_analista_analistas_id_fk" FOREIGN KEY ("id_analista") REFERENCES "public"."analistas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resumenes_enviados" ADD CONSTRAINT "resumenes_enviados_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The bell's page, newest first, and its unread count, per user.
CREATE INDEX "notificaciones_usuario_idx" ON "notificaciones" USING btree ("id_usuario","id");--> statement-breakpoint
CREATE INDEX "notificaciones_no_leidas_idx" ON "notificaciones" USING btree ("id_usuario","id") WHERE "notificaciones"."leida" is null;--> statement-breakpoint
-- The periodic items ('tarea para hoy', 'plazo por vencer') are made once per user and key, whichever node runs the job and however often.
CREATE UNIQUE INDEX "notificaciones_clave_uq" ON "notificaciones" USING btree ("id_usuario","tipo","clave") WHERE "notificaciones"."clave" is not null;--> statement-breakpoint
CREATE INDEX "notificaciones_id_caso_idx" ON "notificaciones" USING btree ("id_caso");--> statement-breakpoint
CREATE INDEX "notificaciones_id_tarea_idx" ON "notificaciones" USING btree ("id_tarea");--> statement-breakpoint
CREATE INDEX "notificacion_preferencias_analista_idx" ON "notificacion_preferencias" USING btree ("id_analista") WHERE "notificacion_preferencias"."id_analista" is not null;--> statement-breakpoint
-- A case given to an analyst: an item for each active Admin or User who said they are that analyst
-- (notificacion_preferencias.id_analista), except the one who made the change (app.actor, set per
-- transaction by the case's services). In the writer's transaction, whatever the write path. A new
-- case is one statement's rows (the per-statement form keeps a bulk INSERT to one pass); a change is per row.
CREATE OR REPLACE FUNCTION notificar_caso_asignado() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor text := nullif(current_setting('app.actor', true), '');
BEGIN
  INSERT INTO notificaciones (id_usuario, tipo, texto, id_caso, autor)
    SELECT p.id_usuario, 'caso_asignado', left(a.apellido || ', ' || a.nombre, 500), c.id, left(actor, 150)
    FROM nuevos c
    JOIN notificacion_preferencias p ON p.id_analista = c.id_analista
    JOIN analistas a ON a.id = c.id_analista
    JOIN usuarios u ON u.id = p.id_usuario
    WHERE u.activo AND u.rol IN (1, 2) AND (actor IS NULL OR lower(u.username) <> lower(actor));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "casos_notificar_alta" AFTER INSERT ON "casos" REFERENCING NEW TABLE AS nuevos
  FOR EACH STATEMENT EXECUTE FUNCTION notificar_caso_asignado();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notificar_caso_reasignado() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor text := nullif(current_setting('app.actor', true), '');
BEGIN
  INSERT INTO notificaciones (id_usuario, tipo, texto, id_caso, autor)
    SELECT p.id_usuario, 'caso_asignado', left(a.apellido || ', ' || a.nombre, 500), NEW.id, left(actor, 150)
    FROM notificacion_preferencias p
    JOIN analistas a ON a.id = NEW.id_analista
    JOIN usuarios u ON u.id = p.id_usuario
    WHERE p.id_analista = NEW.id_analista AND u.activo AND u.rol IN (1, 2)
      AND (actor IS NULL OR lower(u.username) <> lower(actor));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "casos_notificar_analista" AFTER UPDATE OF "id_analista" ON "casos"
  FOR EACH ROW WHEN (NEW.id_analista IS NOT NULL AND OLD.id_analista IS DISTINCT FROM NEW.id_analista)
  EXECUTE FUNCTION notificar_caso_reasignado();
