-- Issue 41 item 6, payments of the agreed amount (docs/decisions/082): each order and its transfer,
-- the receipt a document of the case. The payment clock (art. 49) stops when the paid total reaches
-- the agreed amount: kept by triggers on pagos and on the agreed amount (decision 041).
CREATE TABLE IF NOT EXISTS "pagos" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_caso" integer NOT NULL REFERENCES "casos"("id") ON DELETE cascade,
	"id_tercero" integer REFERENCES "terceros"("id") ON DELETE set null,
	"beneficiario" varchar(10) NOT NULL,
	"beneficiario_nombre" varchar(310) NOT NULL,
	"cbu" varchar(22) NOT NULL,
	"monto" numeric(15, 2) NOT NULL,
	"fecha_solicitud" date NOT NULL,
	"estado" varchar(10) DEFAULT 'ordenado' NOT NULL,
	"fecha_pago" date,
	"id_documento" integer REFERENCES "documentos"("id") ON DELETE set null,
	"creado_por" varchar(150) NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"motivo_anulacion" varchar(1000),
	CONSTRAINT "pagos_beneficiario_ck" CHECK ("beneficiario" IN ('tercero', 'letrado')),
	CONSTRAINT "pagos_estado_ck" CHECK ("estado" IN ('ordenado', 'pagado', 'anulado')),
	CONSTRAINT "pagos_monto_ck" CHECK ("monto" > 0),
	CONSTRAINT "pagos_pagado_ck" CHECK ("estado" <> 'pagado' OR "fecha_pago" IS NOT NULL)
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pagos_caso_idx" ON "pagos" ("id_caso", "id");--> statement-breakpoint
-- The Tablero: orders not paid yet, oldest first (due and overdue).
CREATE INDEX IF NOT EXISTS "pagos_ordenados_idx" ON "pagos" ("fecha_solicitud", "id_caso") WHERE "estado" = 'ordenado';--> statement-breakpoint
-- The art. 49 clock of one case: stopped at the last transfer date once the paid total reaches the
-- agreed amount; running again (open case at 5-7) when an annulment or a correction leaves it short.
CREATE OR REPLACE FUNCTION caso_plazo_pago(caso integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  acordado numeric;
  estado_caso integer;
  pagado numeric;
  ultimo date;
BEGIN
  SELECT valor_acordado, id_estado INTO acordado, estado_caso FROM casos WHERE id = caso;
  IF NOT FOUND THEN RETURN; END IF;
  SELECT coalesce(sum(monto), 0), max(fecha_pago) INTO pagado, ultimo FROM pagos WHERE id_caso = caso AND estado = 'pagado';
  IF acordado > 0 AND pagado >= acordado THEN
    UPDATE caso_plazos SET hasta = ultimo WHERE id_caso = caso AND evento = 'valor_acordado' AND hasta IS NULL;
  ELSIF estado_caso BETWEEN 5 AND 7 THEN
    UPDATE caso_plazos SET hasta = NULL WHERE id_caso = caso AND evento = 'valor_acordado' AND hasta IS NOT NULL;
  END IF;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION pagos_plazo() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM caso_plazo_pago(CASE WHEN TG_OP = 'DELETE' THEN OLD.id_caso ELSE NEW.id_caso END);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER pagos_plazo AFTER INSERT OR DELETE OR UPDATE OF estado, monto, fecha_pago ON pagos
  FOR EACH ROW EXECUTE FUNCTION pagos_plazo();--> statement-breakpoint
CREATE OR REPLACE FUNCTION casos_acordado_plazo() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM caso_plazo_pago(NEW.id);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER casos_acordado_plazo AFTER UPDATE OF valor_acordado ON casos
  FOR EACH ROW WHEN (OLD.valor_acordado IS DISTINCT FROM NEW.valor_acordado)
  EXECUTE FUNCTION casos_acordado_plazo();--> statement-breakpoint
-- 0011's function, with one change: whenever the case is at 5-7 after a status change (reopened,
-- or back at Convenio), a fully paid case keeps its art. 49 clock stopped at the payment.
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
    IF NEW.id_estado BETWEEN 5 AND 7 THEN
      PERFORM caso_plazo_pago(NEW.id);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
