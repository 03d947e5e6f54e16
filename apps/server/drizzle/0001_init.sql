CREATE TABLE "analistas" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(100) NOT NULL,
	"apellido" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companias" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estados" (
	"id" smallint PRIMARY KEY NOT NULL,
	"nombre" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspectores" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(100) NOT NULL,
	"apellido" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "productos" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "responsabilidades" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tipos_doc" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sesiones" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"creado" timestamp with time zone NOT NULL,
	"expira" timestamp with time zone NOT NULL,
	"ultimo_uso" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"apellido" varchar(50) NOT NULL,
	"nombre" varchar(50) NOT NULL,
	"username" varchar(150) NOT NULL,
	"password_hash" text NOT NULL,
	"rol" smallint NOT NULL,
	"id_inspect" integer,
	"activo" boolean DEFAULT true NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asegurados" (
	"id" serial PRIMARY KEY NOT NULL,
	"apellido" varchar(150) NOT NULL,
	"nombre" varchar(150),
	"id_tipo_doc" integer,
	"nro_doc" varchar(20),
	"cuit" varchar(20),
	"domicilio" varchar(200),
	"codigo_postal" varchar(20),
	"fijo" varchar(300),
	"cel" varchar(70),
	"cbu" varchar(50),
	"marca_modelo" varchar(50),
	"anio" integer,
	"dominio" varchar(20),
	"mail" varchar(400),
	"poliza" varchar(50),
	"nro_chasis" varchar(50),
	"nro_motor" varchar(50),
	"suma_asegurada" numeric(15, 2),
	"accesorios" varchar(200),
	"otros" varchar(200),
	"detalle" varchar(2000)
);
--> statement-breakpoint
CREATE TABLE "caso_contadores" (
	"cerrado" boolean PRIMARY KEY NOT NULL,
	"total" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "casos" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_compania" integer NOT NULL,
	"reclamo_nro" varchar(20) NOT NULL,
	"gestor" varchar(50) NOT NULL,
	"fecha_creado" date NOT NULL,
	"fecha_siniestro" date,
	"hora_siniestro" time,
	"fecha_denuncia" date,
	"lugar_siniestro" varchar(400),
	"declaracion_asegurado" text,
	"usuario" varchar(150) NOT NULL,
	"id_estado" smallint NOT NULL,
	"id_estado_previo" smallint,
	"fecha_estado" date NOT NULL,
	"id_letrado" integer,
	"id_asegurado" integer NOT NULL,
	"presupuesto" numeric(15, 2),
	"cotizacion" numeric(15, 2),
	"id_responsabilidad" integer,
	"analisis" varchar(200),
	"valor_acordado" numeric(15, 2),
	"ampliacion" varchar(200),
	"valor_ofertado" numeric(15, 2),
	"id_producto" integer,
	"id_analista" integer,
	"via_ingreso" varchar(100),
	"fecha_cierre" date,
	"completa_doc" boolean DEFAULT false NOT NULL,
	"busqueda" text DEFAULT '' NOT NULL,
	"urg" boolean DEFAULT false NOT NULL,
	"amp" boolean DEFAULT false NOT NULL,
	"auto" boolean DEFAULT false NOT NULL,
	"inte" boolean DEFAULT false NOT NULL,
	"lesion" boolean DEFAULT false NOT NULL,
	"vm" boolean DEFAULT false NOT NULL,
	"inve" boolean DEFAULT false NOT NULL,
	"docu" boolean DEFAULT false NOT NULL,
	"fran" boolean DEFAULT false NOT NULL,
	"ofre" boolean DEFAULT false NOT NULL,
	"ana" boolean DEFAULT false NOT NULL,
	"negocia" boolean DEFAULT false NOT NULL,
	"acordado" boolean DEFAULT false NOT NULL,
	"cierre" boolean DEFAULT false NOT NULL,
	"halla" boolean DEFAULT false NOT NULL,
	"lesiones" boolean DEFAULT false NOT NULL,
	"sc" boolean DEFAULT false NOT NULL,
	"idempotency_key" varchar(100)
);
--> statement-breakpoint
CREATE TABLE "terceros" (
	"id" serial PRIMARY KEY NOT NULL,
	"apellido" varchar(150) NOT NULL,
	"nombre" varchar(150),
	"id_tipo_doc" integer,
	"nro_doc" varchar(20),
	"cuit" varchar(20),
	"domicilio" varchar(200),
	"codigo_postal" varchar(20),
	"fijo" varchar(300),
	"cel" varchar(70),
	"cbu" varchar(50),
	"marca_modelo" varchar(50),
	"anio" integer,
	"dominio" varchar(20),
	"mail" varchar(400),
	"id_caso" integer NOT NULL,
	"orden" smallint NOT NULL,
	"detalle" varchar(1500),
	"id_letrado" integer
);
--> statement-breakpoint
CREATE TABLE "letrados" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_caso" integer NOT NULL,
	"apellido" varchar(50) NOT NULL,
	"nombre" varchar(50),
	"fijo" varchar(20),
	"cel" varchar(20),
	"mail" varchar(200),
	"cuit" varchar(20),
	"cbu" varchar(50)
);
--> statement-breakpoint
CREATE TABLE "lesionados" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_caso" integer NOT NULL,
	"apellido" varchar(50) NOT NULL,
	"nombre" varchar(50) NOT NULL,
	"id_tipo_doc" integer NOT NULL,
	"nro_doc" varchar(50) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audiencias" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_caso" integer NOT NULL,
	"fecha" date NOT NULL,
	"fechah" date NOT NULL,
	"hora" time NOT NULL,
	"lugar" varchar(600) NOT NULL,
	"mediacion_nro" varchar(20)
);
--> statement-breakpoint
CREATE TABLE "inspecciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_caso" integer NOT NULL,
	"id_inspector" integer NOT NULL,
	"fecha_inspeccion" date NOT NULL,
	"direccion" varchar(400) NOT NULL,
	"detalle" varchar(1500) NOT NULL,
	"resultado" varchar(600),
	"monto_inspeccion" numeric(15, 2),
	"fecha_cierre" date,
	"estado" varchar(50) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "historial" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_caso" integer NOT NULL,
	"usuario" varchar(150) NOT NULL,
	"msg" text NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_caso" integer NOT NULL,
	"nombre" varchar(200) NOT NULL,
	"tipo" varchar(50) NOT NULL,
	"storage_key" varchar(200) NOT NULL,
	"tamano" integer NOT NULL,
	"mime" varchar(100),
	"usuario" varchar(150) NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sesiones" ADD CONSTRAINT "sesiones_user_id_usuarios_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_id_inspect_inspectores_id_fk" FOREIGN KEY ("id_inspect") REFERENCES "public"."inspectores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asegurados" ADD CONSTRAINT "asegurados_id_tipo_doc_tipos_doc_id_fk" FOREIGN KEY ("id_tipo_doc") REFERENCES "public"."tipos_doc"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casos" ADD CONSTRAINT "casos_id_compania_companias_id_fk" FOREIGN KEY ("id_compania") REFERENCES "public"."companias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casos" ADD CONSTRAINT "casos_id_estado_estados_id_fk" FOREIGN KEY ("id_estado") REFERENCES "public"."estados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casos" ADD CONSTRAINT "casos_id_asegurado_asegurados_id_fk" FOREIGN KEY ("id_asegurado") REFERENCES "public"."asegurados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casos" ADD CONSTRAINT "casos_id_responsabilidad_responsabilidades_id_fk" FOREIGN KEY ("id_responsabilidad") REFERENCES "public"."responsabilidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casos" ADD CONSTRAINT "casos_id_producto_productos_id_fk" FOREIGN KEY ("id_producto") REFERENCES "public"."productos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casos" ADD CONSTRAINT "casos_id_analista_analistas_id_fk" FOREIGN KEY ("id_analista") REFERENCES "public"."analistas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terceros" ADD CONSTRAINT "terceros_id_tipo_doc_tipos_doc_id_fk" FOREIGN KEY ("id_tipo_doc") REFERENCES "public"."tipos_doc"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terceros" ADD CONSTRAINT "terceros_id_caso_casos_id_fk" FOREIGN KEY ("id_caso") REFERENCES "public"."casos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letrados" ADD CONSTRAINT "letrados_id_caso_casos_id_fk" FOREIGN KEY ("id_caso") REFERENCES "public"."casos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesionados" ADD CONSTRAINT "lesionados_id_caso_casos_id_fk" FOREIGN KEY ("id_caso") REFERENCES "public"."casos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesionados" ADD CONSTRAINT "lesionados_id_tipo_doc_tipos_doc_id_fk" FOREIGN KEY ("id_tipo_doc") REFERENCES "public"."tipos_doc"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiencias" ADD CONSTRAINT "audiencias_id_caso_casos_id_fk" FOREIGN KEY ("id_caso") REFERENCES "public"."casos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspecciones" ADD CONSTRAINT "inspecciones_id_caso_casos_id_fk" FOREIGN KEY ("id_caso") REFERENCES "public"."casos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspecciones" ADD CONSTRAINT "inspecciones_id_inspector_inspectores_id_fk" FOREIGN KEY ("id_inspector") REFERENCES "public"."inspectores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historial" ADD CONSTRAINT "historial_id_caso_casos_id_fk" FOREIGN KEY ("id_caso") REFERENCES "public"."casos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentos" ADD CONSTRAINT "documentos_id_caso_casos_id_fk" FOREIGN KEY ("id_caso") REFERENCES "public"."casos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sesiones_user_idx" ON "sesiones" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sesiones_expira_idx" ON "sesiones" USING btree ("expira");--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_username_uq" ON "usuarios" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "casos_id_desc_idx" ON "casos" USING btree ("id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "casos_estado_id_idx" ON "casos" USING btree ("id_estado","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "casos_compania_id_idx" ON "casos" USING btree ("id_compania","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "casos_analista_id_idx" ON "casos" USING btree ("id_analista","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "casos_producto_id_idx" ON "casos" USING btree ("id_producto","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "casos_fecha_creado_idx" ON "casos" USING btree ("fecha_creado","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "casos_reclamo_idx" ON "casos" USING btree ("reclamo_nro");--> statement-breakpoint
CREATE INDEX "casos_asegurado_idx" ON "casos" USING btree ("id_asegurado");--> statement-breakpoint
CREATE INDEX "casos_cierre_idx" ON "casos" USING btree ("fecha_cierre","id" DESC NULLS LAST) WHERE "casos"."id_estado" >= 8;--> statement-breakpoint
CREATE INDEX "casos_busqueda_trgm_idx" ON "casos" USING gin ("busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "casos_idempotency_uq" ON "casos" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "terceros_caso_orden_uq" ON "terceros" USING btree ("id_caso","orden");--> statement-breakpoint
CREATE UNIQUE INDEX "letrados_caso_uq" ON "letrados" USING btree ("id_caso");--> statement-breakpoint
CREATE INDEX "lesionados_caso_idx" ON "lesionados" USING btree ("id_caso");--> statement-breakpoint
CREATE INDEX "audiencias_caso_idx" ON "audiencias" USING btree ("id_caso");--> statement-breakpoint
CREATE INDEX "audiencias_fechah_idx" ON "audiencias" USING btree ("fechah" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audiencias_nro_idx" ON "audiencias" USING btree ("mediacion_nro");--> statement-breakpoint
CREATE INDEX "inspecciones_caso_idx" ON "inspecciones" USING btree ("id_caso");--> statement-breakpoint
CREATE INDEX "inspecciones_inspector_idx" ON "inspecciones" USING btree ("id_inspector","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inspecciones_fecha_idx" ON "inspecciones" USING btree ("fecha_inspeccion","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "historial_caso_idx" ON "historial" USING btree ("id_caso","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "documentos_caso_nombre_uq" ON "documentos" USING btree ("id_caso",lower("nombre"));