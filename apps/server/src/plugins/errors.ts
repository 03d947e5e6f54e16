import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isFailingFast, isPoolBusy, isStatementTimeout } from '../db/client';
import { MSG_BODY_TIMEOUT } from './body-timeout';
import {
  AppError,
  MSG_DB_BUSY,
  MSG_DB_UNAVAILABLE,
  MSG_INTERNAL,
  MSG_TOO_LARGE,
  MSG_UNSUPPORTED_TYPE,
  MSG_VALIDATION,
} from '../shared/errors';

/** The `Retry-After` of a 503 for a database that is down or too slow: it answers again within seconds (docs/decisions/023). */
const DB_RETRY_AFTER_SECONDS = 5;

/** One place maps every error to `{message, errors?}` in Spanish; nothing internal leaves (ASVS 16.5). */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Whatever the body's reader made of a body given up for arriving too slowly.
    if (request.bodyTimedOut) return reply.status(408).header('Connection', 'close').send({ message: MSG_BODY_TIMEOUT });
    if (error instanceof AppError) {
      if (error.statusCode >= 500)
        request.log.error(
          { err: error.cause ?? error, code: error.code },
          `${error.code.replace(/_/g, ' ')}: answered ${error.statusCode}`,
        );
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...(error.publicCode ? { code: error.publicCode } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext;
      const errors = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || String(context ?? ''),
        message: issue.message ?? MSG_VALIDATION,
      }));
      return reply.status(400).send({ message: errors[0]?.message ?? MSG_VALIDATION, errors });
    }
    // The client hung up (an aborted export or download): whatever broke after that is not a fault.
    // Not `request.raw.destroyed`: Node sets it once a body has been read whole, so every POST's
    // database error cut the connection instead of answering 503 (seen in the failover test).
    if (reply.raw.destroyed) {
      request.log.info({ err: error }, 'client closed the connection before the answer');
      reply.hijack();
      reply.raw.destroy();
      return;
    }
    if (isDatabaseUnavailable(error)) {
      // While failing fast the outage was logged once already ('database down'): no flood.
      if (isFailingFast(error)) request.log.debug('database unavailable: failing fast');
      else if (isPoolBusy(error)) request.log.warn({ err: error }, 'database busy: no free connection in time');
      else request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).header('Retry-After', String(DB_RETRY_AFTER_SECONDS)).send({ message: MSG_DB_UNAVAILABLE });
    }
    if (isStatementTimeout(error)) {
      request.log.warn({ err: error }, 'statement timeout');
      return reply.status(503).header('Retry-After', String(DB_RETRY_AFTER_SECONDS)).send({ message: MSG_DB_BUSY });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, `unhandled error: ${error.code ?? error.name}`);
      return reply.status(500).send({ message: MSG_INTERNAL });
    }
    if (status === 413) return reply.status(413).send({ message: MSG_TOO_LARGE });
    if (status === 415) return reply.status(415).send({ message: MSG_UNSUPPORTED_TYPE });
    // Fastify's own 4xx (malformed JSON, bad content type...): a fixed Spanish text, not its English one.
    return reply.status(status).send({ message: MSG_VALIDATION });
  });
}
