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
import { ADMIN_ONLY, STAFF } from '../../plugins/auth';
import { replies } from '../../shared/responses';
import { auditActorOf } from '../audit';
import type { PlazosService } from './plazos.service';

/** Plazos legales (issue 18 item 3): staff read them, only an Admin changes a rule. */
export function plazosRoutes(app: FastifyInstance, plazos: PlazosService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['plazos'];
  const staff = { config: { access: STAFF } };
  /** A case's clocks: read, or read back after a correction. */
  const casoPlazos = { tags, params: idParam, response: replies({ 200: casoPlazosResponse }) };

  r.get(
    '/plazos',
    { ...staff, schema: { tags, summary: 'The legal deadline rules', response: replies({ 200: plazoReglasResponse }) } },
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
    async (request) => ({
      message: PLAZO_MESSAGES.updated,
      ...(await plazos.update(request.params.codigo, request.body, auditActorOf(request))),
    }),
  );

  r.get('/plazos/caso/:id', { ...staff, schema: { ...casoPlazos, summary: 'Running clocks of case {id} with days left' } }, (request) =>
    plazos.caso(request.params.id),
  );

  r.patch(
    '/plazos/caso/:id',
    { ...staff, schema: { ...casoPlazos, summary: 'Correct the day a clock of case {id} started', body: plazoInicioSchema } },
    (request) => plazos.corregirInicio(request.params.id, request.body, auditActorOf(request)),
  );

  r.post(
    '/plazos/estados',
    {
      ...staff,
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
