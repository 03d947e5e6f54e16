import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DOCUMENTACION_MESSAGES,
  PORTAL_MESSAGES,
  PORTAL_RECLAMANTE_MESSAGES,
  messageResponse,
  portalArchivoHeaders,
  portalArchivoResponse,
  portalDniSchema,
  portalEstadoResponse,
  portalInicioResponse,
  portalItemParam,
  portalMensajeEnviadoResponse,
  portalMensajeReclamanteSchema,
  portalTokenSchema,
} from '@siniestros/domain';
import type { Config } from '../../config';
import { notFound, unsupportedContent } from '../../shared/errors';
import { partsOf } from '../../shared/multipart';
import { fileReply, replies } from '../../shared/responses';
import { sendFile } from '../../shared/send-file';
import type { PortalClaimantService } from './portal.claimant.service';
import { portalConvenioClaimantRoutes } from './portal.convenio.routes';
import type { PortalConvenioService } from './portal.convenio.service';
import { clearPortalCookie, portalSessionOf, readPortalCookie, registerPortalSessionHook, setPortalCookie } from './portal.sessions';

/** Guessing is pointless (256-bit tokens, a DNI counted per link and address), but a flood is still refused. */
const SESION_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };
const DNI_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };
const ESCRITURA_RATE_LIMIT = { max: 60, timeWindow: '1 minute' };

/**
 * The claimant's routes, /api/portal/* (issue 42, docs/decisions/084). Their access is 'portal':
 * the staff session is never read here, and only the portal cookie (portal.sessions.ts) lets a
 * caller in. The token exchange and the exit are public and sessionless (no staff cookie either).
 * Call it inside the /api prefix: `portalClaimantRoutes(api, { claimant, config, convenio })`.
 */
export function portalClaimantRoutes(app: FastifyInstance, deps: { claimant: PortalClaimantService; config: Config; convenio: PortalConvenioService }) {
  const { claimant, config } = deps;
  app.register(
    async (portal) => {
      registerPortalSessionHook(portal, claimant.sessions);
      const r = portal.withTypeProvider<ZodTypeProvider>();
      const tags = ['portal (reclamante)'];
      const open = { access: 'public', sessionless: true } as const;
      const claimantOnly = { access: 'portal' } as const;

      r.post(
        '/sesion',
        {
          config: { ...open, rateLimit: SESION_RATE_LIMIT },
          schema: {
            tags,
            summary: "Exchange the link's token for the portal cookie (portal_sid); any token that opens nothing answers the same 404",
            body: portalTokenSchema,
            response: replies({ 200: portalInicioResponse }),
          },
        },
        async (request, reply) => {
          const opened = await claimant.sessions.open(request.body.token);
          if (!opened) throw notFound(PORTAL_MESSAGES.enlaceInvalido);
          // A portal cookie planted before the exchange never becomes this claimant's (session fixation).
          const previous = readPortalCookie(request);
          if (previous) await claimant.sessions.close(previous);
          setPortalCookie(request, reply, config, opened.id, opened.expires);
          return claimant.inicio({ dniOk: false });
        },
      );

      r.post(
        '/dni',
        {
          config: { ...claimantOnly, rateLimit: DNI_RATE_LIMIT },
          schema: {
            tags,
            summary: 'Confirm the DNI (whole, or its last digits): 422 wrong, 423 the link locked, 429 the address waits',
            body: portalDniSchema,
            response: replies({ 200: portalInicioResponse }),
          },
        },
        (request) => claimant.verificarDni(portalSessionOf(request, { dni: false }), request.body.dni, request.ip),
      );

      r.get(
        '/estado',
        {
          config: claimantOnly,
          schema: {
            tags,
            summary: "Before the DNI, what typing it needs; after, the claimant's own items, status line and messages",
            response: replies({ 200: z.union([portalEstadoResponse, portalInicioResponse]) }),
          },
        },
        (request) => claimant.estado(portalSessionOf(request, { dni: false })),
      );

      r.post(
        '/items/:idItem/archivos',
        {
          config: { ...claimantOnly, rateLimit: ESCRITURA_RATE_LIMIT },
          schema: {
            tags,
            summary: "Send one photo or PDF for an item (multipart: 'archivo', optional 'clave'); the same Idempotency-Key or clave lands once",
            params: portalItemParam,
            headers: portalArchivoHeaders,
            consumes: ['multipart/form-data'],
            response: replies({ 200: portalArchivoResponse, 201: portalArchivoResponse }),
          },
        },
        async (request, reply) => {
          const session = portalSessionOf(request, { dni: true });
          if (!request.isMultipart()) throw unsupportedContent(DOCUMENTACION_MESSAGES.notMultipart);
          const { nuevo, item } = await claimant.subirArchivo(session, request.params.idItem, partsOf(request), request.headers['idempotency-key']);
          return reply.status(nuevo ? 201 : 200).send({ message: PORTAL_MESSAGES.archivoSubido, item });
        },
      );

      r.get(
        '/items/:idItem/ejemplo',
        {
          config: claimantOnly,
          schema: { tags, summary: "The item's example picture", params: portalItemParam, response: replies({ 200: fileReply('image/*', 'The picture (JPG, PNG or WebP)') }) },
        },
        async (request, reply) => {
          const { nombre, mime, content } = await claimant.ejemplo(portalSessionOf(request, { dni: true }), request.params.idItem);
          return sendFile(reply, 'inline', nombre, mime, content);
        },
      );

      r.post(
        '/mensajes',
        {
          config: { ...claimantOnly, rateLimit: ESCRITURA_RATE_LIMIT },
          schema: { tags, summary: 'Write to the office', body: portalMensajeReclamanteSchema, response: replies({ 201: portalMensajeEnviadoResponse }) },
        },
        async (request, reply) => {
          const data = await claimant.escribir(portalSessionOf(request, { dni: true }), request.body.texto);
          return reply.status(201).send({ message: PORTAL_MESSAGES.mensajeEnviado, data });
        },
      );

      // The convenio a distancia: its files, the code and the electronic signature (portal.convenio.routes.ts).
      portalConvenioClaimantRoutes(portal, deps.convenio);

      r.post(
        '/salir',
        {
          config: open,
          schema: { tags, summary: 'End the portal session (answers the same without one)', body: z.strictObject({}).nullish(), response: replies({ 200: messageResponse }) },
        },
        async (request, reply) => {
          const id = readPortalCookie(request);
          if (id) await claimant.sessions.close(id);
          clearPortalCookie(request, reply, config);
          return { message: PORTAL_RECLAMANTE_MESSAGES.salio };
        },
      );
    },
    { prefix: '/portal' },
  );
}
