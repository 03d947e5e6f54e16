import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, ROL, type Rol } from '@siniestros/domain';
import { forbidden, unauthorized } from '../shared/errors';
import type { Config } from '../config';
import type { SessionsService, CurrentUser } from '../features/users/sessions.service';

/** Who may call a route. Every /api route must declare one (checked at startup and in tests). */
export type Access = 'public' | readonly Rol[];
export const ANY_ROLE: readonly Rol[] = [ROL.ADMIN, ROL.USER, ROL.INSPECTOR];
export const STAFF: readonly Rol[] = [ROL.ADMIN, ROL.USER];
export const ADMIN_ONLY: readonly Rol[] = [ROL.ADMIN];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    currentUser: CurrentUser | null;
  }
  interface FastifyInstance {
    /** Every /api route with its access rule (the authorization matrix test walks it). */
    routeTable: RouteAccess[];
  }
}

export type RouteAccess = { method: string; url: string; access: Access };

export const COOKIE_NAME = 'sid';
export const SECURE_COOKIE_NAME = '__Host-sid';

export function isSecureRequest(request: FastifyRequest, config: Config): boolean {
  if (config.COOKIE_SECURE === 'true') return true;
  if (config.COOKIE_SECURE === 'false') return false;
  return request.protocol === 'https';
}

export function readSessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SECURE_COOKIE_NAME] ?? request.cookies[COOKIE_NAME];
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, config: Config, token: string, expires: Date) {
  const secure = isSecureRequest(request, config);
  reply.setCookie(secure ? SECURE_COOKIE_NAME : COOKIE_NAME, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/',
    expires,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(COOKIE_NAME, { path: '/' });
  reply.clearCookie(SECURE_COOKIE_NAME, { path: '/', secure: true });
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** CSRF defence in depth on top of SameSite=Strict (ASVS 3.5): refuse cross-site writes. */
function isCrossSiteWrite(request: FastifyRequest): boolean {
  if (!STATE_CHANGING.has(request.method)) return false;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}

export function registerAuth(app: FastifyInstance, sessions: SessionsService) {
  app.decorateRequest('currentUser', null);
  const routeTable: RouteAccess[] = [];
  app.decorate('routeTable', routeTable);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.method === 'HEAD') return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, access });
  });

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api')) return;
    if (isCrossSiteWrite(request)) throw forbidden(AUTH_MESSAGES.forbidden);
    const access = request.routeOptions.config?.access;
    if (!access) return; // unknown route: the 404 handler answers
    const token = readSessionToken(request);
    request.currentUser = token ? await sessions.resolve(token) : null;
    if (access === 'public') return;
    if (!request.currentUser) throw unauthorized(AUTH_MESSAGES.unauthenticated);
    if (!access.includes(request.currentUser.rol)) {
      request.log.warn({ userId: request.currentUser.id, route: request.routeOptions.url }, 'authorization denied');
      throw forbidden(AUTH_MESSAGES.forbidden);
    }
  });
}

/** The signed-in user of a route that requires one. */
export function userOf(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw unauthorized(AUTH_MESSAGES.unauthenticated);
  return request.currentUser;
}
