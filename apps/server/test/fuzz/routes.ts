import { ROL } from '@siniestros/domain';
import type { Access } from '../../src/plugins/auth';
import type { Role, TestApp } from '../helpers';
import type { JsonSchema, OpenApiOperation, OpenApiParameter } from './schemas';

/** The staff roles the walk signs in as; anonymous is `null`. */
export const FUZZ_ROLES = ['admin', 'user', 'inspector'] as const satisfies readonly Role[];
export type FuzzRole = (typeof FUZZ_ROLES)[number];
const ROL_OF: Record<FuzzRole, number> = { admin: ROL.ADMIN, user: ROL.USER, inspector: ROL.INSPECTOR };

/** Every caller of the walk: the staff roles and a claimant past the DNI check with the portal cookie (docs/decisions/084). */
export const FUZZ_CALLERS = [...FUZZ_ROLES, 'claimant'] as const;
export type FuzzCaller = (typeof FUZZ_CALLERS)[number];

/** A route of the app's route table with what its OpenAPI operation declares. */
export type RouteSpec = {
  method: string;
  url: string;
  access: Access;
  pathParams: string[];
  query: OpenApiParameter[];
  headers: OpenApiParameter[];
  body?: JsonSchema;
};

/** Every route of `app.routeTable`, with the params, query, headers and JSON body its OpenAPI operation declares. */
export function routeCatalogue(t: TestApp): RouteSpec[] {
  const spec = t.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  return t.app.routeTable.map((route) => {
    const operation = spec.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()] ?? {};
    const parameters = operation.parameters ?? [];
    return {
      method: route.method,
      url: route.url,
      access: route.access,
      pathParams: [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!),
      query: parameters.filter((parameter) => parameter.in === 'query'),
      headers: parameters.filter((parameter) => parameter.in === 'header'),
      body: operation.requestBody?.content?.['application/json']?.schema,
    };
  });
}

export const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/** Whether the route lets `caller` in (`null`: anonymous); the portal's routes only the claimant, the staff's never. */
export function allowed(route: { access: Access }, caller: FuzzCaller | null): boolean {
  if (route.access === 'public') return true;
  if (route.access === 'portal') return caller === 'claimant';
  return caller !== null && caller !== 'claimant' && (route.access as readonly number[]).includes(ROL_OF[caller]);
}

/**
 * Paths that end the session they are called with: each call gets a throwaway one. The portal's
 * token exchange ends the session its cookie held (a planted one never becomes the claimant's).
 */
export const ENDS_SESSION = new Set(['/api/users/logout', '/api/users/refresh', '/api/portal/salir', '/api/portal/sesion']);
export const endsSession = (url: string) => ENDS_SESSION.has(url.split('?')[0]!.replace(/\/$/, ''));
