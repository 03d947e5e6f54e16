import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  convenioPublicadoResponse,
  convenioSchema,
  idParam,
  portalArchivoResponse,
  portalCodigoResponse,
  portalConvenioArchivoParam,
  portalConvenioArchivoParams,
  portalFirmaSchema,
} from '@siniestros/domain';
import { STAFF } from '../../plugins/auth';
import { fileReply, replies } from '../../shared/responses';
import { sendFile } from '../../shared/send-file';
import { auditActorOf } from '../audit';
import type { PortalConvenioService } from './portal.convenio.service';
import { portalSessionOf } from './portal.sessions';

/** As the DNI: each try is counted per code, but a flood is still refused. */
const FIRMA_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };

/** A PDF opens in the browser; a .docx (LibreOffice missing) is downloaded. */
const disposition = (mime: string) => (mime === 'application/pdf' ? 'inline' : 'attachment');

/** The office's side of the convenio a distancia (docs/decisions/084): Admin and User. */
export function portalConvenioStaffRoutes(app: FastifyInstance, convenio: PortalConvenioService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = { config: { access: STAFF } };
  const tags = ['portal'];

  r.post(
    '/casos/:id/portal/convenio',
    {
      ...route,
      schema: {
        tags,
        summary: "Publishes the chosen convenios to the third party's portal (PDF where LibreOffice converts them), with the item 'Convenio firmado'",
        params: idParam,
        body: convenioSchema,
        response: replies({ 201: convenioPublicadoResponse }),
      },
    },
    async (request, reply) =>
      reply.status(201).send(await convenio.publicar(request.params.id, request.body, auditActorOf(request), `${request.protocol}://${request.host}`)),
  );

  r.get(
    '/casos/:id/portal/convenio/:idArchivo',
    {
      ...route,
      schema: { tags, summary: 'A convenio file published to the portal', params: portalConvenioArchivoParams, response: replies({ 200: fileReply('application/pdf', 'The convenio (PDF, or .docx)') }) },
    },
    async (request, reply) => {
      const { nombre, mime, content } = await convenio.archivoDelCaso(request.params.id, request.params.idArchivo);
      return sendFile(reply, 'attachment', nombre, mime, content);
    },
  );
}

/** The claimant's side, registered inside the portal's routes (their session hook and headers). */
export function portalConvenioClaimantRoutes(portal: FastifyInstance, convenio: PortalConvenioService) {
  const r = portal.withTypeProvider<ZodTypeProvider>();
  const tags = ['portal (reclamante)'];
  const claimantOnly = { access: 'portal' } as const;

  r.get(
    '/convenio/:idArchivo',
    {
      config: claimantOnly,
      schema: {
        tags,
        summary: 'A live convenio file of this link\'s third party: a PDF inline, a .docx as a download',
        params: portalConvenioArchivoParam,
        response: replies({ 200: fileReply('application/pdf', 'The convenio (PDF, or .docx)') }),
      },
    },
    async (request, reply) => {
      const { nombre, mime, content } = await convenio.archivoDelReclamante(portalSessionOf(request, { dni: true }), request.params.idArchivo);
      return sendFile(reply, disposition(mime), nombre, mime, content);
    },
  );

  r.post(
    '/convenio/codigo',
    {
      config: { ...claimantOnly, rateLimit: FIRMA_RATE_LIMIT },
      schema: {
        tags,
        summary: 'E-mails a one-time code to sign the convenio electronically (one a minute, a few a day)',
        body: z.strictObject({}).nullish(),
        response: replies({ 202: portalCodigoResponse }),
      },
    },
    async (request, reply) => reply.status(202).send(await convenio.pedirCodigo(portalSessionOf(request, { dni: true }))),
  );

  r.post(
    '/convenio/firma',
    {
      config: { ...claimantOnly, rateLimit: FIRMA_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Signs the convenio with the whole DNI and the code: the certificate is filed and the item is received',
        body: portalFirmaSchema,
        response: replies({ 201: portalArchivoResponse }),
      },
    },
    async (request, reply) => {
      const session = portalSessionOf(request, { dni: true });
      const firmado = await convenio.firmar(session, request.body, { direccion: request.ip, userAgent: request.headers['user-agent'] ?? '' });
      return reply.status(201).send(firmado);
    },
  );
}
