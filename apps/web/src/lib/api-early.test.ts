import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, requestEarly } from './api';

/** The boot's early GET (docs/decisions/105): taken once by the first call of its path, dropped unless 2xx. */
const schema = { parse: (data: unknown) => data as { n: number } };

function fakeFetch(...answers: (Response | Error)[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const answer = answers.shift() ?? new Response(JSON.stringify({ n: -1 }), { status: 200 });
      if (answer instanceof Error) throw answer;
      return answer;
    }),
  );
  return calls;
}
const ok = (n: number) => new Response(JSON.stringify({ n }), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('requestEarly', () => {
  it('answers the first call of its path without a second request, and the next call asks again', async () => {
    const calls = fakeFetch(ok(1), ok(2));
    requestEarly('/inspeccion/agenda?vista=pendientes&page=1&pageSize=100');
    expect(calls).toEqual(['/api/inspeccion/agenda?vista=pendientes&page=1&pageSize=100']);
    expect(await api.get(schema, '/inspeccion/agenda?vista=pendientes&page=1&pageSize=100')).toEqual({ n: 1 });
    expect(calls).toHaveLength(1);
    expect(await api.get(schema, '/inspeccion/agenda?vista=pendientes&page=1&pageSize=100')).toEqual({ n: 2 });
    expect(calls).toHaveLength(2);
  });

  it('is not taken by another path, nor by a write of the same path', async () => {
    const calls = fakeFetch(ok(1), ok(2), ok(3));
    requestEarly('/inspeccion/agenda?vista=pendientes&page=1&pageSize=100');
    expect(await api.get(schema, '/inspeccion/agenda?vista=finalizadas&page=1&pageSize=20')).toEqual({ n: 2 });
    expect(await api.post(schema, '/inspeccion/agenda?vista=pendientes&page=1&pageSize=100', {})).toEqual({ n: 3 });
    expect(calls).toHaveLength(3);
    expect(await api.get(schema, '/inspeccion/agenda?vista=pendientes&page=1&pageSize=100')).toEqual({ n: 1 });
  });

  it('an error status at boot (a 401 before the session is refreshed) or no answer is dropped: the call asks again', async () => {
    const calls = fakeFetch(new Response(JSON.stringify({ message: 'No autenticado' }), { status: 401 }), ok(7));
    requestEarly('/a');
    expect(await api.get(schema, '/a')).toEqual({ n: 7 });
    expect(calls).toEqual(['/api/a', '/api/a']);

    const offline = fakeFetch(new TypeError('Failed to fetch'), new TypeError('Failed to fetch'));
    vi.stubGlobal('navigator', { onLine: false });
    requestEarly('/b');
    await expect(api.get(schema, '/b')).rejects.toBeInstanceOf(ApiError);
    expect(offline).toEqual(['/api/b', '/api/b']);
  });
});
