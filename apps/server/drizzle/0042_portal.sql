-- Issue 42, the claimant portal (docs/decisions/084): what each product requires of a third party,
-- the checklist per third party of a case, the capability link (stored hashed) and its sessions,
-- the tries per address, the messages, every send, and the office's portal settings.
CREATE TABLE IF NOT EXISTS "documentacion_requerida" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_producto" integer REFERENCES "productos"("id") ON DELETE cascade,
	"tipo" varchar(50) NOT NULL,
	"nombre" varchar(150) NOT NULL,
	"condicion" varchar(20) DEFAULT 'siempre' NOT NULL,
	"explicacion" varchar(500) DEFAULT '' NOT NULL,
	"ejemplo_key" varchar(200),
	"ejemplo_mime" varchar(100),
	"orden" smallint DEFAULT 0 NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "documentacion_requerida_condicion_ck" CHECK ("condicion" IN ('siempre', 'lesionado', 'destruccion_total', 'letrado', 'no_titular'))
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "documentacion_requerida_producto_idx" ON "documentacion_requerida" ("id_producto", "orden");--> statement-breakpoint
INSERT INTO "documentacion_requerida" ("tipo", "nombre", "condicion", "explicacion", "orden") VALUES
	('DNI', 'DNI del conductor', 'siempre', 'Foto del frente y del dorso de su DNI.', 10),
	('Cedula_Verde', 'Cédula verde', 'siempre', 'Foto de los dos lados de la cédula del vehículo (verde o azul).', 20),
	('Registro', 'Registro de conducir', 'siempre', 'Foto de los dos lados del registro de quien manejaba.', 30),
	('Denuncia', 'Denuncia del siniestro', 'siempre', 'La denuncia hecha ante su compañía de seguros o la policía.', 40),
	('Cert_Cobertura', 'Certificado de cobertura', 'siempre', 'El certificado de su seguro vigente al día del siniestro (lo da su compañía).', 50),
	('Foto', 'Foto del frente del vehículo', 'siempre', 'El frente completo, con la patente visible.', 60),
	('Foto', 'Foto de la parte trasera', 'siempre', 'La parte de atrás completa, con la patente visible.', 61),
	('Foto', 'Foto del lateral izquierdo', 'siempre', 'El costado izquierdo completo.', 62),
	('Foto', 'Foto del lateral derecho', 'siempre', 'El costado derecho completo.', 63),
	('Presupuesto', 'Presupuesto de reparación', 'siempre', 'El presupuesto del taller, con repuestos y mano de obra.', 70),
	('CBU', 'Constancia de CBU', 'siempre', 'La constancia de CBU de su banco, a nombre del titular del vehículo.', 80),
	('Doc Medica', 'Documentación médica', 'lesionado', 'Certificados, estudios y comprobantes de la atención médica de las personas lesionadas.', 90),
	('Titulo', 'Título del automotor', 'destruccion_total', 'El título del vehículo, de los dos lados.', 100),
	('Otros', 'Formulario 08 firmado', 'destruccion_total', 'El formulario 08 firmado por el titular, con la firma certificada.', 101),
	('Poder', 'Poder al letrado', 'letrado', 'El poder que usted firmó a favor de su abogado.', 110),
	('Doc Letrado', 'Documentación del letrado', 'letrado', 'Credencial y matrícula de su abogado.', 111),
	('DNI', 'DNI del titular del vehículo', 'no_titular', 'Si usted no es el titular: foto del DNI del titular.', 120),
	('Otros', 'Autorización del titular', 'no_titular', 'Si usted no es el titular: la autorización firmada por el titular para reclamar.', 121);--> statement-breakpoint
-- The capability link: one live link per third party (a new request revokes the old one).
CREATE TABLE IF NOT EXISTS "portal_enlaces" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_caso" integer NOT NULL REFERENCES "casos"("id") ON DELETE cascade,
	"id_tercero" integer NOT NULL REFERENCES "terceros"("id") ON DELETE cascade,
	"token_hash" varchar(64) NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"creado_por" varchar(150) NOT NULL,
	"expira" timestamp with time zone NOT NULL,
	"revocado" timestamp with time zone,
	"revocado_por" varchar(150),
	"intentos_fallidos" integer DEFAULT 0 NOT NULL,
	"bloqueado_hasta" timestamp with time zone,
	"destruccion_total" boolean DEFAULT false NOT NULL,
	"no_titular" boolean DEFAULT false NOT NULL,
	"ultimo_acceso" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "portal_enlaces_token_uq" ON "portal_enlaces" ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "portal_enlaces_vivo_uq" ON "portal_enlaces" ("id_tercero") WHERE "revocado" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_enlaces_caso_idx" ON "portal_enlaces" ("id_caso", "id");--> statement-breakpoint
-- A portal session: what the token is exchanged for, scoped to its link (never a staff session).
CREATE TABLE IF NOT EXISTS "portal_sesiones" (
	"id_hash" varchar(64) PRIMARY KEY NOT NULL,
	"id_enlace" integer NOT NULL REFERENCES "portal_enlaces"("id") ON DELETE cascade,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"expira" timestamp with time zone NOT NULL,
	"dni_ok" boolean DEFAULT false NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_sesiones_enlace_idx" ON "portal_sesiones" ("id_enlace");--> statement-breakpoint
-- Wrong DNI tries per address, across links.
CREATE TABLE IF NOT EXISTS "portal_intentos" (
	"direccion" varchar(64) PRIMARY KEY NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"desde" timestamp with time zone DEFAULT now() NOT NULL,
	"bloqueado_hasta" timestamp with time zone
);--> statement-breakpoint
-- The checklist of one third party of a case.
CREATE TABLE IF NOT EXISTS "portal_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_caso" integer NOT NULL REFERENCES "casos"("id") ON DELETE cascade,
	"id_tercero" integer NOT NULL REFERENCES "terceros"("id") ON DELETE cascade,
	"id_requisito" integer REFERENCES "documentacion_requerida"("id") ON DELETE set null,
	"tipo" varchar(50) NOT NULL,
	"nombre" varchar(150) NOT NULL,
	"explicacion" varchar(500) DEFAULT '' NOT NULL,
	"estado" varchar(10) DEFAULT 'pendiente' NOT NULL,
	"motivo" varchar(1000),
	"solicitado" timestamp with time zone,
	"recibido" timestamp with time zone,
	"revisado" timestamp with time zone,
	"revisado_por" varchar(150),
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "portal_items_estado_ck" CHECK ("estado" IN ('pendiente', 'recibido', 'aceptado', 'rechazado'))
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "portal_items_requisito_uq" ON "portal_items" ("id_tercero", "id_requisito");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_items_caso_idx" ON "portal_items" ("id_caso", "id_tercero", "id");--> statement-breakpoint
-- The Bandeja de recibidos: what claimants sent and nobody reviewed, oldest first.
CREATE INDEX IF NOT EXISTS "portal_items_recibidos_idx" ON "portal_items" ("recibido", "id") WHERE "estado" = 'recibido';--> statement-breakpoint
-- The documents sent for an item; `clave` makes a retried upload land once.
CREATE TABLE IF NOT EXISTS "portal_item_documentos" (
	"id_item" integer NOT NULL REFERENCES "portal_items"("id") ON DELETE cascade,
	"id_documento" integer NOT NULL REFERENCES "documentos"("id") ON DELETE cascade,
	"clave" varchar(100),
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_item_documentos_pk" PRIMARY KEY ("id_item", "id_documento")
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "portal_item_documentos_clave_uq" ON "portal_item_documentos" ("id_item", "clave");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_item_documentos_documento_idx" ON "portal_item_documentos" ("id_documento");--> statement-breakpoint
-- Messages between the claimant and the office.
CREATE TABLE IF NOT EXISTS "portal_mensajes" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_caso" integer NOT NULL REFERENCES "casos"("id") ON DELETE cascade,
	"id_tercero" integer NOT NULL REFERENCES "terceros"("id") ON DELETE cascade,
	"autor" varchar(10) NOT NULL,
	"usuario" varchar(150),
	"texto" varchar(2000) NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_mensajes_autor_ck" CHECK ("autor" IN ('reclamante', 'oficina'))
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_mensajes_tercero_idx" ON "portal_mensajes" ("id_tercero", "id");--> statement-breakpoint
-- Every send to a claimant: the request by e-mail or WhatsApp, reminders, new-message notices.
CREATE TABLE IF NOT EXISTS "portal_envios" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_enlace" integer NOT NULL REFERENCES "portal_enlaces"("id") ON DELETE cascade,
	"canal" varchar(20) NOT NULL,
	"destino" varchar(300),
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario" varchar(150),
	"ok" boolean DEFAULT true NOT NULL,
	"detalle" varchar(500),
	CONSTRAINT "portal_envios_canal_ck" CHECK ("canal" IN ('email', 'whatsapp', 'enlace', 'carta', 'recordatorio', 'aviso_mensaje', 'sin_respuesta'))
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_envios_enlace_idx" ON "portal_envios" ("id_enlace", "canal", "id");--> statement-breakpoint
-- The office's portal settings: one row.
CREATE TABLE IF NOT EXISTS "portal_ajustes" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"dias_validez" integer DEFAULT 30 NOT NULL,
	"digitos_dni" smallint DEFAULT 0 NOT NULL,
	"max_intentos" smallint DEFAULT 5 NOT NULL,
	"recordatorios_dias" smallint[] DEFAULT '{3,7,10}' NOT NULL,
	"firma_electronica" boolean DEFAULT false NOT NULL,
	CONSTRAINT "portal_ajustes_uno_ck" CHECK ("id" = 1),
	CONSTRAINT "portal_ajustes_dias_ck" CHECK ("dias_validez" BETWEEN 1 AND 365),
	CONSTRAINT "portal_ajustes_digitos_ck" CHECK ("digitos_dni" BETWEEN 0 AND 8),
	CONSTRAINT "portal_ajustes_intentos_ck" CHECK ("max_intentos" BETWEEN 1 AND 20)
);--> statement-breakpoint
INSERT INTO "portal_ajustes" ("id") VALUES (1) ON CONFLICT DO NOTHING;
