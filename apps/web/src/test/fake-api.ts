import { afterEach, beforeEach, vi } from 'vitest';

export type FakeCall = { method: string; url: string; body: unknown };
type Answer = (body: unknown) => Response;

/**
 * Stands in for the server at `fetch` in every test of the calling file: records each call (method,
 * url, JSON body), answers from `answers['METHOD url']`, then from `fallback`, and fails on anything
 * else so an unexpected call cannot pass unseen.
 */
export function fakeApi(fallback: (method: string, url: string) => Response | undefined = () => undefined) {
  const api = { calls: [] as FakeCall[], answers: {} as Record<string, Answer> };
  beforeEach(() => {
    api.calls = [];
    api.answers = {};
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      api.calls.push({ method, url, body });
      const answer = api.answers[`${method} ${url}`]?.(body) ?? fallback(method, url);
      if (answer) return answer;
      throw new Error(`unexpected ${method} ${url}`);
    });
  });
  afterEach(() => vi.unstubAllGlobals());
  return api;
}
