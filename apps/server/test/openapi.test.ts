import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

type Schema = Record<string, unknown>;
type Operation = {
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
};
type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

/** Routes that still answer without a declared body (debt: shrink to empty, never grow). */
const MISSING_RESPONSE_SCHEMA = new Set<string>([]);

const isEmptySchema = (schema: Schema | undefined) => !schema || Object.keys(schema).length === 0;

/** A success status declares what it sends: a JSON schema, or a non-JSON content type (files). */
function declaresSuccessBody(operation: Operation): boolean {
  const successes = Object.entries(operation.responses ?? {}).filter(([status]) => /^2/.test(status));
  return (
    successes.length > 0 &&
    successes.every(([, response]) =>
      Object.entries(response.content ?? {}).some(([type, media]) => !type.includes('json') || !isEmptySchema(media.schema)),
    )
  );
}

describe('OpenAPI document (docs/decisions/040)', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  let operations: [string, Operation][];

  beforeAll(async () => {
    t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    document = response.json<OpenApiDocument>();
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]): [string, Operation] => [`${method.toUpperCase()} ${path}`, operation]),
    );
  });
  afterAll(() => t.close());

  it('lists every API route', () => {
    const listed = new Set(operations.map(([route]) => route));
    const routes = t.app.routeTable
      .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(routes.length).toBeGreaterThan(80);
    expect(routes.filter((route) => !listed.has(route))).toEqual([]);
  });

  it('declares the success body of every route', () => {
    const missing = operations.filter(([route, operation]) => !MISSING_RESPONSE_SCHEMA.has(route) && !declaresSuccessBody(operation));
    expect(missing.map(([route]) => route)).toEqual([]);
    const nowDeclared = operations.filter(([route, operation]) => MISSING_RESPONSE_SCHEMA.has(route) && declaresSuccessBody(operation));
    expect(nowDeclared.map(([route]) => route), 'declared now: take them off the allow-list').toEqual([]);
  });

  it('declares the error shape of every route', () => {
    const withoutErrors = operations.filter(([, operation]) => isEmptySchema(operation.responses?.['4XX']?.content?.['application/json']?.schema));
    expect(withoutErrors.map(([route]) => route)).toEqual([]);
  });

  it('has no empty schema for a JSON request body', () => {
    const empty = operations.filter(([, operation]) =>
      Object.entries(operation.requestBody?.content ?? {}).some(([type, media]) => type.includes('json') && isEmptySchema(media.schema)),
    );
    expect(empty.map(([route]) => route)).toEqual([]);
  });
});
