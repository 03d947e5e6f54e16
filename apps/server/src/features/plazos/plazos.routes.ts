import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PLAZO_MESSAGES,
  casoPlazosResponse,
  idParam,
  plazoCodigoParam,
  plazoEstadosBody,
  plazoEstadosResponse,
  plazoInicioSchema,
  plazoReglaSavedResponse,
  plazoReglasResponse,
  plazoUpdateSchema,
} from '@siniestros/domain';
import { ADMIN_ONLY, STAFF, userOf } from '../../plugins/auth';
import { replies } from '../../shared/responses';
import type { PlazosService } from './plazos.service';

/** Plazos legales (issue 18 item 3): staff read them, only an Admin changes a rule. */
export function plazosRoutes(app: FastifyInstance, plazos: PlazosService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['plazos'];

  r.get(
    '/plazos',
    { config: { access: STAFF }, schema: { tags, summary: 'The legal deadline rules', response: replies({ 200: plazoReglasResponse }) } },
    () => plazos.reglas(),
  );

  r.patch(
    '/plazos/:codigo',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Change a rule (Admin)',
        params: plazoCodigoParam,
        body: plazoUpdateSchema,
        response: replies({ 200: plazoReglaSavedResponse }),
      },
    },
    async (request) => {
      const who = { actor: userOf(request).username, ip: request.ip, method: request.method, route: request.routeOptions.url };
      return { message: PLAZO_MESSAGES.updated, ...(await plazos.update(request.params.codigo, request.body, who)) };
    },
  );

  r.get(
    '/plazos/caso/:id',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'Running clocks of case {id} with days left',
        params: idParam,
        response: replies({ 200: casoPlazosResponse }),
      },
    },
    (request) => plazos.caso(request.params.id),
  );

  r.patch(
    '/plazos/caso/:id',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'Correct the day a clock of case {id} started',
        params: idParam,
        body: plazoInicioSchema,
        response: replies({ 200: casoPlazosResponse }),
      },
    },
    (request) =>
      plazos.corregirInicio(request.params.id, request.body, {
        actor: userOf(request).username,
        ip: request.ip,
        method: request.method,
        route: request.routeOptions.url,
      }),
  );

  r.post(
    '/plazos/estados',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'Cases (up to 100) with a clock por vencer or vencido, for the case list',
        body: plazoEstadosBody,
        response: replies({ 200: plazoEstadosResponse }),
      },
    },
    (request) => plazos.estados(request.body.ids),
  );
}
