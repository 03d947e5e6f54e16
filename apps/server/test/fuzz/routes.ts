import { ROL } from '@siniestros/domain';
import type { Access } from '../../src/plugins/auth';
import type { Role, TestApp } from '../helpers';
import type { JsonSchema, OpenApiOperation, OpenApiParameter } from './schemas';

/** The callers the walk signs in as; anonymous is `null`. */
export const FUZZ_ROLES = ['admin', 'user', 'inspector'] as const satisfies readonly Role[];
export type FuzzRole = (typeof FUZZ_ROLES)[number];
const ROL_OF: Record<FuzzRole, number> = { admin: ROL.ADMIN, user: ROL.USER, inspector: ROL.INSPECTOR };

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

/** Whether the route lets `role` in (`null`: anonymous). */
export function allowed(route: { access: Access }, role: FuzzRole | null): boolean {
  if (route.access === 'public') return true;
  return role !== null && (route.access as readonly number[]).includes(ROL_OF[role]);
}

/** Paths that end the session they are called with: each call gets a throwaway one. */
export const ENDS_SESSION = new Set(['/api/users/logout', '/api/users/refresh']);
export const endsSession = (url: string) => ENDS_SESSION.has(url.split('?')[0]!.replace(/\/$/, ''));
