import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { livenessResponse, readinessResponse, unreadyResponse } from '@siniestros/domain';
import { MSG_DB_UNAVAILABLE } from '../../shared/errors';
import { replies } from '../../shared/responses';
import { MSG_STORAGE_FULL, MSG_STORAGE_UNAVAILABLE, type Storage } from '../../shared/storage';

type HealthDeps = { db: Db; storage: Storage; minFreeBytes: number };
type Check = 'ok' | 'unavailable' | 'full' | 'unwritable';

/**
 * Readiness (`/health`): the database answers and the file storage takes a synced write with
 * more than STORAGE_MIN_FREE_MB left (on S3: the bucket answers); else 503 with what failed, so a load balancer stops
 * sending work. Liveness (`/health/live`): the process answers, nothing else (a restart would
 * not mend a database outage).
 */
export function healthRoutes(app: FastifyInstance, deps: HealthDeps) {
  const tags = ['health'];
  // No session lookup: a `sid` cookie must not make either check touch the database (docs/decisions/075).
  const config = { access: 'public', sessionless: true } as const;
  app.get('/health/live', { config, schema: { tags, summary: 'Liveness: the process answers', response: replies({ 200: livenessResponse }) } }, async () => ({
    status: 'ok',
  }));

  app.get(
    '/health',
    { config, schema: { tags, summary: 'Readiness: database and file storage usable', response: replies({ 200: readinessResponse, 503: unreadyResponse }) } },
    async (_request, reply) => {
      const [database, storage] = await Promise.all([checkDatabase(deps.db), checkStorage(deps)]);
      if (database === 'ok' && storage === 'ok') return { status: 'ok', database, storage };
      const message = database !== 'ok' ? MSG_DB_UNAVAILABLE : storage === 'full' ? MSG_STORAGE_FULL : MSG_STORAGE_UNAVAILABLE;
      return reply.status(503).send({ status: 'unavailable', database, storage, message });
    },
  );
}

async function checkDatabase(db: Db): Promise<Check> {
  try {
    await db.execute(sql`select 1`);
    return 'ok';
  } catch {
    return 'unavailable';
  }
}

async function checkStorage({ storage, minFreeBytes }: HealthDeps): Promise<Check> {
  const health = await storage.check();
  if (health.reachable === false) return 'unavailable';
  if (!health.writable) return 'unwritable';
  if (health.freeBytes !== null && health.freeBytes < minFreeBytes) return 'full';
  return 'ok';
}
