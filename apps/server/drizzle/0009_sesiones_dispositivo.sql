ALTER TABLE "sesiones" ADD COLUMN "ref" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "sesiones" ADD COLUMN "ip" varchar(64);--> statement-breakpoint
ALTER TABLE "sesiones" ADD COLUMN "user_agent" varchar(300);