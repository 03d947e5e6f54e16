CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" varchar(150),
	"action" varchar(40) NOT NULL,
	"entity" varchar(40),
	"entity_id" integer,
	"ip" varchar(64),
	"method" varchar(10),
	"route" varchar(200),
	"detail" varchar(200),
	"changes" jsonb
);
--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_fecha_idx" ON "audit_log" USING btree ("fecha");