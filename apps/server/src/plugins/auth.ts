import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, ROL, type Rol } from '@siniestros/domain';
import { forbidden, unauthorized } from '../shared/errors';
import type { Config } from '../config';

/**
 * Who may call a route. Every /api route must declare one (checked at startup and in tests).
 * 'portal': the claimant portal's routes (docs/decisions/084), under PORTAL_API_PREFIX only; they
 * never read the staff session, and the portal's own hook admits its cookie alone.
 */
export type Access = 'public' | 'portal' | readonly Rol[];

/** Where the claimant portal's routes live: no staff route is there, and no portal route elsewhere. */
export const PORTAL_API_PREFIX = '/api/portal';

/** Who sent the request, resolved from the session cookie by `SessionResolver`. */
export type CurrentUser = {
  id: number;
  sessionId: string;
  username: string;
  nombre: string;
  apellido: string;
  rol: Rol;
  idInspect: number | null;
  /** Has a confirmed TOTP second factor. */
  hasTotp: boolean;
};

/** What the plugin needs of the sessions (the users feature gives it). */
export type SessionResolver = { resolve(token: string): Promise<CurrentUser | null> };
export const ANY_ROLE: readonly Rol[] = [ROL.ADMIN, ROL.USER, ROL.INSPECTOR];
export const STAFF: readonly Rol[] = [ROL.ADMIN, ROL.USER];
export const ADMIN_ONLY: readonly Rol[] = [ROL.ADMIN];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Reachable by a user who must have a second factor and still has to enrol it (REQUIRE_TOTP). */
    totpSetup?: boolean;
    /**
     * Public and blind to sessions: the `sid` cookie is not even looked up (the health checks,
     * which must answer the same with or without one while the database is down; docs/decisions/075).
     */
    sessionless?: boolean;
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

/** Where the OpenAPI UI and document are served (a plugin's routes, public). */
export const API_DOCS_PREFIX = '/api/docs';

export const COOKIE_NAME = 'sid';
export const SECURE_COOKIE_NAME = '__Host-sid';

export function isSecureRequest(request: FastifyRequest, config: Config): boolean {
  if (config.COOKIE_SECURE === 'true') return true;
  if (config.COOKIE_SECURE === 'false') return false;
  return request.protocol === 'https';
}

/**
 * Over HTTPS only the `__Host-` cookie counts: a sibling subdomain or a plain-HTTP response can
 * set a cookie named `sid`, but not one with that prefix (ASVS 7.2.x, cookie tossing).
 */
export function readSessionToken(request: FastifyRequest, config: Config): string | undefined {
  return isSecureRequest(request, config) ? request.cookies[SECURE_COOKIE_NAME] : request.cookies[COOKIE_NAME];
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

const withoutDefaultPort = (host: string) => host.replace(/:(80|443)$/, '');

/**
 * CSRF defence in depth on top of SameSite=Strict (ASVS 3.5.1): a state-changing call that a
 * browser marks as coming from another site (Sec-Fetch-Site), or whose Origin is not this
 * host, is refused before anything runs. Non-browser clients send neither header.
 */
export function isCrossSiteWrite(request: FastifyRequest): boolean {
  if (!STATE_CHANGING.has(request.method)) return false;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    // request.host honours X-Forwarded-Host only when TRUST_PROXY trusts the sender.
    return withoutDefaultPort(new URL(origin).host) !== withoutDefaultPort(request.host.toLowerCase());
  } catch {
    return true;
  }
}

export type AuthOptions = {
  config: Config;
  /** REQUIRE_TOTP: the roles that must have a second factor; without one they reach only the `totpSetup` routes. */
  totpRequiredRoles?: readonly Rol[];
};

/**
 * Who may call a request is read from the route the router matched (`request.routeOptions`),
 * never from the URL string: the router decodes `%61pi`, takes an absolute-form target
 * (`GET http://host/api/users`) and ignores a trailing slash, so a check on the raw URL can be
 * walked around (docs/decisions/029-decisions-by-the-matched-route.md). Every route declares its
 * access when it is added; the framework's own routes (static files, the OpenAPI UI) are public.
 * A request that matches no route gets `access` undefined and is answered 404 by the not-found
 * handler, which serves no data.
 */
export function registerAuth(app: FastifyInstance, sessions: SessionResolver, options: AuthOptions) {
  app.decorateRequest('currentUser', null);
  const routeTable: RouteAccess[] = [];
  const getUrls = new Set<string>();
  app.decorate('routeTable', routeTable);

  app.addHook('onRoute', (route) => {
    let access = route.config?.access;
    if (!access) {
      // Our API declares who may call each route; the routes of plugins (static files, the OpenAPI UI) are public.
      if (route.url.startsWith('/api/') && !route.url.startsWith(`${API_DOCS_PREFIX}/`) && route.url !== API_DOCS_PREFIX) {
        throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
      }
      access = 'public';
      route.config = { ...route.config, access };
    }
    const isPortalPath = route.url === PORTAL_API_PREFIX || route.url.startsWith(`${PORTAL_API_PREFIX}/`);
    if (access === 'portal' && !isPortalPath) throw new Error(`Route ${String(route.method)} ${route.url} is a portal route outside ${PORTAL_API_PREFIX}`);
    // A staff role on a portal path would let a staff session in where only the claimant's cookie may count.
    if (isPortalPath && (typeof access !== 'string' || (access === 'public' && !route.config?.sessionless)))
      throw new Error(`Route ${String(route.method)} ${route.url} on a portal path reads the staff session`);
    // The HEAD twin that Fastify adds to each GET (right after it) carries the GET's config: listed
    // once, as the GET. A HEAD route of its own (tus's offset, /api/subidas/:id) is listed.
    if (route.url.startsWith('/api')) {
      const methods = [route.method].flat();
      if (methods.includes('GET')) getUrls.add(route.url);
      const isHeadTwin = route.method === 'HEAD' && getUrls.has(route.url);
      if (!isHeadTwin) for (const method of methods) routeTable.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (request) => {
    if (isCrossSiteWrite(request)) throw forbidden(AUTH_MESSAGES.forbidden);
    const access = request.routeOptions.config?.access;
    if (!access) {
      if (request.is404) return; // no route matched: the not-found handler answers 404
      throw forbidden(AUTH_MESSAGES.forbidden); // cannot happen (onRoute gives every route one); refused if it did
    }
    if (access === 'public' && request.routeOptions.config.sessionless) return;
    // The portal's routes admit only the portal cookie (their own hook): a staff session is never read there.
    if (access === 'portal') return;
    const token = readSessionToken(request, options.config);
    request.currentUser = token ? await sessions.resolve(token) : null;
    if (access === 'public') return;
    if (!request.currentUser) throw unauthorized(AUTH_MESSAGES.unauthenticated);
    if (!access.includes(request.currentUser.rol)) {
      request.log.warn({ userId: request.currentUser.id, route: request.routeOptions.url }, 'authorization denied');
      throw forbidden(AUTH_MESSAGES.forbidden);
    }
    const user = request.currentUser;
    if (!user.hasTotp && options.totpRequiredRoles?.includes(user.rol) && !request.routeOptions.config?.totpSetup) {
      throw forbidden(AUTH_MESSAGES.totpSetupRequired);
    }
  });
}

/** The signed-in user of a route that requires one. */
export function userOf(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw unauthorized(AUTH_MESSAGES.unauthenticated);
  return request.currentUser;
}
