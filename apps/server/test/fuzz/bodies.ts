import fc from 'fast-check';
import type { Part } from '../multipart';
import { maxLengthOf, objectVariant, schemaAt, type JsonPath, type JsonSchema } from './schemas';
import { FILE_CONTENTS, NASTY_FILE_NAMES, nastyString, nastyValue } from './values';

/**
 * A known-valid body of a route, and what the fuzzer makes of it: one field dropped, replaced,
 * retyped or an unknown one added (`mutationArb`), and every leaf in turn replaced by the values
 * that break storage rather than validation (`leafSweep`, `partsSweep` for multipart).
 */
export type KnownValid = { path: () => string; body?: () => unknown; parts?: () => Part[] };

export function pathsOf(value: unknown, prefix: JsonPath = []): JsonPath[] {
  const own: JsonPath[] = prefix.length ? [prefix] : [];
  if (Array.isArray(value)) return [...own, ...value.flatMap((item, index) => pathsOf(item, [...prefix, index]))];
  if (value && typeof value === 'object')
    return [...own, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...prefix, key]))];
  return own;
}

export type Mutation = { kind: 'drop' | 'replace' | 'retype' | 'unknown'; at: JsonPath; value: unknown };

function retyped(value: unknown): unknown {
  if (typeof value === 'string') return Number.isNaN(Number(value)) ? 12345 : [value];
  if (typeof value === 'number') return String(value) + 'x';
  if (typeof value === 'boolean') return value ? 'true' : 0;
  if (Array.isArray(value)) return { 0: value[0] };
  if (value && typeof value === 'object') return [value];
  return 'null';
}

export function applyMutation(body: unknown, mutation: Mutation): unknown {
  const copy = structuredClone(body);
  if (mutation.at.length === 0) {
    if (mutation.kind !== 'unknown') return mutation.kind === 'drop' ? undefined : mutation.value;
    if (copy && typeof copy === 'object' && !Array.isArray(copy)) (copy as Record<string, unknown>).zz_intruso = mutation.value;
    return copy;
  }
  const parentPath = mutation.at.slice(0, -1);
  const last = mutation.at.at(-1)!;
  let parent = copy as Record<string | number, unknown>;
  for (const key of parentPath) parent = parent[key] as Record<string | number, unknown>;
  if (mutation.kind === 'drop') {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else if (mutation.kind === 'replace') parent[last] = mutation.value;
  else if (mutation.kind === 'retype') parent[last] = retyped(parent[last]);
  else {
    const target = parent[last];
    if (target && typeof target === 'object' && !Array.isArray(target)) (target as Record<string, unknown>).zz_intruso = mutation.value;
    else parent[last] = mutation.value;
  }
  return copy;
}

export function mutationArb(body: unknown): fc.Arbitrary<Mutation> {
  const paths = pathsOf(body);
  const at = paths.length ? fc.constantFrom(...paths) : fc.constant([] as JsonPath);
  return fc.record({
    kind: fc.constantFrom('drop', 'replace', 'replace', 'retype', 'unknown') as fc.Arbitrary<Mutation['kind']>,
    at,
    value: nastyValue,
  });
}

/** Whether `mutation` added a property to an object whose schema refuses unknown ones. */
export function addsRefusedProperty(schema: JsonSchema | undefined, body: unknown, mutation: Mutation): boolean {
  if (mutation.kind !== 'unknown') return false;
  let node = objectVariant(schema);
  let value = body;
  for (const key of mutation.at) {
    if (!node) return false;
    node = typeof key === 'number' ? node.items : node.properties?.[key];
    node = objectVariant(node) ?? node;
    value = (value as Record<string | number, unknown>)?.[key];
  }
  return Boolean(
    value && typeof value === 'object' && !Array.isArray(value) && node && objectVariant(node)?.additionalProperties === false,
  );
}

/**
 * The values that break storage rather than validation, most telling first: PostgreSQL refuses
 * U+0000 in text; 'ß' and 'ﬁ' double when upper-cased (a column at its limit overflows); a lone
 * surrogate is not UTF-8; then SQL and LIKE metacharacters.
 */
function stringKillers(schema: JsonSchema | undefined): string[] {
  const max = Math.min(maxLengthOf(schema) ?? 30, 20_000);
  return ['a\u0000b', 'ß'.repeat(max), 'ﬁ'.repeat(max), 'a\ud800b', "x' OR '1'='1' --", '%_\\', ' '.repeat(max + 1)];
}
export const NUMBER_KILLERS: unknown[] = [2 ** 31, 1e21, 32_768, -1, 0.5, '12abc', -(2 ** 31) - 1];

/** Each leaf of a known-valid body replaced, one at a time, by the first `perLeaf` killers of its type. */
export function leafSweep(schema: JsonSchema | undefined, body: unknown, perLeaf: number): { at: JsonPath; value: unknown }[] {
  const leaves = pathsOf(body).filter((path) => {
    const value = path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], body);
    return value === null || typeof value !== 'object';
  });
  return leaves.flatMap((at) => {
    const value = at.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], body);
    const killers = typeof value === 'string' ? stringKillers(schemaAt(schema, at)) : NUMBER_KILLERS;
    return killers.slice(0, perLeaf).map((killer) => ({ at, value: killer }));
  });
}

/** The same for the text fields and file names of a known-valid multipart body. */
export function partsSweep(parts: Part[], perLeaf: number): Part[][] {
  return parts.flatMap((part, index) => {
    const killers = typeof part[1] === 'string' ? stringKillers(undefined) : stringKillers({ maxLength: 200 }).map((name) => `${name}.pdf`);
    return killers
      .slice(0, perLeaf)
      .map((killer) =>
        parts.map((item, position): Part =>
          position !== index ? item : [item[0], typeof item[1] === 'string' ? killer : { ...item[1], filename: killer }],
        ),
      );
  });
}

/** The valid multipart body with one part dropped, replaced, renamed, repeated, or its file swapped. */
export function partsMutationArb(parts: Part[]): fc.Arbitrary<Part[]> {
  const index = fc.integer({ min: 0, max: parts.length - 1 });
  const fieldValue = fc.oneof(
    nastyString.map((value) => value.replace(/\r|\n/g, ' ')),
    fc.constantFrom('Foto', 'Denuncia', 'Inexistente', '-1', '1e400'),
  );
  const fileValue = fc.record({ filename: fc.constantFrom(...NASTY_FILE_NAMES), content: fc.constantFrom(...FILE_CONTENTS) });
  return fc.oneof(
    index.map((at) => parts.filter((_, position) => position !== at)),
    fc
      .tuple(index, fieldValue)
      .map(([at, value]) =>
        parts.map((part, position): Part =>
          position === at ? [part[0], typeof part[1] === 'string' ? value : { ...part[1], filename: value.slice(0, 40) || 'x' }] : part,
        ),
      ),
    fc
      .tuple(index, fileValue)
      .map(([at, file]) => parts.map((part, position): Part => (position === at && typeof part[1] !== 'string' ? [part[0], file] : part))),
    fc
      .tuple(index, fc.constantFrom('zz_intruso', 'uploadFiles', 'tipo', 'inspeccion', ''))
      .map(([at, name]) => parts.map((part, position): Part => (position === at ? [name, part[1]] : part))),
    index.map((at) => [...parts, parts[at]!]),
    fc
      .array(
        fc.tuple(
          fc.constantFrom('tipo', 'uploadFiles', 'resultado', 'monto_inspeccion', 'inspeccion', 'cotizacion', 'zz'),
          fc.oneof(fieldValue, fileValue),
        ),
        { maxLength: 6 },
      )
      .map((random) => random as Part[]),
  );
}
