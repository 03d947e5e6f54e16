import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';
import { isSecureRequest } from './auth';

/** Strict-Transport-Security on HTTPS answers: one year, subdomains included (ASVS 12.1.x). */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Response headers of every answer (ASVS 3.4): helmet's set with a real Content-Security-Policy,
 * `Cache-Control: no-store` on the API (personal data must not stay in caches, ASVS 14.3.2),
 * and HSTS whenever the request came over HTTPS (directly, or through a trusted proxy).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  // Built once: @fastify/helmet built the middleware, parsing the whole policy, on every request.
  const helmetHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into a <style> element at runtime.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // The captcha solves its proof of work in ALTCHA's workers, files of the build (docs/decisions/066).
        workerSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // Sent per request below: only an HTTPS answer may carry it.
    strictTransportSecurity: false,
  });

  app.addHook('onRequest', (request, reply, done) => helmetHeaders(request.raw, reply.raw, () => done()));
  app.addHook('onSend', async (request, reply, payload) => {
    // Decided on the matched route, not the URL string (docs/decisions/029-decisions-by-the-matched-route.md).
    // Only the web app's files (static files, index.html) choose their own caching.
    if (request.routeOptions.url?.startsWith('/api') || !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    if (isSecureRequest(request, config)) reply.header('Strict-Transport-Security', HSTS_VALUE);
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    return payload;
  });
}
