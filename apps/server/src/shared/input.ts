import type { FastifyInstance } from 'fastify';
import { badRequest, MSG_VALIDATION } from './errors';

export const MSG_NUL_CHAR = 'Contiene un caracter no permitido';

const joinPath = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/** Where in `value` a string (or a property name) holds U+0000, as 'a.b.0'; null when none does. */
export function nulCharPath(value: unknown): string | null {
  // Iterative: a body may nest thousands of levels deep.
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [item, path] = pending.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return path;
    } else if (Array.isArray(item)) {
      item.forEach((child, index) => pending.push([child, joinPath(path, index)]));
    } else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return joinPath(path, key);
        pending.push([child, joinPath(path, key)]);
      }
    }
  }
  return null;
}

/** PostgreSQL text cannot hold U+0000 (the query would fail with a 500): refuse it as bad input (400). */
export function assertNoNulChar(value: unknown, part: string) {
  const path = nulCharPath(value);
  if (path !== null) throw badRequest(MSG_VALIDATION, [{ path: path || part, message: MSG_NUL_CHAR }]);
}

/** Every route: a body, query string or path param carrying U+0000 is refused before validation. */
export function registerNulCharGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    assertNoNulChar(request.body, 'body');
    assertNoNulChar(request.query, 'querystring');
    assertNoNulChar(request.params, 'params');
  });
}
