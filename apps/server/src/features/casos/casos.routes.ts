import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CASO_MESSAGES,
  DUPLICADO_MESSAGES,
  altaSchema,
  aseguradoUpdateSchema,
  asignarAnalistaSchema,
  cappedPagingQuery,
  casoCreadoResponse,
  casoDuplicadosResponse,
  casoDetalleResponse,
  casoEstadoResponse,
  casoFiltroSchema,
  casosFiltradosResponse,
  casosListResponse,
  casoFullUpdateSchema,
  casoUpdateSchema,
  exportFileName,
  flagsResponse,
  flagToggleSchema,
  idParam,
  masivoExportSchema,
  messageResponse,
  pagingQuery,
  tercerosUpdateSchema,
  todayIso,
  ultimoCasoResponse,
} from '@siniestros/domain';
import { STAFF, userOf } from '../../plugins/auth';
import { notFound } from '../../shared/errors';
import { fileReply, replies, sendJsonText } from '../../shared/responses';
import { casosMasivoRoutes } from './casos.masivo.routes';
import type { CasosService } from './casos.service';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const altaHeaders = z.looseObject({
  'idempotency-key': z.string().trim().min(1, CASO_MESSAGES.idempotencyKey).max(100, CASO_MESSAGES.idempotencyKey).optional(),
});

/** Spec §7 Cases, with the paths decision 000 fixes (detail read, one-call update). */
export function casosRoutes(app: FastifyInstance, casos: CasosService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = { config: { access: STAFF } };
  const tags = ['casos'];
  const updated = (result: { id_estado: number }) => ({ message: CASO_MESSAGES.updated, ...result });
  const updateResponse = replies({ 200: casoEstadoResponse });
  const flags = replies({ 200: flagsResponse });

  const altaResponses = replies({ 200: casoCreadoResponse, 201: casoCreadoResponse, 409: casoDuplicadosResponse });
  r.post('/casos/alta', { ...route, schema: { tags, headers: altaHeaders, body: altaSchema, response: altaResponses } }, async (request, reply) => {
    const created = await casos.create(request.body, userOf(request).username, request.headers['idempotency-key']);
    // Possible duplicates: shown, nothing written, until the request confirms (docs/decisions/080).
    if ('duplicados' in created) return reply.status(409).send({ message: DUPLICADO_MESSAGES.posibles, duplicados: created.duplicados });
    return reply.status(created.isNew ? 201 : 200).send({ message: CASO_MESSAGES.created, id: created.id });
  });

  r.get('/casos/ultimo', { ...route, schema: { tags, response: replies({ 200: ultimoCasoResponse }) } }, () => casos.lastId());

  // The bodies of the list and the filter are JSON text already (casos.list.service.ts).
  r.get('/casos', { ...route, schema: { tags, querystring: pagingQuery, response: replies({ 200: casosListResponse }) } }, async (request, reply) =>
    sendJsonText(reply, await casos.list(request.query)),
  );

  r.post('/casos/filtro', { ...route, schema: { tags, querystring: cappedPagingQuery, body: casoFiltroSchema, response: replies({ 200: casosFiltradosResponse }) } }, async (request, reply) =>
    sendJsonText(reply, await casos.filter(request.body, request.query)),
  );

  const sendXlsx = (reply: FastifyReply, stream: Readable | null) => {
    if (!stream) throw notFound(CASO_MESSAGES.noResults);
    return reply
      .header('Content-Type', XLSX_TYPE)
      .header('Content-Disposition', `attachment; filename="${exportFileName(todayIso())}"`)
      .send(stream);
  };

  r.post('/casos/export', { ...route, schema: { tags, body: casoFiltroSchema, response: replies({ 200: fileReply(XLSX_TYPE, 'The matching cases (.xlsx)') }) } }, async (request, reply) =>
    sendXlsx(reply, await casos.export(request.body)),
  );

  // The export of a bulk selection: ids or a filter (docs/decisions/097).
  r.post('/casos/masivo/export', { ...route, schema: { tags, body: masivoExportSchema, response: replies({ 200: fileReply(XLSX_TYPE, 'The selected cases (.xlsx)') }) } }, async (request, reply) =>
    sendXlsx(reply, await casos.masivo.export(request.body.seleccion)),
  );

  r.get('/casos/flag/:id', { ...route, schema: { tags, params: idParam, response: flags } }, (request) => casos.flags(request.params.id));

  r.patch('/casos/flag/:id', { ...route, schema: { tags, params: idParam, body: flagToggleSchema, response: flags } }, (request) =>
    casos.toggleFlag(request.params.id, request.body.flag, userOf(request).username),
  );

  r.patch('/casos/caso_ana/:id', { ...route, schema: { tags, params: idParam, body: asignarAnalistaSchema, response: replies({ 200: messageResponse }) } }, async (request) => {
    await casos.assignAnalista(request.params.id, request.body, userOf(request).username);
    return { message: CASO_MESSAGES.analistaUpdated };
  });

  casosMasivoRoutes(app, casos.masivo);

  r.get('/casos/:id', { ...route, schema: { tags, params: idParam, response: replies({ 200: casoDetalleResponse }) } }, (request) => casos.getDetail(request.params.id));

  r.patch('/casos/:id', { ...route, schema: { tags, params: idParam, body: casoFullUpdateSchema, response: updateResponse } }, async (request) =>
    updated(await casos.update(request.params.id, request.body, userOf(request).username)),
  );

  // The spec's three calls of one case edit; each takes the CASE id (API contract).
  r.patch('/casos/t/:id', { ...route, schema: { tags, params: idParam, body: casoUpdateSchema, response: updateResponse } }, async (request) =>
    updated(await casos.updateCaso(request.params.id, request.body, userOf(request).username)),
  );

  r.patch('/asegurados/t/:id', { ...route, schema: { tags, params: idParam, body: aseguradoUpdateSchema, response: updateResponse } }, async (request) =>
    updated(await casos.updateAsegurado(request.params.id, request.body, userOf(request).username)),
  );

  r.patch('/terceros/t/:id', { ...route, schema: { tags, params: idParam, body: tercerosUpdateSchema, response: updateResponse } }, async (request) =>
    updated(await casos.updateTerceros(request.params.id, request.body, userOf(request).username)),
  );
}
