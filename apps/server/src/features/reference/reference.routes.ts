import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  analistaSchema,
  companiaUpdateSchema,
  docUpdateSchema,
  idParam,
  nombreSchema,
  pagingQuery,
  REFERENCE_SCREENS,
  respoUpdateSchema,
  PAGE_SIZE,
} from '@siniestros/domain';
import { ADMIN_ONLY, ANY_ROLE, STAFF } from '../../plugins/auth';
import { auditActorOf } from '../audit/audit.actor';
import type { Config } from '../../config';
import type { ReferenceService } from './reference.service';

/** Spec §7, reference data: the paths and bodies as the spec gives them. */
export function referenceRoutes(app: FastifyInstance, deps: { reference: ReferenceService; config: Config }) {
  const { reference, config } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { config: { access: STAFF } };
  const write = { config: { access: ADMIN_ONLY } };
  const tags = ['reference'];

  r.get('/config', { config: { access: 'public' }, schema: { tags, summary: 'Web app settings' } }, () => ({
    orgAcronym: config.ORG_ACRONYM,
    orgName: config.ORG_NAME,
    captcha: config.CAPTCHA,
    pageSize: PAGE_SIZE,
  }));

  // Document types (person documents).
  r.get('/doc', { config: { access: ANY_ROLE }, schema: { tags } }, () => reference.listNamed('tipoDoc'));
  r.get('/doc/abm', { ...read, schema: { tags } }, () => reference.listNamed('tipoDoc'));
  r.post('/doc', { ...write, schema: { tags, body: nombreSchema } }, async (request, reply) =>
    reply.status(201).send({ message: REFERENCE_SCREENS.tipoDoc.created, data: await reference.createNamed('tipoDoc', request.body.nombre, auditActorOf(request)) }),
  );
  r.patch('/doc/t/:id', { ...write, schema: { tags, params: idParam, body: docUpdateSchema } }, async (request) => ({
    message: REFERENCE_SCREENS.tipoDoc.updated,
    data: await reference.updateNamed('tipoDoc', request.params.id, request.body.doc.nombre, auditActorOf(request)),
  }));

  // Analysts.
  r.get('/analistas/abm', { ...read, schema: { tags } }, () => reference.listAnalistas());
  r.post('/analistas', { ...write, schema: { tags, body: analistaSchema } }, async (request, reply) =>
    reply.status(201).send({ message: REFERENCE_SCREENS.analistas.created, data: await reference.createAnalista(request.body, auditActorOf(request)) }),
  );
  r.patch('/analistas/:id', { ...write, schema: { tags, params: idParam, body: analistaSchema } }, async (request) => ({
    message: REFERENCE_SCREENS.analistas.updated,
    data: await reference.updateAnalista(request.params.id, request.body, auditActorOf(request)),
  }));

  // Companies.
  r.get('/companias', { ...read, schema: { tags } }, () => reference.listNamed('companias'));
  r.get('/companias/admin', { ...read, schema: { tags } }, () => reference.listNamed('companias'));
  r.post('/companias', { ...write, schema: { tags, body: nombreSchema } }, async (request, reply) =>
    reply.status(201).send({ message: REFERENCE_SCREENS.companias.created, data: await reference.createNamed('companias', request.body.nombre, auditActorOf(request)) }),
  );
  r.patch('/companias/t/:id', { ...write, schema: { tags, params: idParam, body: companiaUpdateSchema } }, async (request) => ({
    message: REFERENCE_SCREENS.companias.updated,
    data: await reference.updateNamed('companias', request.params.id, request.body.compania.nombre, auditActorOf(request)),
  }));

  // Responsibilities.
  r.get('/respo', { ...read, schema: { tags } }, () => reference.listNamed('responsabilidad'));
  r.get('/respo/abm', { ...read, schema: { tags, querystring: pagingQuery } }, (request) =>
    reference.pageNamed('responsabilidad', request.query.page, request.query.pageSize),
  );
  r.post('/respo', { ...write, schema: { tags, body: nombreSchema } }, async (request, reply) =>
    reply.status(201).send({ message: REFERENCE_SCREENS.responsabilidad.created, data: await reference.createNamed('responsabilidad', request.body.nombre, auditActorOf(request)) }),
  );
  r.patch('/respo/t/:id', { ...write, schema: { tags, params: idParam, body: respoUpdateSchema } }, async (request) => ({
    message: REFERENCE_SCREENS.responsabilidad.updated,
    data: await reference.updateNamed('responsabilidad', request.params.id, request.body.nombre, auditActorOf(request)),
  }));

  // Lookups.
  r.get('/inspector', { ...read, schema: { tags } }, () => reference.listInspectores());
  r.get('/casos/productos', { ...read, schema: { tags } }, () => reference.listProductos());
  r.get('/casos/estados', { ...read, schema: { tags } }, () => reference.listEstados());
}
