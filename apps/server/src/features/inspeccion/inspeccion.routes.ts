import { partsOf } from '../../shared/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParam,
  INSPECCION_FOTOS,
  INSPECCION_MESSAGES,
  informeFotograficoNombre,
  informeFotograficoQuery,
  inspeccionAgendaQuery,
  inspeccionAgendaResponse,
  inspeccionCierreResponse,
  inspeccionCierreSchema,
  inspeccionDeleteSchema,
  inspeccionFiltroSchema,
  inspeccionSchema,
  pagingQuery,
  inspeccionDetalleDataResponse,
  inspeccionesDelInspectorResponse,
  inspeccionesFiltradasResponse,
  inspeccionesPageResponse,
  inspeccionSavedResponse,
  messageResponse,
  updateInspectorSchema,
} from '@siniestros/domain';
import { fileReply, replies } from '../../shared/responses';
import { sendFile } from '../../shared/send-file';
import { ANY_ROLE, STAFF, userOf } from '../../plugins/auth';
import type { InspeccionService } from './inspeccion.service';

/**
 * The close's multipart limits over the app's: the two files, up to INSPECCION_FOTOS.max photos each
 * after its `foto_meta` field, and one more of each, so that the service sees the photo too many and
 * answers it in words (docs/decisions/087). The per-file size stays the app's.
 */
const CLOSE_LIMITS = {
  limits: { files: INSPECCION_FOTOS.max + 3, fields: INSPECCION_FOTOS.max + 11, parts: 2 * INSPECCION_FOTOS.max + 14 },
};

/** Spec §7, inspections (DELETE path from decision 000; the close is multipart). */
export function inspeccionRoutes(app: FastifyInstance, inspeccion: InspeccionService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = { config: { access: STAFF } };
  // Object-checked in the service: an Inspector reaches only what is assigned to them.
  const anyRole = { config: { access: ANY_ROLE } };
  const tags = ['inspeccion'];
  const detail = replies({ 200: inspeccionDetalleDataResponse });
  const saved = replies({ 200: inspeccionSavedResponse });

  r.get(
    '/inspeccion/all',
    { ...staff, schema: { tags, summary: 'Every inspection, latest date first', querystring: pagingQuery, response: replies({ 200: inspeccionesPageResponse }) } },
    async (request) => {
      const { rows, totalPages, totalCount } = await inspeccion.page(request.query);
      return { inspecciones: rows, totalPages, totalCount };
    },
  );

  r.post(
    '/inspeccion/filtro',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Inspections by case, number, state, inspector, product and date',
        querystring: pagingQuery,
        body: inspeccionFiltroSchema,
        response: replies({ 200: inspeccionesFiltradasResponse }),
      },
    },
    async (request) => {
      const { rows, totalPages, totalCount } = await inspeccion.page(request.query, request.body);
      return { data: rows, totalPage: totalPages, totalCount };
    },
  );

  r.get(
    '/inspeccion/i/:id',
    { ...anyRole, schema: { tags, summary: "An inspector's inspections ({id} = id_inspect)", params: idParam, querystring: pagingQuery, response: replies({ 200: inspeccionesDelInspectorResponse }) } },
    (request) => inspeccion.byInspector(request.params.id, userOf(request), request.query),
  );

  r.get(
    '/inspeccion/agenda',
    {
      ...anyRole,
      schema: {
        tags,
        summary: "The signed-in inspector's agenda: pending visits by date and hour, or finalized ones newest first (their session's id_inspect)",
        querystring: inspeccionAgendaQuery,
        response: replies({ 200: inspeccionAgendaResponse }),
      },
    },
    (request) => inspeccion.agenda(userOf(request), request.query),
  );

  r.get(
    '/inspeccion/d/:id',
    { ...anyRole, schema: { tags, summary: 'Inspection close screen data', params: idParam, response: detail } },
    async (request) => ({
      data: await inspeccion.detail(request.params.id, userOf(request)),
    }),
  );

  r.patch(
    '/inspeccion/d/:id',
    {
      ...anyRole,
      schema: {
        tags,
        summary:
          'Close an inspection: multipart fields resultado, monto_inspeccion and files inspeccion, cotizacion; then per photo a foto_meta JSON field and its foto file (JPEG/PNG)',
        params: idParam,
        consumes: ['multipart/form-data'],
        response: saved,
      },
    },
    async (request) => {
      const parts = request.isMultipart() ? partsOf(request, CLOSE_LIMITS) : null;
      return { message: INSPECCION_MESSAGES.closed, ...(await inspeccion.close(request.params.id, userOf(request), parts)) };
    },
  );

  r.post(
    '/inspeccion/d/:id/cierre',
    {
      ...anyRole,
      schema: {
        tags,
        summary:
          "Close an inspection from files sent before as resumable uploads (the phone's offline close): the clave made on the device answers a repeat with repetido: true; refusals carry a code",
        params: idParam,
        body: inspeccionCierreSchema,
        response: replies({ 200: inspeccionCierreResponse }),
      },
    },
    async (request) => {
      const { inspeccion: row, repetido } = await inspeccion.cierre(request.params.id, userOf(request), request.body);
      return { message: INSPECCION_MESSAGES.closed, ...row, repetido };
    },
  );

  r.get(
    '/inspeccion/:id/informe-fotografico',
    {
      ...anyRole,
      schema: {
        tags,
        summary: "Informe fotográfico: the inspection's photos 1, 2 or 4 a page with the case's header (staff, and the inspector it is assigned to)",
        params: idParam,
        querystring: informeFotograficoQuery,
        response: replies({ 200: fileReply('application/pdf', 'The photo report') }),
      },
    },
    async (request, reply) => {
      const pdf = await inspeccion.informeFotografico(request.params.id, userOf(request), request.query.por_pagina);
      return sendFile(reply, 'inline', informeFotograficoNombre(request.params.id, request.query.por_pagina), 'application/pdf', pdf);
    },
  );

  r.patch(
    '/inspeccion/edit/:id',
    { ...staff, schema: { tags, summary: 'Edit an inspection', params: idParam, body: inspeccionSchema, response: saved } },
    async (request) => ({
      message: INSPECCION_MESSAGES.edited,
      ...(await inspeccion.edit(request.params.id, request.body, userOf(request).username)),
    }),
  );

  r.patch(
    '/inspeccion/update_inspector/:id',
    { ...staff, schema: { tags, summary: 'Reassign a Coordinada inspection', params: idParam, body: updateInspectorSchema, response: saved } },
    async (request) => ({
      message: INSPECCION_MESSAGES.inspectorUpdated,
      ...(await inspeccion.reassign(request.params.id, request.body.inspector, userOf(request).username)),
    }),
  );

  r.post(
    '/inspeccion/:id',
    { ...staff, schema: { tags, summary: 'Schedule an inspection for case {id}', params: idParam, body: inspeccionSchema, response: replies({ 201: inspeccionSavedResponse }) } },
    async (request, reply) => {
      const created = await inspeccion.schedule(request.params.id, request.body, userOf(request).username);
      return reply.status(201).send({ message: INSPECCION_MESSAGES.scheduled, ...created });
    },
  );

  r.get(
    '/inspeccion/:id',
    { ...staff, schema: { tags, summary: 'Inspection view (read-only)', params: idParam, response: detail } },
    async (request) => ({
      data: await inspeccion.detail(request.params.id, userOf(request)),
    }),
  );

  r.delete(
    '/inspeccion/:id',
    {
      ...staff,
      schema: { tags, summary: 'Delete an inspection that is not Finalizada', params: idParam, body: inspeccionDeleteSchema.nullish(), response: replies({ 200: messageResponse }) },
    },
    async (request) => {
      await inspeccion.remove(request.params.id, userOf(request).username);
      return { message: INSPECCION_MESSAGES.deleted };
    },
  );
}
