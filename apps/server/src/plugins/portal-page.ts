import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The claimant's page (issue 42, docs/decisions/084): `portal.html` of the web build, its own small
 * bundle, answered at /portal (and /portal/) where the link a claimant receives points
 * (`/portal#t=…`; the token rides in the fragment and never reaches the server).
 */
export const PORTAL_PAGE = 'portal.html';

/**
 * Stricter than the staff app's policy (plugins/security.ts): the page has no inline style to
 * allow (no Mantine), loads nothing but its own script, stylesheet and API, is never framed, posts
 * no form to anywhere, and runs under Trusted Types, so no string reaches an HTML sink.
 */
export const PORTAL_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self'",
  // The page's empty icon is a data: URL.
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "require-trusted-types-for 'script'",
  "trusted-types 'none'",
].join('; ');

/** The page holds no data, but it is where a link's token lands: nothing of it is kept or passed on. */
export function setPortalPageHeaders(reply: FastifyReply): void {
  reply.header('Content-Security-Policy', PORTAL_PAGE_CSP);
  reply.header('Referrer-Policy', 'no-referrer');
  reply.header('Cache-Control', 'no-store');
}

/**
 * GET /portal: the page, through @fastify/static's sendFile (the app's `setHeaders` gives
 * portal.html the headers above, whichever path asked for it). Registered with the web build.
 */
export function registerPortalPage(app: FastifyInstance): void {
  // A page, not an API route: left out of the OpenAPI document.
  app.get('/portal', { schema: { hide: true } }, (_request, reply) => reply.type('text/html; charset=utf-8').sendFile(PORTAL_PAGE));
}
