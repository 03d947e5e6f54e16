import { z } from 'zod';

const check = z.enum(['ok', 'unavailable', 'full', 'unwritable']);

/** GET /health/live: the process answers. */
export const livenessResponse = z.object({ status: z.literal('ok') });

/** GET /health: 200 when the database and the file storage are usable. */
export const readinessResponse = z.object({ status: z.literal('ok'), database: check, storage: check });
/** GET /health: 503 with what failed, so a load balancer stops sending work. */
export const unreadyResponse = z.object({ status: z.literal('unavailable'), database: check, storage: check, message: z.string() });
