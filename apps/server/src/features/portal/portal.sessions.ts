import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PORTAL_MESSAGES, PORTAL_RECLAMANTE, PORTAL_RECLAMANTE_MESSAGES } from '@siniestros/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { isSecureRequest } from '../../plugins/auth';
import { forbidden, unauthorized } from '../../shared/errors';
import { portalClaimantRepository as repo } from './portal.claimant.repository';
import { hashSecret, newSecret, PORTAL_COOKIE, PORTAL_COOKIE_PATH } from './portal.tokens';

/** Who is calling a portal route: a session of one link, so of one case and one third party. */
export type PortalSession = {
  /** SHA-256 of the cookie's value: the row's key. */
  idHash: string;
  idEnlace: number;
  idCaso: number;
  idTercero: number;
  /** The claimant typed their DNI: their own data may show. */
  dniOk: boolean;
  /** The link's expiry, ISO 8601. */
  enlaceExpira: string;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The portal session of a portal route (docs/decisions/084); never set on a staff route. */
    portalSession: PortalSession | null;
  }
}

export type PortalSessions = ReturnType<typeof createPortalSessions>;

/**
 * The claimant's sessions (docs/decisions/084): a link's token is exchanged for a random id kept
 * in the portal's own cookie; only its SHA-256 is stored. A session lives PORTAL_RECLAMANTE.sesionHoras
 * and never past its link, and ends with the link (revoked, expired, renewed).
 */
export function createPortalSessions(db: Db, options: { now: () => Date }) {
  const { now } = options;
  return {
    /** A new session for the token's link, or null when the token opens nothing (unknown, expired, revoked: one answer). */
    async open(token: string): Promise<{ id: string; expires: Date } | null> {
      const ahora = now();
      const enlace = await repo.enlaceVivoPorToken(db, hashSecret(token), ahora.toISOString());
      if (!enlace) return null;
      const id = newSecret();
      const expires = new Date(Math.min(ahora.getTime() + PORTAL_RECLAMANTE.sesionHoras * 3600_000, Date.parse(enlace.expira)));
      await db.transaction(async (tx) => {
        await repo.borrarSesionesVencidas(tx, enlace.id, ahora.toISOString());
        await repo.abrirSesion(tx, { idHash: hashSecret(id), idEnlace: enlace.id, creado: ahora.toISOString(), expira: expires.toISOString() });
      });
      return { id, expires };
    },

    async resolve(id: string): Promise<PortalSession | null> {
      // A well-formed id is 43 base64url characters; anything else is not looked up.
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(id)) return null;
      const idHash = hashSecret(id);
      const row = await repo.sesion(db, idHash, now().toISOString());
      return row ? { idHash, ...row } : null;
    },

    close(id: string) {
      return repo.cerrarSesion(db, hashSecret(id));
    },
  };
}

export const readPortalCookie = (request: FastifyRequest): string | undefined => request.cookies[PORTAL_COOKIE];

/** HttpOnly, SameSite=Strict, sent only to /api/portal (never to a staff route), Secure over HTTPS. */
export function setPortalCookie(request: FastifyRequest, reply: FastifyReply, config: Config, id: string, expires: Date) {
  reply.setCookie(PORTAL_COOKIE, id, { httpOnly: true, sameSite: 'strict', secure: isSecureRequest(request, config), path: PORTAL_COOKIE_PATH, expires });
}

export function clearPortalCookie(request: FastifyRequest, reply: FastifyReply, config: Config) {
  reply.clearCookie(PORTAL_COOKIE, { httpOnly: true, sameSite: 'strict', secure: isSecureRequest(request, config), path: PORTAL_COOKIE_PATH });
}

/**
 * Inside the portal's routes: every answer says no-referrer and no-store (also the errors), and
 * a route whose access is 'portal' (plugins/auth.ts lets those through without reading the staff
 * session) gets the caller's portal session or answers 401. The staff `sid` cookie counts for nothing here.
 */
export function registerPortalSessionHook(app: FastifyInstance, sessions: PortalSessions) {
  app.decorateRequest('portalSession', null);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('Cache-Control', 'no-store');
    if (request.routeOptions.config?.access !== 'portal') return;
    const id = readPortalCookie(request);
    request.portalSession = id ? await sessions.resolve(id) : null;
    if (!request.portalSession) throw unauthorized(PORTAL_MESSAGES.sesionVencida);
  });
}

/** The caller's portal session; `dni`: the route shows the claimant's own data, so the DNI must have been typed. */
export function portalSessionOf(request: FastifyRequest, { dni }: { dni: boolean }): PortalSession {
  const session = request.portalSession;
  if (!session) throw unauthorized(PORTAL_MESSAGES.sesionVencida);
  if (dni && !session.dniOk) throw forbidden(PORTAL_RECLAMANTE_MESSAGES.dniRequerido);
  return session;
}
