// zod/mini, as the login screen parses it before any other schema is loaded (docs/decisions/066).
import * as z from 'zod/mini';

/** GET /config: what the web app needs before sign-in. */
export const appConfigResponse = z.object({
  orgAcronym: z.string(),
  orgName: z.string(),
  captcha: z.enum(['altcha', 'off']),
  pageSize: z.number(),
  /** A user whose sign-in is stepped up may ask for an unlock link by e-mail (SMTP_HOST and APP_URL set, docs/decisions/079). */
  desbloqueo: z.boolean(),
});
export type AppConfig = z.infer<typeof appConfigResponse>;
