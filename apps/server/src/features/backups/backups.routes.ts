import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BACKUP_MESSAGES, backupCreatedResponse, backupListResponse } from '@siniestros/domain';
import { ADMIN_ONLY, userOf } from '../../plugins/auth';
import { replies } from '../../shared/responses';
import type { BackupsService } from './backups.service';

/** Online backups (docs/decisions/076): Admin only. */
export function backupsRoutes(app: FastifyInstance, backups: BackupsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/backups',
    {
      config: { access: ADMIN_ONLY },
      schema: { tags: ['backups'], summary: 'The complete backups kept under DATA_DIR/backups, newest first', response: replies({ 200: backupListResponse }) },
    },
    () => backups.list(),
  );
  r.post(
    '/backups',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags: ['backups'],
        summary: 'Takes a backup of the running office (database and the files it references); keeps the last BACKUP_KEEP',
        response: replies({ 201: backupCreatedResponse }),
      },
    },
    async (request, reply) => {
      const created = await backups.create({
        username: userOf(request).username,
        ip: request.ip,
        method: request.method,
        route: request.routeOptions.url ?? request.url,
      });
      return reply.status(201).send({ ...created, message: BACKUP_MESSAGES.creada });
    },
  );
}
