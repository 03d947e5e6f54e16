import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADVANCE_TOASTS,
  advanceSchema,
  ANALISIS_MESSAGES,
  CICLO_MESSAGES,
  analisisSchema,
  APROBACION_MESSAGES,
  casoAvanzadoResponse,
  casoEstadoResponse,
  cerrarSchema,
  corregirAcordadoSchema,
  estadoSchema,
  idParam,
  ofrecimientoResponse,
  ROL,
  reconsiderarSchema,
  transitionSchema,
} from '@siniestros/domain';
import { STAFF, userOf } from '../../plugins/auth';
import { replies } from '../../shared/responses';
import type { CasosLifecycleService, CierreConPendiente } from './casos.lifecycle.service';

/** The Admin's reason to close "con acuerdo" with the agreed amount unpaid (docs/decisions/082). */
const cierreDe = (request: FastifyRequest, motivo: string | null | undefined): CierreConPendiente => ({ motivo, isAdmin: userOf(request).rol === ROL.ADMIN });

/** Spec §7 transitions, and the paths decision 000 fixes for analysis, reconsideration and status. */
export function casosLifecycleRoutes(app: FastifyInstance, lifecycle: CasosLifecycleService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = { config: { access: STAFF } };
  const tags = ['casos'];
  const response = replies({ 200: casoEstadoResponse });

  r.patch('/casos/avanza/:id', { ...route, schema: { tags, params: idParam, body: advanceSchema.nullish(), response: replies({ 200: casoAvanzadoResponse }) } }, async (request) => {
    const result = await lifecycle.advance(
      request.params.id,
      userOf(request).username,
      request.body?.id_estado,
      request.body?.valor_acordado ?? undefined,
      cierreDe(request, request.body?.motivo_pago_pendiente),
    );
    return { message: ADVANCE_TOASTS[result.id_estado - 1] ?? CICLO_MESSAGES.advanced, ...result };
  });

  r.patch(
    '/casos/acordado/:id',
    { ...route, schema: { tags, summary: "'Corregir valor acordado': the agreed amount after the acceptance, with a reason", params: idParam, body: corregirAcordadoSchema, response: replies({ 200: casoAvanzadoResponse }) } },
    async (request) => ({
      message: CICLO_MESSAGES.acordadoCorregido,
      ...(await lifecycle.corregirAcordado(request.params.id, userOf(request).username, request.body)),
    }),
  );

  r.patch('/casos/return/:id', { ...route, schema: { tags, params: idParam, body: transitionSchema.nullish(), response } }, async (request) => ({
    message: CICLO_MESSAGES.returned,
    ...(await lifecycle.returnToInspection(request.params.id, userOf(request).username, request.body?.id_estado)),
  }));

  r.patch('/casos/cerrar/t/:id', { ...route, schema: { tags, params: idParam, body: cerrarSchema, response } }, async (request) => ({
    message: CICLO_MESSAGES.closed,
    ...(await lifecycle.close(request.params.id, request.body.id_estado, userOf(request).username, request.body.msg, cierreDe(request, request.body.motivo_pago_pendiente))),
  }));

  r.patch('/casos/reabrir/:id', { ...route, schema: { tags, params: idParam, body: transitionSchema.nullish(), response } }, async (request) => ({
    message: CICLO_MESSAGES.reopened,
    ...(await lifecycle.reopen(request.params.id, userOf(request).username, request.body?.id_estado)),
  }));

  r.patch(
    '/casos/reinspeccionar/:id',
    { ...route, schema: { tags, params: idParam, body: transitionSchema.nullish(), response } },
    async (request) => ({
      message: CICLO_MESSAGES.reinspected,
      ...(await lifecycle.reinspect(request.params.id, userOf(request).username, request.body?.id_estado)),
    }),
  );

  r.patch('/casos/estado/:id', { ...route, schema: { tags, params: idParam, body: estadoSchema, response } }, async (request) => ({
    message: CICLO_MESSAGES.statusUpdated,
    ...(await lifecycle.setEstado(request.params.id, request.body.id_estado, userOf(request).username, cierreDe(request, request.body.motivo_pago_pendiente))),
  }));

  // Above the user's offer limit: 202, the request waits for approval and the case stays (docs/decisions/081).
  const offer = replies({ 200: ofrecimientoResponse, 202: ofrecimientoResponse });
  const answerOffer = (reply: FastifyReply, result: { id_estado: number; pendiente?: true; id_aprobacion?: number }, applied: string) =>
    result.pendiente ? reply.status(202).send({ message: APROBACION_MESSAGES.pendiente, ...result }) : reply.send({ message: applied, ...result });

  r.patch('/casos/analisis/:id', { ...route, schema: { tags, params: idParam, body: analisisSchema, response: offer } }, async (request, reply) =>
    answerOffer(reply, await lifecycle.saveAnalisis(request.params.id, request.body, userOf(request)), ANALISIS_MESSAGES.saved),
  );

  r.patch('/casos/reconsiderar/:id', { ...route, schema: { tags, params: idParam, body: reconsiderarSchema, response: offer } }, async (request, reply) =>
    answerOffer(reply, await lifecycle.reconsider(request.params.id, request.body, userOf(request)), ANALISIS_MESSAGES.reconsidered),
  );
}
