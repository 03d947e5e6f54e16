-- Unlock links sent by e-mail to a user whose sign-in is stepped up (docs/decisions/079): only the
-- SHA-256 of the token is kept, each is used once and expires. Plumbing, plain SQL like migration 0013.
CREATE TABLE IF NOT EXISTS "desbloqueos" (
	"hash" varchar(64) PRIMARY KEY NOT NULL,
	"usuario" varchar(400) NOT NULL,
	"creado" timestamp with time zone NOT NULL,
	"vence" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "desbloqueos_usuario_creado_idx" ON "desbloqueos" ("usuario", "creado");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "desbloqueos_vence_idx" ON "desbloqueos" ("vence");
