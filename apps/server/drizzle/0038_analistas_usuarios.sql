-- Users are the analysts (issue 41, docs/decisions/083): an analyst may be one user (Admin or User),
-- at most one; analysts without a user stay assignable. Today's 'Soy el analista' preference becomes
-- the link (when several users chose the same analyst, the active one with the lowest id keeps it)
-- and the preference goes away.
ALTER TABLE "analistas" ADD COLUMN "id_usuario" integer REFERENCES "usuarios"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "analistas" ADD COLUMN "disponible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "analistas_id_usuario_uq" ON "analistas" ("id_usuario") WHERE "id_usuario" IS NOT NULL;--> statement-breakpoint
UPDATE "analistas" a SET "id_usuario" = elegido.id_usuario
FROM (
  SELECT DISTINCT ON (p.id_analista) p.id_analista, p.id_usuario
  FROM notificacion_preferencias p JOIN usuarios u ON u.id = p.id_usuario
  WHERE p.id_analista IS NOT NULL AND u.rol IN (1, 2)
  ORDER BY p.id_analista, u.activo DESC, p.id_usuario
) elegido
WHERE a.id = elegido.id_analista;--> statement-breakpoint
DROP INDEX IF EXISTS "notificacion_preferencias_analista_idx";--> statement-breakpoint
ALTER TABLE "notificacion_preferencias" DROP COLUMN "id_analista";--> statement-breakpoint
-- 'Caso asignado' goes to the analyst's user (not to whoever said they were that analyst), except
-- the one who made the change (app.actor); same triggers as drizzle/0015.
CREATE OR REPLACE FUNCTION notificar_caso_asignado() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor text := nullif(current_setting('app.actor', true), '');
BEGIN
  INSERT INTO notificaciones (id_usuario, tipo, texto, id_caso, autor)
    SELECT u.id, 'caso_asignado', left(a.apellido || ', ' || a.nombre, 500), c.id, left(actor, 150)
    FROM nuevos c
    JOIN analistas a ON a.id = c.id_analista
    JOIN usuarios u ON u.id = a.id_usuario
    WHERE u.activo AND u.rol IN (1, 2) AND (actor IS NULL OR lower(u.username) <> lower(actor));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notificar_caso_reasignado() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor text := nullif(current_setting('app.actor', true), '');
BEGIN
  INSERT INTO notificaciones (id_usuario, tipo, texto, id_caso, autor)
    SELECT u.id, 'caso_asignado', left(a.apellido || ', ' || a.nombre, 500), NEW.id, left(actor, 150)
    FROM analistas a
    JOIN usuarios u ON u.id = a.id_usuario
    WHERE a.id = NEW.id_analista AND u.activo AND u.rol IN (1, 2)
      AND (actor IS NULL OR lower(u.username) <> lower(actor));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Routing (issue 41 item 3): the Admin's rules give a new case without an analyst its analyst, the
-- most specific first (company and product, company, product); then, when the office turns it on,
-- the available analyst with the fewest open cases. The fallback user receives the automatic work
-- of cases without an analyst.
CREATE TABLE "reglas_asignacion" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_compania" integer REFERENCES "companias"("id"),
	"id_producto" integer REFERENCES "productos"("id"),
	"id_analista" integer NOT NULL REFERENCES "analistas"("id"),
	"creado_por" varchar(150) NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reglas_asignacion_algo" CHECK ("id_compania" IS NOT NULL OR "id_producto" IS NOT NULL)
);--> statement-breakpoint
CREATE UNIQUE INDEX "reglas_asignacion_uq" ON "reglas_asignacion" (coalesce("id_compania", 0), coalesce("id_producto", 0));--> statement-breakpoint
CREATE TABLE "ajustes_asignacion" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"id_usuario_respaldo" integer REFERENCES "usuarios"("id") ON DELETE SET NULL,
	"reparto_automatico" boolean DEFAULT false NOT NULL
);--> statement-breakpoint
INSERT INTO "ajustes_asignacion" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Who receives the automatic work of a case (tasks, reminders, clock warnings): its analyst's user;
-- without one, the office's fallback user; without one, `p_usuario` (whoever scheduled the hearing or
-- inspection, or the case's creator); last, the first Admin, so no work is lost. Only active Admin
-- and User accounts (roles 1, 2) receive work. One definition for every feature (decision 083).
CREATE OR REPLACE FUNCTION responsable_caso(p_analista integer, p_usuario text) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT u.id FROM analistas a JOIN usuarios u ON u.id = a.id_usuario
      WHERE a.id = p_analista AND u.activo AND u.rol IN (1, 2)),
    (SELECT u.id FROM ajustes_asignacion j JOIN usuarios u ON u.id = j.id_usuario_respaldo
      WHERE j.id = 1 AND u.activo AND u.rol IN (1, 2)),
    (SELECT u.id FROM usuarios u WHERE lower(u.username) = lower(p_usuario) AND u.activo AND u.rol IN (1, 2)),
    (SELECT u.id FROM usuarios u WHERE u.activo AND u.rol = 1 ORDER BY u.id LIMIT 1))
$$;
