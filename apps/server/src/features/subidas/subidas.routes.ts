import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANY_ROLE, userOf } from '../../plugins/auth';
import { replies } from '../../shared/responses';
import type { SubidasService } from './subidas.service';

/** tus's PATCH body type: left unread by Fastify, streamed by @tus/server into the store. */
const TUS_CONTENT_TYPE = 'application/offset+octet-stream';

const params = z.object({ id: z.string().max(64) });
/** tus answers carry their meaning in headers (Location, Upload-Offset, Upload-Length, Upload-Expires), no body. */
const headersOnly = (description: string) => ({ description, content: { 'text/plain': { schema: z.string().max(0) } } });
/** Creations per user and minute: far above a checklist's photos, low enough to stop a loop. */
const CREATE_RATE_LIMIT = {
  max: 120,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `subidas:${request.currentUser?.id ?? request.ip}`,
};

/**
 * Resumable uploads, tus 1.0 (docs/decisions/089): POST creates, HEAD tells the offset, PATCH
 * appends a chunk, DELETE cancels. Every signed-in role may upload; what for is the service's check.
 */
export function subidasRoutes(app: FastifyInstance, subidas: SubidasService) {
  void app.register(async (scope) => {
    // Only in this scope: elsewhere the type stays unsupported (415).
    scope.addContentTypeParser(TUS_CONTENT_TYPE, (_request, _payload, done) => done(null));
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['subidas'];
    const handle = (request: FastifyRequest<{ Params: { id?: string } }>, reply: FastifyReply) => subidas.handle(request, reply, userOf(request));

    r.post(
      '/subidas',
      {
        config: { access: ANY_ROLE, rateLimit: CREATE_RATE_LIMIT },
        schema: { tags, consumes: [TUS_CONTENT_TYPE], response: replies({ 201: headersOnly('Subida creada: su dirección en Location') }) },
      },
      handle,
    );
    r.route({
      method: 'HEAD',
      url: '/subidas/:id',
      // A HEAD route of its own: in the OpenAPI document (which leaves out HEAD routes) and the authorization matrix.
      config: { access: ANY_ROLE, swagger: { exposeHeadRoute: true } },
      schema: { tags, params, response: replies({ 200: headersOnly('Upload-Offset: los bytes ya recibidos') }) },
      handler: handle,
    });
    r.patch(
      '/subidas/:id',
      {
        config: { access: ANY_ROLE },
        schema: { tags, params, consumes: [TUS_CONTENT_TYPE], response: replies({ 204: headersOnly('Parte recibida: Upload-Offset nuevo') }) },
      },
      handle,
    );
    r.delete(
      '/subidas/:id',
      { config: { access: ANY_ROLE }, schema: { tags, params, response: replies({ 204: headersOnly('Subida cancelada') }) } },
      handle,
    );
  });
}
