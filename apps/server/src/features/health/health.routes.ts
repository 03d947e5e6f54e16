import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { MSG_DB_UNAVAILABLE } from '../../shared/errors';

export function healthRoutes(app: FastifyInstance, db: Db) {
  app.get('/health', { config: { access: 'public' }, schema: { tags: ['health'], summary: 'Liveness and database check' } }, async (_request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable', message: MSG_DB_UNAVAILABLE });
    }
  });
}
