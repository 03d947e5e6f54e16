import fc from 'fast-check';
import { nastyNumber, nastyString, nastyValue, unknownKey } from './values';

/**
 * Values shaped by a route's own schema (its OpenAPI document, produced from the zod schemas of
 * packages/domain): often valid, often just off (a limit, the wrong type), sometimes hostile.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
};

/** Where a value sits inside a body: property names and array positions. */
export type JsonPath = (string | number)[];

export type OpenApiParameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: JsonSchema };
export type OpenApiOperation = { parameters?: OpenApiParameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };

const isoDay = fc
  .date({ min: new Date('1990-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

function stringArb(schema: JsonSchema): fc.Arbitrary<string> {
  const max = Math.min(schema.maxLength ?? 40, 40);
  const min = Math.min(schema.minLength ?? 0, max);
  let shaped: fc.Arbitrary<string> = fc.string({ minLength: min, maxLength: max });
  if (schema.pattern) {
    try {
      shaped = fc.stringMatching(new RegExp(schema.pattern), { size: 'small' });
    } catch {
      // A pattern JavaScript cannot compile: free text instead.
    }
  }
  const limits = schema.maxLength === undefined ? [] : [schema.maxLength, schema.maxLength + 1];
  const atLimit = limits.length
    ? fc.tuple(fc.constantFrom(...limits), fc.constantFrom('x', 'ñ', 'ß', '😀', ' ', '%')).map(([length, char]) => char.repeat(length))
    : fc.constant('x');
  return fc.oneof(
    { weight: 5, arbitrary: shaped },
    { weight: 2, arbitrary: isoDay },
    { weight: 1, arbitrary: atLimit },
    { weight: 3, arbitrary: nastyString },
  );
}

function numberArb(schema: JsonSchema, integer: boolean): fc.Arbitrary<unknown> {
  const min = Math.max(schema.minimum ?? -1000, -(2 ** 31));
  const max = Math.min(schema.maximum ?? 1000, 2 ** 31 - 1, min + 50);
  const inRange = integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
  const edges = [schema.minimum, schema.maximum]
    .filter((value): value is number => value !== undefined)
    .flatMap((value) => [value - 1, value, value + 1]);
  return fc.oneof(
    { weight: 5, arbitrary: inRange },
    { weight: 2, arbitrary: inRange.map(String) },
    { weight: 1, arbitrary: edges.length ? fc.constantFrom(...edges) : nastyNumber },
    { weight: 2, arbitrary: nastyNumber },
    { weight: 1, arbitrary: nastyString },
  );
}

/** A value shaped by `schema`, often valid, often just off, sometimes hostile. */
export function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return nastyValue;
  const variants = schema.anyOf ?? schema.oneOf;
  let shaped: fc.Arbitrary<unknown>;
  if (variants?.length) shaped = fc.oneof(...variants.map((variant) => fromSchema(variant, depth + 1)));
  else if (schema.allOf?.length) shaped = fromSchema(schema.allOf[0], depth + 1);
  else if (schema.enum?.length)
    shaped = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...schema.enum) }, { weight: 1, arbitrary: nastyValue });
  else if (schema.const !== undefined) shaped = fc.oneof(fc.constant(schema.const), nastyValue);
  else {
    const type = [schema.type ?? (schema.properties ? 'object' : undefined)].flat()[0];
    switch (type) {
      case 'object':
        shaped = objectArb(schema, depth).map(({ value }) => value);
        break;
      case 'array': {
        const items = fc.array(fromSchema(schema.items, depth + 1), { maxLength: Math.min((schema.maxItems ?? 4) + 1, 7) });
        shaped = fc.oneof({ weight: 4, arbitrary: items }, { weight: 1, arbitrary: nastyValue });
        break;
      }
      case 'string':
        shaped = stringArb(schema);
        break;
      case 'integer':
        shaped = numberArb(schema, true);
        break;
      case 'number':
        shaped = numberArb(schema, false);
        break;
      case 'boolean':
        shaped = fc.oneof(
          { weight: 4, arbitrary: fc.boolean() },
          { weight: 1, arbitrary: fc.constantFrom('true', 1, 0, 'si') },
          { weight: 1, arbitrary: nastyValue },
        );
        break;
      case 'null':
        shaped = fc.constant(null);
        break;
      default:
        shaped = nastyValue;
    }
  }
  return schema.nullable ? fc.oneof({ weight: 5, arbitrary: shaped }, { weight: 1, arbitrary: fc.constant(null) }) : shaped;
}

/** An object of the schema's properties; `withUnknown` says whether it carries a property the schema lacks. */
export function objectArb(schema: JsonSchema, depth: number): fc.Arbitrary<{ value: Record<string, unknown>; withUnknown: boolean }> {
  const properties = schema.properties ?? {};
  const keys = Object.keys(properties);
  const fields = Object.fromEntries(keys.map((key) => [key, fromSchema(properties[key], depth + 1)]));
  const required = (schema.required ?? []).filter((key) => keys.includes(key));
  const known = fc.oneof(
    { weight: 4, arbitrary: fc.record(fields, { requiredKeys: required }) },
    { weight: 1, arbitrary: fc.record(fields, { requiredKeys: [] }) },
  );
  const extras = fc.oneof(
    { weight: 4, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc.dictionary(
        unknownKey.filter((key) => !keys.includes(key)),
        nastyValue,
        { minKeys: 1, maxKeys: 2 },
      ),
    },
  );
  return fc.tuple(known, extras).map(([value, extra]) => {
    // defineProperty: a key named `__proto__`/`constructor` stays an own property, as JSON would carry it.
    const merged: Record<string, unknown> = { ...value };
    for (const [key, item] of Object.entries(extra))
      Object.defineProperty(merged, key, { value: item, enumerable: true, writable: true, configurable: true });
    return { value: merged, withUnknown: Object.keys(extra).length > 0 };
  });
}

/** The top-level object schema of a body (the object variant of a nullable or union body). */
export function objectVariant(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  if (schema.type === 'object' || schema.properties) return schema;
  return (schema.anyOf ?? schema.oneOf ?? []).map(objectVariant).find(Boolean);
}

/** The schema of the value at `path` inside a body of `schema` (through nullable and union wrappers). */
export function schemaAt(schema: JsonSchema | undefined, path: JsonPath): JsonSchema | undefined {
  let node = schema;
  for (const key of path) {
    const container = objectVariant(node) ?? (node?.items ? node : (node?.anyOf ?? node?.oneOf)?.find((variant) => variant.items));
    node = typeof key === 'number' ? container?.items : container?.properties?.[key];
  }
  return node;
}

export const maxLengthOf = (schema: JsonSchema | undefined): number | undefined =>
  schema?.maxLength ?? (schema?.anyOf ?? schema?.oneOf)?.map(maxLengthOf).find((value) => value !== undefined);
