import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { preferenciasResponse, preferenciasUpdateSchema } from '@siniestros/domain';
import { ANY_ROLE, userOf } from '../../plugins/auth';
import { replies } from '../../shared/responses';
import type { PreferenciasService } from './preferencias.service';

/**
 * The signed-in user's colour scheme and row density (docs/decisions/101): every role, each their
 * own. The routes name no user: the session is the object, so nobody reads or writes another's.
 */
export function preferenciasRoutes(app: FastifyInstance, preferencias: PreferenciasService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Also before a required second factor is enrolled (REQUIRE_TOTP): the enrolment screens take the user's look too.
  const config = { access: ANY_ROLE, totpSetup: true };
  const tags = ['account'];
  r.get(
    '/preferencias',
    { config, schema: { tags, summary: "The signed-in user's colour scheme and row density", response: replies({ 200: preferenciasResponse }) } },
    (request) => preferencias.de(userOf(request).id),
  );
  r.patch(
    '/preferencias',
    {
      config,
      schema: { tags, summary: "Change the signed-in user's colour scheme, row density or both", body: preferenciasUpdateSchema, response: replies({ 200: preferenciasResponse }) },
    },
    (request) => preferencias.guardar(userOf(request).id, request.body),
  );
}
