import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { apiErrorResponse } from '@siniestros/domain';

/**
 * A route's `schema.response`: its success bodies by status, and the one error shape for every
 * 4xx (docs/decisions/040). Fastify serializes each reply through the schema of its status.
 */
export function replies<T extends Record<number, unknown>>(success: T) {
  return { ...success, '4xx': apiErrorResponse };
}

/**
 * A file answer: in the document, its media type and OpenAPI's binary string; in the code, a
 * stream or a Buffer, which Fastify sends as is (never through the serializer).
 */
export function fileReply(mediaType: string, description: string) {
  const file = z.custom<NodeJS.ReadableStream | Buffer>().meta({ type: 'string', format: 'binary' });
  return { description, content: { [mediaType]: { schema: file } } };
}

/**
 * Sends JSON text built elsewhere (the case list's rows come from PostgreSQL as JSON): the route's
 * schema documents it and the serializer never sees a string, so under test the parsed text goes
 * through the route's strict serializer (plugins/serializer.ts), which fails on any field it would
 * drop or change.
 */
export function sendJsonText(reply: FastifyReply, json: string) {
  if (reply.server.strictResponses) reply.serializeInput(JSON.parse(json) as Record<string, unknown>, String(reply.statusCode));
  return reply.type('application/json; charset=utf-8').send(json);
}
