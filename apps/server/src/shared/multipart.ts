import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { badRequest, MSG_MULTIPART_MALFORMED } from './errors';

/**
 * The parts of a multipart request. What the parser itself cannot read (no boundary, a truncated
 * or malformed body: plain errors from busboy) is the client's 400, not a 5xx; the plugin's own
 * errors (limits, file too large) carry their status, and a body given up or a client gone are
 * left to the error handler. `options` (a route's own limits) are merged over the app's.
 */
export async function* partsOf(request: FastifyRequest, options?: Parameters<FastifyRequest['parts']>[0]): AsyncGenerator<Multipart> {
  try {
    yield* request.parts(options);
  } catch (error) {
    throw isClientBodyError(request, error) ? badRequest(MSG_MULTIPART_MALFORMED) : error;
  }
}

/** A parse error of the body the client sent (not a limit, a timeout or a hang-up). */
export function isClientBodyError(request: FastifyRequest, error: unknown): boolean {
  if (request.bodyTimedOut || request.raw.destroyed) return false;
  return error instanceof Error && typeof (error as { statusCode?: unknown }).statusCode !== 'number' && !('code' in error);
}
