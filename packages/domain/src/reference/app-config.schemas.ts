// zod/mini, as the login screen parses it before any other schema is loaded (docs/decisions/066).
import * as z from 'zod/mini';

/** GET /config: what the web app needs before sign-in. */
export const appConfigResponse = z.object({
  orgAcronym: z.string(),
  orgName: z.string(),
  captcha: z.enum(['altcha', 'off']),
  pageSize: z.number(),
});
export type AppConfig = z.infer<typeof appConfigResponse>;
