import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tableroResponse } from '@siniestros/domain';
import { STAFF, userOf } from '../../plugins/auth';
import { replies } from '../../shared/responses';
import type { TableroService } from './tablero.service';

/** The Tablero (issue 18 item 1): Admin and User; an Inspector gets 403. */
export function tableroRoutes(app: FastifyInstance, tablero: TableroService) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/tablero',
    {
      config: { access: STAFF },
      schema: {
        tags: ['tablero'],
        summary: 'The day’s figures: open cases by status and age, tasks, analysts, inspections, hearings, legal clocks',
        response: replies({ 200: tableroResponse }),
      },
    },
    (request) => tablero.get(userOf(request).id),
  );
}
