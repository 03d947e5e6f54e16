import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, MSG_DB_UNAVAILABLE, MSG_INTERNAL, MSG_VALIDATION } from '../shared/errors';

/** PostgreSQL / driver failures that mean "the database is not reachable right now". */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004', '53300']);

function isDatabaseUnavailable(error: unknown): boolean {
  const candidate = error as { code?: string; message?: string; cause?: unknown };
  if (candidate?.code && UNAVAILABLE_CODES.has(candidate.code)) return true;
  const message = candidate?.message ?? '';
  if (/timeout exceeded when trying to connect|Connection terminated|connection timeout|Query read timeout/i.test(message)) return true;
  return candidate?.cause ? isDatabaseUnavailable(candidate.cause) : false;
}

/** One place maps every error to `{message, errors?}` in Spanish; nothing internal leaves (ASVS 16.5). */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext;
      const errors = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || String(context ?? ''),
        message: issue.message ?? MSG_VALIDATION,
      }));
      return reply.status(400).send({ message: errors[0]?.message ?? MSG_VALIDATION, errors });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).header('Retry-After', '5').send({ message: MSG_DB_UNAVAILABLE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ message: MSG_INTERNAL });
    }
    if (status === 413) return reply.status(413).send({ message: 'El contenido enviado es demasiado grande' });
    if (status === 415) return reply.status(415).send({ message: 'Tipo de contenido no soportado' });
    if (status === 429) return reply.status(429).send({ message: error.message });
    // Fastify's own 4xx (malformed JSON, bad content type...): a fixed Spanish text, not its English one.
    return reply.status(status).send({ message: MSG_VALIDATION });
  });
}
