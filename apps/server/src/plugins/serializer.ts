import { isDeepStrictEqual } from 'node:util';
import { serializerCompiler } from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifyInstance {
    /** Under test every response body, JSON text too (sendJsonText), is checked against its schema. */
    strictResponses: boolean;
  }
}

/**
 * Responses leave through their route's zod schema (docs/decisions/040), which drops keys it
 * does not name. Under test a dropped or changed value fails the request instead, naming the
 * paths, so a schema that forgets a field cannot pass the suite.
 */
export function responseSerializerCompiler(isStrict: boolean): typeof serializerCompiler {
  if (!isStrict) return serializerCompiler;
  return (routeSchema) => {
    const serialize = serializerCompiler(routeSchema);
    return (data) => {
      const json = serialize(data);
      const given: unknown = JSON.parse(JSON.stringify(data) ?? 'null');
      const sent: unknown = JSON.parse(json);
      if (isDeepStrictEqual(given, sent)) return json;
      const paths = differences(given, sent, '').slice(0, 20).join(', ');
      const message = `${routeSchema.method} ${routeSchema.url} ${routeSchema.httpStatus}: the response schema changed ${paths}`;
      // The error handler answers 500 without detail and tests log nothing: say it here.
      console.error(message);
      throw new Error(message);
    };
  };
}

function differences(given: unknown, sent: unknown, path: string): string[] {
  if (isDeepStrictEqual(given, sent)) return [];
  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
  if (!isObject(given) || !isObject(sent)) return [path || '(body)'];
  const keys = new Set([...Object.keys(given), ...Object.keys(sent)]);
  return [...keys].flatMap((key) => differences(given[key], sent[key], path ? `${path}.${key}` : key));
}
