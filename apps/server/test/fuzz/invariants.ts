import type { LightMyRequestResponse } from 'fastify';

/**
 * What every answer of the API must be, whatever was sent (ASVS 5.1, 16.5): never a 5xx, no stack
 * trace, source path, driver or SQL text in it, and an error is JSON `{message}` in Spanish.
 */

/** Signs of internals in a body: stack frames, source paths, driver and SQL error texts, framework codes. */
const LEAKS: readonly RegExp[] = [
  /\n\s+at \S/,
  /\bat [\w$.<>]+ \(/,
  /node_modules/,
  /\.[cm]?[jt]s:\d+:\d+/,
  /\bError:/,
  /\bFST_[A-Z_]+/,
  /syntax error at or near/i,
  /violates (?:foreign key|unique|not-null|check) constraint/i,
  /duplicate key value/i,
  /relation "[^"]+"/i,
  /column "[^"]+"/i,
  /invalid input syntax/i,
  /out of range for type/i,
  /value too long for type/i,
  /invalid byte sequence/i,
  /Failed query/i,
  /\bdrizzle\b/i,
  /\bpglite\b/i,
  /\bSELECT\b[\s\S]{0,200}\bFROM\b/i,
  /\bINSERT INTO\b/i,
  /\bUPDATE\s+"?\w+"?\s+SET\b/i,
];

/**
 * English in a message meant for a clerk: zod's and Fastify's default texts and the plugins' own.
 * Quoted parts (echoed keys and options) are left out before matching.
 */
const ENGLISH =
  /\b(?:invalid|expected|received|unrecognized|required|too (?:small|big|large|many)|must (?:be|have|match|not)|should (?:be|have|not)|not (?:found|allowed|supported|valid)|bad request|unsupported|unexpected|malformed|boundary|exceeded|retry in|is missing|missing|rate limit|internal server|failed to|cannot|unable to)\b/i;

function englishIn(body: unknown): string | undefined {
  const texts: unknown[] = [(body as { message?: unknown } | undefined)?.message];
  const errors = (body as { errors?: unknown } | undefined)?.errors;
  if (Array.isArray(errors)) texts.push(...errors.map((error) => (error as { message?: unknown } | null)?.message));
  return texts
    .filter((text): text is string => typeof text === 'string')
    .map((text) => text.replace(/"[^"]*"|'[^']*'|:\s.*$/g, ''))
    .find((text) => ENGLISH.test(text));
}

/** Inputs that the API stores and shows back are not internals: only error bodies are held to the SQL patterns. */
const ALWAYS_LEAKS: readonly RegExp[] = LEAKS.slice(0, 4);

/** What is wrong with one answer (empty when nothing is). */
export function problemsOf(response: LightMyRequestResponse, method: string): string[] {
  const problems: string[] = [];
  const status = response.statusCode;
  if (status >= 500) problems.push(`answered ${status}`);
  const type = String(response.headers['content-type'] ?? '');
  const isText = type.includes('json') || type.startsWith('text/');
  if (isText) {
    const patterns = status >= 400 ? LEAKS : ALWAYS_LEAKS;
    const leak = patterns.find((pattern) => pattern.test(response.body));
    if (leak) problems.push(`body leaks ${leak}: ${response.body.slice(0, 300)}`);
  }
  if (status >= 400 && method !== 'HEAD') {
    if (!type.includes('application/json')) problems.push(`error with content-type '${type}'`);
    else {
      let body: unknown;
      try {
        body = JSON.parse(response.body);
      } catch {
        problems.push('error body is not JSON');
      }
      const message = (body as { message?: unknown } | undefined)?.message;
      if (typeof message !== 'string' || message.trim() === '') problems.push(`error without {message}: ${response.body.slice(0, 200)}`);
      const english = englishIn(body);
      if (english !== undefined) problems.push(`message in English: ${english}`);
    }
  }
  return problems;
}
