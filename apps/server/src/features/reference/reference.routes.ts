import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  analistaAbmListResponse,
  analistaSavedResponse,
  analistaSchema,
  appConfigResponse,
  companiaUpdateSchema,
  docUpdateSchema,
  idParam,
  lookupListResponse,
  lookupPageResponse,
  lookupSavedResponse,
  nombreSchema,
  personLookupListResponse,
  pagingQuery,
  REFERENCE_SCREENS,
  respoUpdateSchema,
  PAGE_SIZE,
} from '@siniestros/domain';
import { ADMIN_ONLY, ANY_ROLE, STAFF } from '../../plugins/auth';
import { auditActorOf } from '../audit';
import type { Config } from '../../config';
import { replies } from '../../shared/responses';
import type { ReferenceService } from './reference.service';

/** Spec §7, reference data: the paths and bodies as the spec gives them. */
export function referenceRoutes(app: FastifyInstance, deps: { reference: ReferenceService; config: Config }) {
  const { reference, config } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { config: { access: STAFF } };
  const write = { config: { access: ADMIN_ONLY } };
  const tags = ['reference'];
  const lookups = replies({ 200: lookupListResponse });
  const personLookups = replies({ 200: personLookupListResponse });
  const created = replies({ 201: lookupSavedResponse });
  const updated = replies({ 200: lookupSavedResponse });

  r.get('/config', { config: { access: 'public' }, schema: { tags, summary: 'Web app settings', response: replies({ 200: appConfigResponse }) } }, () => ({
    orgAcronym: config.ORG_ACRONYM,
    orgName: config.ORG_NAME,
    captcha: config.CAPTCHA,
    pageSize: PAGE_SIZE,
    desbloqueo: Boolean(config.SMTP_HOST && config.APP_URL),
  }));

  // Document types (person documents).
  r.get('/doc', { config: { access: ANY_ROLE }, schema: { tags, response: lookups } }, () => reference.listNamed('tipoDoc'));
  r.get('/doc/abm', { ...read, schema: { tags, response: lookups } }, () => reference.listNamed('tipoDoc'));
  r.post('/doc', { ...write, schema: { tags, body: nombreSchema, response: created } }, async (request, reply) =>
    reply.status(201).send({ message: REFERENCE_SCREENS.tipoDoc.created, data: await reference.createNamed('tipoDoc', request.body.nombre, auditActorOf(request)) }),
  );
  r.patch('/doc/t/:id', { ...write, schema: { tags, params: idParam, body: docUpdateSchema, response: updated } }, async (request) => ({
    message: REFERENCE_SCREENS.tipoDoc.updated,
    data: await reference.updateNamed('tipoDoc', request.params.id, request.body.doc.nombre, auditActorOf(request)),
  }));

  // Analysts.
  r.get('/analistas/abm', { ...read, schema: { tags, response: replies({ 200: analistaAbmListResponse }) } }, () => reference.listAnalistas());
  r.post('/analistas', { ...write, schema: { tags, body: analistaSchema, response: replies({ 201: analistaSavedResponse }) } }, async (request, reply) =>
    reply.status(201).send({ message: REFERENCE_SCREENS.analistas.created, data: await reference.createAnalista(request.body, auditActorOf(request)) }),
  );
  r.patch('/analistas/:id', { ...write, schema: { tags, params: idParam, body: analistaSchema, response: replies({ 200: analistaSavedResponse }) } }, async (request) => ({
    message: REFERENCE_SCREENS.analistas.updated,
    data: await reference.updateAnalista(request.params.id, request.body, auditActorOf(request)),
  }));

  // Companies.
  r.get('/companias', { ...read, schema: { tags, response: lookups } }, () => reference.listNamed('companias'));
  r.get('/companias/admin', { ...read, schema: { tags, response: lookups } }, () => reference.listNamed('companias'));
  r.post('/companias', { ...write, schema: { tags, body: nombreSchema, response: created } }, async (request, reply) =>
    reply.status(201).send({ message: REFERENCE_SCREENS.companias.created, data: await reference.createNamed('companias', request.body.nombre, auditActorOf(request)) }),
  );
  r.patch('/companias/t/:id', { ...write, schema: { tags, params: idParam, body: companiaUpdateSchema, response: updated } }, async (request) => ({
    message: REFERENCE_SCREENS.companias.updated,
    data: await reference.updateNamed('companias', request.params.id, request.body.compania.nombre, auditActorOf(request)),
  }));

  // Responsibilities.
  r.get('/respo', { ...read, schema: { tags, response: lookups } }, () => reference.listNamed('responsabilidad'));
  r.get('/respo/abm', { ...read, schema: { tags, querystring: pagingQuery, response: replies({ 200: lookupPageResponse }) } }, (request) =>
    reference.pageNamed('responsabilidad', request.query.page, request.query.pageSize),
  );
  r.post('/respo', { ...write, schema: { tags, body: nombreSchema, response: created } }, async (request, reply) =>
    reply.status(201).send({ message: REFERENCE_SCREENS.responsabilidad.created, data: await reference.createNamed('responsabilidad', request.body.nombre, auditActorOf(request)) }),
  );
  r.patch('/respo/t/:id', { ...write, schema: { tags, params: idParam, body: respoUpdateSchema, response: updated } }, async (request) => ({
    message: REFERENCE_SCREENS.responsabilidad.updated,
    data: await reference.updateNamed('responsabilidad', request.params.id, request.body.nombre, auditActorOf(request)),
  }));

  // Lookups.
  r.get('/inspector', { ...read, schema: { tags, response: personLookups } }, () => reference.listInspectores());
  r.get('/casos/productos', { ...read, schema: { tags, response: lookups } }, () => reference.listProductos());
  r.get('/casos/estados', { ...read, schema: { tags, response: lookups } }, () => reference.listEstados());
}
