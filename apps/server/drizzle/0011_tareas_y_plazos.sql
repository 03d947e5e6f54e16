CREATE TABLE "tareas" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_caso" integer NOT NULL,
	"texto" varchar(500) NOT NULL,
	"vence" date NOT NULL,
	"id_usuario" integer NOT NULL,
	"origen" varchar(20) DEFAULT 'manual' NOT NULL,
	"origen_id" integer,
	"creado_por" varchar(150) NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"hecha" timestamp with time zone,
	"hecha_por" varchar(150)
);
--> statement-breakpoint
CREATE TABLE "caso_plazos" (
	"id_caso" integer NOT NULL,
	"evento" varchar(30) NOT NULL,
	"desde" date NOT NULL,
	"hasta" date,
	CONSTRAINT "caso_plazos_id_caso_evento_pk" PRIMARY KEY("id_caso","evento")
);
--> statement-breakpoint
CREATE TABLE "plazos_legales" (
	"codigo" varchar(30) PRIMARY KEY NOT NULL,
	"nombre" varchar(100) NOT NULL,
	"evento" varchar(30) NOT NULL,
	"cantidad" integer NOT NULL,
	"unidad" varchar(15) NOT NULL,
	"aviso_dias" integer NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"fuente" varchar(200) NOT NULL,
	"orden" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tareas_abiertas_usuario_vence_idx" ON "tareas" USING btree ("id_usuario","vence","id") WHERE "tareas"."hecha" is null;--> statement-breakpoint
CREATE INDEX "tareas_abiertas_vence_idx" ON "tareas" USING btree ("vence","id") WHERE "tareas"."hecha" is null;--> statement-breakpoint
CREATE INDEX "tareas_caso_idx" ON "tareas" USING btree ("id_caso");--> statement-breakpoint
CREATE UNIQUE INDEX "tareas_sistema_abierta_uq" ON "tareas" USING btree ("origen","origen_id") WHERE "tareas"."hecha" is null and "tareas"."origen" <> 'manual';--> statement-breakpoint
CREATE INDEX "caso_plazos_en_curso_idx" ON "caso_plazos" USING btree ("evento","desde","id_caso") WHERE "caso_plazos"."hasta" is null;--> statement-breakpoint
-- Issue 18: the Diario (tareas, docs/decisions/043) and the legal clocks (plazos_legales and
-- caso_plazos, docs/decisions/044). Foreign keys, checks, the seeded rules, triggers, the
-- holidays and the clock functions are written by hand below the generated tables.
ALTER TABLE "tareas" ADD CONSTRAINT "tareas_id_caso_casos_id_fk" FOREIGN KEY ("id_caso") REFERENCES "public"."casos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tareas" ADD CONSTRAINT "tareas_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caso_plazos" ADD CONSTRAINT "caso_plazos_id_caso_casos_id_fk" FOREIGN KEY ("id_caso") REFERENCES "public"."casos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plazos_legales" ADD CONSTRAINT "plazos_legales_unidad_ck" CHECK ("unidad" IN ('dias_corridos', 'dias_habiles', 'anios'));--> statement-breakpoint
ALTER TABLE "plazos_legales" ADD CONSTRAINT "plazos_legales_cantidad_ck" CHECK ("cantidad" BETWEEN 0 AND 3650 AND "aviso_dias" BETWEEN 0 AND 365);--> statement-breakpoint
-- The rules as the law states them; an Admin adjusts them on 'Plazos legales'.
INSERT INTO "plazos_legales" ("codigo", "nombre", "evento", "cantidad", "unidad", "aviso_dias", "activo", "fuente", "orden") VALUES
  ('prescripcion', 'Prescripción de la acción', 'siniestro', 3, 'anios', 90, true, 'Código Civil y Comercial, art. 2561: tres años desde el siniestro', 1),
  ('pronunciamiento', 'Pronunciamiento del asegurador', 'documentacion_completa', 30, 'dias_corridos', 7, true, 'Ley 17.418, art. 56: treinta días desde la documentación completa; el silencio es aceptación', 2),
  ('pago', 'Pago del valor acordado', 'valor_acordado', 15, 'dias_corridos', 5, true, 'Ley 17.418, art. 49: quince días desde fijado el monto', 3),
  ('audiencia', 'Audiencia de mediación', 'audiencia', 0, 'dias_corridos', 3, true, 'Ley 26.589, mediación prejudicial obligatoria: la audiencia fijada', 4);--> statement-breakpoint
-- A new case starts the clocks its state implies (a case loaded already past Pendiente
-- Documentación or at Convenio counts from its status date). Per statement: a bulk load of cases
-- writes its clocks in one INSERT.
CREATE OR REPLACE FUNCTION caso_plazos_alta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO caso_plazos (id_caso, evento, desde, hasta)
    SELECT id, 'siniestro', fecha_siniestro, CASE WHEN id_estado >= 8 THEN fecha_estado END FROM nuevos WHERE fecha_siniestro IS NOT NULL
    UNION ALL SELECT id, 'documentacion_completa', fecha_estado, NULL FROM nuevos WHERE id_estado BETWEEN 2 AND 3
    UNION ALL SELECT id, 'valor_acordado', fecha_estado, NULL FROM nuevos WHERE id_estado BETWEEN 5 AND 7;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER caso_plazos_ins AFTER INSERT ON casos REFERENCING NEW TABLE AS nuevos
  FOR EACH STATEMENT EXECUTE FUNCTION caso_plazos_alta();--> statement-breakpoint
-- A case's status or loss date changed: leaving Pendiente Documentación starts art. 56, reaching
-- Ofrecimiento (or closing) stops it; reaching Convenio starts art. 49; closing stops every clock,
-- reopening restarts those that still apply.
CREATE OR REPLACE FUNCTION caso_plazos_cambio() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.fecha_siniestro IS DISTINCT FROM OLD.fecha_siniestro THEN
    IF NEW.fecha_siniestro IS NULL THEN
      DELETE FROM caso_plazos WHERE id_caso = NEW.id AND evento = 'siniestro';
    ELSE
      INSERT INTO caso_plazos (id_caso, evento, desde, hasta)
        VALUES (NEW.id, 'siniestro', NEW.fecha_siniestro, CASE WHEN NEW.id_estado >= 8 THEN NEW.fecha_estado END)
        ON CONFLICT (id_caso, evento) DO UPDATE SET desde = EXCLUDED.desde;
    END IF;
  END IF;
  IF NEW.id_estado IS DISTINCT FROM OLD.id_estado THEN
    IF OLD.id_estado = 1 AND NEW.id_estado BETWEEN 2 AND 7 THEN
      INSERT INTO caso_plazos (id_caso, evento, desde, hasta) VALUES (NEW.id, 'documentacion_completa', NEW.fecha_estado, NULL)
        ON CONFLICT (id_caso, evento) DO UPDATE SET desde = EXCLUDED.desde, hasta = NULL;
    END IF;
    IF NEW.id_estado >= 4 THEN
      UPDATE caso_plazos SET hasta = NEW.fecha_estado WHERE id_caso = NEW.id AND evento = 'documentacion_completa' AND hasta IS NULL;
    END IF;
    IF OLD.id_estado < 5 AND NEW.id_estado BETWEEN 5 AND 7 THEN
      INSERT INTO caso_plazos (id_caso, evento, desde, hasta) VALUES (NEW.id, 'valor_acordado', NEW.fecha_estado, NULL)
        ON CONFLICT (id_caso, evento) DO UPDATE SET desde = EXCLUDED.desde, hasta = NULL;
    END IF;
    IF NEW.id_estado >= 8 AND OLD.id_estado < 8 THEN
      UPDATE caso_plazos SET hasta = NEW.fecha_estado WHERE id_caso = NEW.id AND hasta IS NULL;
    ELSIF NEW.id_estado < 8 AND OLD.id_estado >= 8 THEN
      UPDATE caso_plazos SET hasta = NULL
        WHERE id_caso = NEW.id AND (evento IN ('siniestro', 'audiencia') OR (evento = 'valor_acordado' AND NEW.id_estado BETWEEN 5 AND 7));
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER caso_plazos_upd AFTER UPDATE OF id_estado, fecha_siniestro ON casos
  FOR EACH ROW WHEN (OLD.id_estado IS DISTINCT FROM NEW.id_estado OR OLD.fecha_siniestro IS DISTINCT FROM NEW.fecha_siniestro)
  EXECUTE FUNCTION caso_plazos_cambio();--> statement-breakpoint
-- The mediation clock counts to the case's latest hearing.
CREATE OR REPLACE FUNCTION caso_plazos_audiencia() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  caso integer;
  ultima date;
  cerrado boolean;
BEGIN
  FOR caso IN
    SELECT DISTINCT x FROM unnest(ARRAY[
      CASE WHEN TG_OP <> 'INSERT' THEN OLD.id_caso END,
      CASE WHEN TG_OP <> 'DELETE' THEN NEW.id_caso END]) AS x
    WHERE x IS NOT NULL
  LOOP
    SELECT id_estado >= 8 INTO cerrado FROM casos WHERE id = caso;
    IF NOT FOUND THEN CONTINUE; END IF;
    SELECT max(fechah) INTO ultima FROM audiencias WHERE id_caso = caso;
    IF ultima IS NULL THEN
      DELETE FROM caso_plazos WHERE id_caso = caso AND evento = 'audiencia';
    ELSE
      INSERT INTO caso_plazos (id_caso, evento, desde, hasta) VALUES (caso, 'audiencia', ultima, CASE WHEN cerrado THEN current_date END)
        ON CONFLICT (id_caso, evento) DO UPDATE SET desde = EXCLUDED.desde;
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER caso_plazos_audiencias AFTER INSERT OR DELETE OR UPDATE OF fechah, id_caso ON audiencias
  FOR EACH ROW EXECUTE FUNCTION caso_plazos_audiencia();--> statement-breakpoint
-- The cases already there: their clocks as their state implies (the status date stands for the
-- day documentation was completed or the amount agreed).
INSERT INTO caso_plazos (id_caso, evento, desde, hasta)
  SELECT id, 'siniestro', fecha_siniestro, CASE WHEN id_estado >= 8 THEN fecha_estado END FROM casos WHERE fecha_siniestro IS NOT NULL
  UNION ALL SELECT id, 'documentacion_completa', fecha_estado, NULL FROM casos WHERE id_estado BETWEEN 2 AND 3
  UNION ALL SELECT id, 'valor_acordado', fecha_estado, NULL FROM casos WHERE id_estado BETWEEN 5 AND 7
  UNION ALL SELECT a.id_caso, 'audiencia', max(a.fechah), CASE WHEN bool_or(c.id_estado >= 8) THEN max(c.fecha_estado) END
    FROM audiencias a JOIN casos c ON c.id = a.id_caso GROUP BY a.id_caso;
--> statement-breakpoint
-- Working days in SQL, for the case list's filter 'Plazo' (docs/decisions/044): the same national
-- non-working days as packages/domain/src/shared/feriados-ar.ts (a test holds the two equal).
CREATE TABLE "feriados" ("fecha" date PRIMARY KEY NOT NULL, "nombre" varchar(100) NOT NULL);--> statement-breakpoint
INSERT INTO "feriados" ("fecha", "nombre") VALUES
  ('2024-01-01', 'Año Nuevo'),
  ('2024-02-12', 'Carnaval'),
  ('2024-02-13', 'Carnaval'),
  ('2024-03-24', 'Día Nacional de la Memoria por la Verdad y la Justicia'),
  ('2024-03-28', 'Jueves Santo'),
  ('2024-03-29', 'Viernes Santo'),
  ('2024-04-01', 'Feriado Puente Turístico'),
  ('2024-04-02', 'Día del Veterano y de los Caídos en la Guerra de Malvinas'),
  ('2024-05-01', 'Día del Trabajador'),
  ('2024-05-25', 'Día de la Revolución de Mayo'),
  ('2024-06-17', 'Paso a la Inmortalidad del General Don Martín Miguel de Güemes'),
  ('2024-06-20', 'Paso a la Inmortalidad del General D. Manuel Belgrano'),
  ('2024-06-21', 'Feriado Puente Turístico'),
  ('2024-07-09', 'Día de la Independencia'),
  ('2024-08-17', 'Paso a la Inmortalidad del General José de San Martín'),
  ('2024-10-11', 'Feriado Puente Turístico'),
  ('2024-10-12', 'Día del Respeto a la Diversidad Cultural'),
  ('2024-11-18', 'Día de la Soberanía Nacional'),
  ('2024-12-08', 'Inmaculada Concepción de María'),
  ('2024-12-25', 'Navidad'),
  ('2025-01-01', 'Año Nuevo'),
  ('2025-03-03', 'Carnaval'),
  ('2025-03-04', 'Carnaval'),
  ('2025-03-24', 'Día Nacional de la Memoria por la Verdad y la Justicia'),
  ('2025-04-02', 'Día del Veterano y de los Caídos en la Guerra de Malvinas'),
  ('2025-04-17', 'Jueves Santo'),
  ('2025-04-18', 'Viernes Santo'),
  ('2025-05-01', 'Día del Trabajador'),
  ('2025-05-02', 'Feriado Puente Turístico'),
  ('2025-05-25', 'Día de la Revolución de Mayo'),
  ('2025-06-16', 'Paso a la Inmortalidad del General Don Martín Miguel de Güemes'),
  ('2025-06-20', 'Paso a la Inmortalidad del General D. Manuel Belgrano'),
  ('2025-07-09', 'Día de la Independencia'),
  ('2025-08-15', 'Feriado Puente Turístico'),
  ('2025-08-17', 'Paso a la Inmortalidad del General José de San Martín'),
  ('2025-10-12', 'Día del Respeto a la Diversidad Cultural'),
  ('2025-11-21', 'Feriado Puente Turístico'),
  ('2025-11-24', 'Día de la Soberanía Nacional'),
  ('2025-12-08', 'Inmaculada Concepción de María'),
  ('2025-12-25', 'Navidad'),
  ('2026-01-01', 'Año Nuevo'),
  ('2026-02-16', 'Carnaval'),
  ('2026-02-17', 'Carnaval'),
  ('2026-03-23', 'Día no laborable con fines turísticos'),
  ('2026-03-24', 'Día Nacional de la Memoria por la Verdad y la Justicia'),
  ('2026-04-02', 'Día del Veterano y de los Caídos en la Guerra de Malvinas'),
  ('2026-04-03', 'Viernes Santo'),
  ('2026-05-01', 'Día del Trabajador'),
  ('2026-05-25', 'Día de la Revolución de Mayo'),
  ('2026-06-15', 'Paso a la Inmortalidad del General Don Martín Miguel de Güemes'),
  ('2026-06-20', 'Paso a la Inmortalidad del General D. Manuel Belgrano'),
  ('2026-07-09', 'Día de la Independencia'),
  ('2026-07-10', 'Día no laborable con fines turísticos'),
  ('2026-08-17', 'Paso a la Inmortalidad del General José de San Martín'),
  ('2026-10-12', 'Día del Respeto a la Diversidad Cultural'),
  ('2026-11-23', 'Día de la Soberanía Nacional'),
  ('2026-12-07', 'Día no laborable con fines turísticos'),
  ('2026-12-08', 'Inmaculada Concepción de María'),
  ('2026-12-25', 'Navidad'),
  ('2027-01-01', 'Año Nuevo'),
  ('2027-02-08', 'Carnaval'),
  ('2027-02-09', 'Carnaval'),
  ('2027-03-24', 'Día Nacional de la Memoria por la Verdad y la Justicia'),
  ('2027-03-25', 'Jueves Santo'),
  ('2027-03-26', 'Viernes Santo'),
  ('2027-04-02', 'Día del Veterano y de los Caídos en la Guerra de Malvinas'),
  ('2027-05-01', 'Día del Trabajador'),
  ('2027-05-25', 'Día de la Revolución de Mayo'),
  ('2027-06-20', 'Paso a la Inmortalidad del General D. Manuel Belgrano'),
  ('2027-06-21', 'Paso a la Inmortalidad del General Don Martín Miguel de Güemes'),
  ('2027-07-09', 'Día de la Independencia'),
  ('2027-08-16', 'Paso a la Inmortalidad del General José de San Martín'),
  ('2027-10-11', 'Día del Respeto a la Diversidad Cultural'),
  ('2027-11-20', 'Día de la Soberanía Nacional'),
  ('2027-12-08', 'Inmaculada Concepción de María'),
  ('2027-12-25', 'Navidad'),
  ('2028-01-01', 'Año Nuevo'),
  ('2028-02-28', 'Carnaval'),
  ('2028-02-29', 'Carnaval'),
  ('2028-03-24', 'Día Nacional de la Memoria por la Verdad y la Justicia'),
  ('2028-04-02', 'Día del Veterano y de los Caídos en la Guerra de Malvinas'),
  ('2028-04-13', 'Jueves Santo'),
  ('2028-04-14', 'Viernes Santo'),
  ('2028-05-01', 'Día del Trabajador'),
  ('2028-05-25', 'Día de la Revolución de Mayo'),
  ('2028-06-17', 'Paso a la Inmortalidad del General Don Martín Miguel de Güemes'),
  ('2028-06-20', 'Paso a la Inmortalidad del General D. Manuel Belgrano'),
  ('2028-07-09', 'Día de la Independencia'),
  ('2028-08-21', 'Paso a la Inmortalidad del General José de San Martín'),
  ('2028-10-16', 'Día del Respeto a la Diversidad Cultural'),
  ('2028-11-20', 'Día de la Soberanía Nacional'),
  ('2028-12-08', 'Inmaculada Concepción de María'),
  ('2028-12-25', 'Navidad'),
  ('2029-01-01', 'Año Nuevo'),
  ('2029-02-12', 'Carnaval'),
  ('2029-02-13', 'Carnaval'),
  ('2029-03-24', 'Día Nacional de la Memoria por la Verdad y la Justicia'),
  ('2029-03-29', 'Jueves Santo'),
  ('2029-03-30', 'Viernes Santo'),
  ('2029-04-02', 'Día del Veterano y de los Caídos en la Guerra de Malvinas'),
  ('2029-05-01', 'Día del Trabajador'),
  ('2029-05-25', 'Día de la Revolución de Mayo'),
  ('2029-06-17', 'Paso a la Inmortalidad del General Don Martín Miguel de Güemes'),
  ('2029-06-20', 'Paso a la Inmortalidad del General D. Manuel Belgrano'),
  ('2029-07-09', 'Día de la Independencia'),
  ('2029-08-20', 'Paso a la Inmortalidad del General José de San Martín'),
  ('2029-10-15', 'Día del Respeto a la Diversidad Cultural'),
  ('2029-11-19', 'Día de la Soberanía Nacional'),
  ('2029-12-08', 'Inmaculada Concepción de María'),
  ('2029-12-25', 'Navidad'),
  ('2030-01-01', 'Año Nuevo'),
  ('2030-03-04', 'Carnaval'),
  ('2030-03-05', 'Carnaval'),
  ('2030-03-24', 'Día Nacional de la Memoria por la Verdad y la Justicia'),
  ('2030-04-02', 'Día del Veterano y de los Caídos en la Guerra de Malvinas'),
  ('2030-04-18', 'Jueves Santo'),
  ('2030-04-19', 'Viernes Santo'),
  ('2030-05-01', 'Día del Trabajador'),
  ('2030-05-25', 'Día de la Revolución de Mayo'),
  ('2030-06-17', 'Paso a la Inmortalidad del General Don Martín Miguel de Güemes'),
  ('2030-06-20', 'Paso a la Inmortalidad del General D. Manuel Belgrano'),
  ('2030-07-09', 'Día de la Independencia'),
  ('2030-08-17', 'Paso a la Inmortalidad del General José de San Martín'),
  ('2030-10-12', 'Día del Respeto a la Diversidad Cultural'),
  ('2030-11-18', 'Día de la Soberanía Nacional'),
  ('2030-12-08', 'Inmaculada Concepción de María'),
  ('2030-12-25', 'Navidad');--> statement-breakpoint
-- The day a clock started on `desde` runs out, as vencimientoPlazo in packages/domain computes it.
CREATE OR REPLACE FUNCTION plazo_vence(desde date, cantidad integer, unidad text) RETURNS date LANGUAGE plpgsql STABLE AS $$
DECLARE
  d date := desde;
  faltan integer := cantidad;
BEGIN
  IF unidad = 'anios' THEN RETURN (desde + make_interval(years => cantidad))::date; END IF;
  IF unidad <> 'dias_habiles' THEN RETURN desde + cantidad; END IF;
  WHILE faltan > 0 LOOP
    d := d + 1;
    IF extract(isodow FROM d) < 6 AND NOT EXISTS (SELECT 1 FROM feriados WHERE fecha = d) THEN faltan := faltan - 1; END IF;
  END LOOP;
  RETURN d;
END;
$$;--> statement-breakpoint
-- The latest start whose clock runs out on or before `limite` (ultimoInicioQueVenceAntesDe): the
-- list's filter turns each rule into one range of caso_plazos_en_curso_idx.
CREATE OR REPLACE FUNCTION plazo_ultimo_inicio(cantidad integer, unidad text, limite date) RETURNS date LANGUAGE plpgsql STABLE AS $$
DECLARE
  d date := CASE WHEN unidad = 'anios' THEN (limite - make_interval(years => cantidad))::date + 2 ELSE limite - cantidad END;
BEGIN
  WHILE plazo_vence(d, cantidad, unidad) > limite LOOP d := d - 1; END LOOP;
  RETURN d;
END;
$$;
