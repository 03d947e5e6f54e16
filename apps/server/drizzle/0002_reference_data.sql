-- Reference data the spec fixes (statuses, DECISIONS.md) and the initial lists.
INSERT INTO "estados" ("id", "nombre") VALUES (1, 'Pendiente Documentación'), (2, 'Coordinar Inspección'), (3, 'Análisis'), (4, 'Ofrecimiento'), (5, 'Convenio'), (6, 'Espera Convenio Firmado'), (7, 'A Finalizar'), (8, 'Finalizado'), (9, 'Cierre - Sin Acuerdo'), (10, 'Tercero no Encontrado'), (11, 'Tercero sin Datos'), (12, 'Mediacion'), (13, 'Tercero Responsable'), (14, 'Anulado'), (15, 'Duplicado'), (16, 'Suspendido'), (17, 'Cerrado con Acuerdo'), (18, 'Vehiculo Hallado'), (19, 'Cleas');
--> statement-breakpoint
INSERT INTO "tipos_doc" ("nombre") VALUES ('DNI'), ('Pasaporte'), ('Cedula'), ('LC');
--> statement-breakpoint
INSERT INTO "productos" ("nombre") VALUES ('Daños Materiales'), ('Lesiones'), ('Destrucción Total'), ('Robo Total'), ('Cristales'), ('Granizo');
--> statement-breakpoint
INSERT INTO "caso_contadores" ("cerrado", "total") VALUES (false, 0), (true, 0);
--> statement-breakpoint
-- Keeps the Vigentes / Cerrados counters exact inside the writing transaction.
CREATE OR REPLACE FUNCTION caso_contadores_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE caso_contadores SET total = total - 1 WHERE cerrado = (OLD.id_estado >= 8);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE caso_contadores SET total = total + 1 WHERE cerrado = (NEW.id_estado >= 8);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER casos_contadores_ins_del AFTER INSERT OR DELETE ON casos
  FOR EACH ROW EXECUTE FUNCTION caso_contadores_sync();
--> statement-breakpoint
CREATE TRIGGER casos_contadores_upd AFTER UPDATE OF id_estado ON casos
  FOR EACH ROW WHEN ((OLD.id_estado >= 8) IS DISTINCT FROM (NEW.id_estado >= 8))
  EXECUTE FUNCTION caso_contadores_sync();
