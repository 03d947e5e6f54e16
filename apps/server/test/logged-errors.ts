import { afterEach, expect } from 'vitest';

/**
 * What the test apps log at level error, one pino JSON line each. A server test fails when its
 * app logged an error it did not claim with `expectLoggedError` (the epic-stack habit): a 500
 * hidden behind a passing assertion on something else cannot go unnoticed.
 */
const lines: string[] = [];

/** The pino destination of a test app: error lines only (the app logs at level error). */
export const errorLogStream = { write: (line: string) => void lines.push(line) };

/** Claims the logged errors matching `pattern` (at least one must be there) and returns them. */
export function expectLoggedError(pattern: RegExp): string[] {
  const matching = lines.filter((line) => pattern.test(line));
  expect(matching, `an error log matching ${pattern}`).not.toHaveLength(0);
  for (const line of matching) lines.splice(lines.indexOf(line), 1);
  return matching;
}

/** Registered by the server projects' setup file. */
export function failOnUnexpectedLoggedErrors() {
  afterEach(() => {
    const unexpected = lines.splice(0).map((line) => {
      try {
        const entry = JSON.parse(line) as { msg?: string; err?: { message?: string } };
        return `${entry.msg ?? ''} ${entry.err?.message ?? ''}`.trim();
      } catch {
        return line;
      }
    });
    expect(unexpected, 'errors the server logged during this test').toEqual([]);
  });
}
