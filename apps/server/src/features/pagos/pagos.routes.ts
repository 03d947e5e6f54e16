import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PAGO_MESSAGES,
  anularPagoSchema,
  idParam,
  ordenarPagoSchema,
  pagoParams,
  pagoSavedResponse,
  pagosDelCasoResponse,
  pagosTableroResponse,
  registrarPagoSchema,
} from '@siniestros/domain';
import { STAFF, userOf } from '../../plugins/auth';
import { replies } from '../../shared/responses';
import type { PagosService } from './pagos.service';

/** Issue 41 item 6: a case's payments (docs/decisions/082). The payment is always looked up within the case of the path. */
export function pagosRoutes(app: FastifyInstance, pagos: PagosService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = { config: { access: STAFF } };
  const tags = ['pagos'];
  const saved = replies({ 200: pagoSavedResponse });

  r.get('/pagos/tablero', { ...route, schema: { tags, summary: "The Tablero's card 'Pagos'", response: replies({ 200: pagosTableroResponse }) } }, () => pagos.tablero());

  r.get('/casos/:id/pagos', { ...route, schema: { tags, params: idParam, response: replies({ 200: pagosDelCasoResponse }) } }, (request) =>
    pagos.list(request.params.id),
  );

  r.post(
    '/casos/:id/pagos',
    { ...route, schema: { tags, summary: "'Ordenar pago'", params: idParam, body: ordenarPagoSchema, response: replies({ 201: pagoSavedResponse }) } },
    async (request, reply) =>
      reply.status(201).send({ message: PAGO_MESSAGES.ordenado, data: await pagos.ordenar(request.params.id, request.body, userOf(request).username) }),
  );

  r.patch(
    '/casos/:id/pagos/:idPago/pagado',
    { ...route, schema: { tags, summary: "'Registrar pago': the transfer date and the receipt", params: pagoParams, body: registrarPagoSchema, response: saved } },
    async (request) => ({
      message: PAGO_MESSAGES.registrado,
      data: await pagos.registrar(request.params.id, request.params.idPago, request.body, userOf(request).username),
    }),
  );

  r.patch(
    '/casos/:id/pagos/:idPago/anular',
    { ...route, schema: { tags, params: pagoParams, body: anularPagoSchema, response: saved } },
    async (request) => ({
      message: PAGO_MESSAGES.anulado,
      data: await pagos.anular(request.params.id, request.params.idPago, request.body, userOf(request).username),
    }),
  );
}
