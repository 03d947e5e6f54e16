import { afterEach, expect } from 'vitest';

/**
 * What the code under test wrote with `console.error` (React's warnings included: act(), keys,
 * DOM nesting, error boundaries). A component test fails when one is left unclaimed by
 * `expectConsoleError`, as a server test fails on an error its app logged.
 */
const messages: string[] = [];

/** console.error's printf-style arguments as one line (React passes its warnings that way). */
function formatted([first, ...rest]: unknown[]): string {
  const text = (value: unknown) => (value instanceof Error ? (value.stack ?? String(value)) : String(value));
  if (typeof first !== 'string') return [first, ...rest].map(text).join(' ');
  const line = first.replace(/%[sdifoOjc]/g, (directive) => (directive === '%c' ? (rest.shift(), '') : text(rest.shift())));
  return [line, ...rest.map(text)].join(' ');
}

/** Claims the console errors matching `pattern` (at least one must be there), for a test that provokes one on purpose. */
export function expectConsoleError(pattern: RegExp): string[] {
  const matching = messages.filter((message) => pattern.test(message));
  expect(matching, `a console error matching ${pattern}`).not.toHaveLength(0);
  for (const message of matching) messages.splice(messages.indexOf(message), 1);
  return matching;
}

/** Registered by the web project's setup file, before the components' cleanup so it runs after it. */
export function failOnUnexpectedConsoleErrors() {
  console.error = (...args: unknown[]) => void messages.push(formatted(args));
  afterEach(() => {
    expect(messages.splice(0), 'console errors during this test').toEqual([]);
  });
}
