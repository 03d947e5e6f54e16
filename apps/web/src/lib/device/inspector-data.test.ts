import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/query-core';
import { ROL } from '@siniestros/domain';
import { forgetDevice, forgetSession, keepForSession, offlineIdentity } from './inspector-data';
import { forgetEveryone, keptUsers, readIdentity, userStorage } from './store';

/**
 * docs/decisions/088: what the inspector's device keeps, against a real IndexedDB (fake-indexeddb,
 * the spec's implementation in memory). A "reload" is a new QueryClient, as a new page would have.
 */
const ANA = { usr: 'ana@e2e.local', rol: ROL.INSPECTOR, id_inspect: 1 };
const BRUNO = { usr: 'bruno@e2e.local', rol: ROL.INSPECTOR, id_inspect: 2 };
const LUCIA = { usr: 'lucia@e2e.local', rol: ROL.USER, id_inspect: null };
const DETALLE = ['inspecciones', 'detalle', 7];
const DOCUMENTOS = ['documentos', 70];

/** The record the persister wrote for a user, as text ('' when none). */
async function recordOf(usr: string): Promise<string> {
  return (await userStorage(usr).getItem(usr)) ?? '';
}

/** Waits for the persister's throttled write (a second) to land. */
const persisted = (usr: string, text: string) => vi.waitFor(async () => expect(await recordOf(usr)).toContain(text), { timeout: 5000, interval: 50 });

afterEach(async () => {
  await forgetDevice(new QueryClient());
});

describe("the inspector's data on the device", () => {
  it("keeps an Inspector's inspections and documents under their username, not other queries, and restores them after a reload", async () => {
    const first = new QueryClient();
    await keepForSession(first, ANA);
    first.setQueryData(DETALLE, { direccion: 'Taller de Ana' });
    first.setQueryData(DOCUMENTOS, ['foto.jpg']);
    first.setQueryData(['casos', 'list', 1], { secreto: 'lista de la oficina' });
    await persisted(ANA.usr, 'Taller de Ana');
    expect(await keptUsers()).toEqual([ANA.usr]);
    const record = await recordOf(ANA.usr);
    expect(record).toContain('foto.jpg');
    expect(record).not.toContain('lista de la oficina');
    expect(await readIdentity()).toMatchObject({ usr: ANA.usr, rol: ROL.INSPECTOR, id_inspect: 1 });
    // Kept a week, not TanStack's five minutes: a screen closed long ago is still on the device.
    expect(first.getQueryCache().find({ queryKey: DETALLE })?.gcTime).toBe(7 * 24 * 60 * 60 * 1000);

    const reloaded = new QueryClient();
    await keepForSession(reloaded, ANA);
    expect(reloaded.getQueryData(DETALLE)).toEqual({ direccion: 'Taller de Ana' });
    expect(reloaded.getQueryData(DOCUMENTOS)).toEqual(['foto.jpg']);
  });

  it("another user's session removes what the previous one kept before anything is restored", async () => {
    const anas = new QueryClient();
    await keepForSession(anas, ANA);
    anas.setQueryData(DETALLE, { direccion: 'Taller de Ana' });
    await persisted(ANA.usr, 'Taller de Ana');

    const brunos = new QueryClient();
    await keepForSession(brunos, BRUNO);
    expect(brunos.getQueryData(DETALLE)).toBeUndefined();
    expect(await keptUsers()).toEqual([]);
    expect(await readIdentity()).toMatchObject({ usr: BRUNO.usr });
    brunos.setQueryData(['inspecciones', 'detalle', 8], { direccion: 'Taller de Bruno' });
    await persisted(BRUNO.usr, 'Taller de Bruno');
    expect(await keptUsers()).toEqual([BRUNO.usr]);

    // An office user keeps nothing and finds nothing of the inspectors'.
    const lucias = new QueryClient();
    await keepForSession(lucias, LUCIA);
    expect(await keptUsers()).toEqual([]);
    expect(await readIdentity()).toBeNull();
    expect(await offlineIdentity()).toBeNull();
  });

  it('a logout removes the user and their identity, and a write still waiting in the throttle does not bring them back', async () => {
    const client = new QueryClient();
    await keepForSession(client, ANA);
    client.setQueryData(DETALLE, { direccion: 'Taller de Ana' });
    await persisted(ANA.usr, 'Taller de Ana');
    expect(await offlineIdentity()).toMatchObject({ usr: ANA.usr });

    // A change just before the logout: the persister schedules its write after the one running
    // (its throttle's timer, run here by hand once the logout is done).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      // The first change is written at once, the second waits for it in the throttle.
      client.setQueryData(['inspecciones', 'detalle', 9], { direccion: 'Otra visita' });
      client.setQueryData(['inspecciones', 'detalle', 10], { direccion: 'Una más' });
      // The logout sets the session to signed out first: that answer stays (no screen asks the server again).
      client.setQueryData(['session'], null);
      await forgetSession(client, ANA.usr);
      await vi.advanceTimersByTimeAsync(5000);
    } finally {
      vi.useRealTimers();
    }
    expect(client.getQueryData(DETALLE)).toBeUndefined();
    expect(client.getQueryCache().findAll().map((query) => [query.queryKey, query.state.data])).toEqual([[['session'], null]]);
    expect(await keptUsers()).toEqual([]);
    expect(await readIdentity()).toBeNull();
    expect(await offlineIdentity()).toBeNull();

    // The storage of a logged-out user writes nothing, whenever the throttle fires.
    const closed = userStorage(ANA.usr);
    closed.close();
    await closed.setItem(ANA.usr, '{"tarde":true}');
    expect(await keptUsers()).toEqual([]);
  });

  it('a 401 removes everyone, from the device and from memory, but the session query itself', async () => {
    const client = new QueryClient();
    await keepForSession(client, ANA);
    client.setQueryData(DETALLE, { direccion: 'Taller de Ana' });
    client.setQueryData(['session'], { usr: ANA.usr });
    await persisted(ANA.usr, 'Taller de Ana');
    await forgetDevice(client);
    expect(await keptUsers()).toEqual([]);
    expect(await readIdentity()).toBeNull();
    expect(client.getQueryData(DETALLE)).toBeUndefined();
    expect(client.getQueryData(['session'])).toEqual({ usr: ANA.usr });
  });

  it("a build that changed drops what an older one kept (the buster), and an old record (a week) is not restored", async () => {
    await forgetEveryone();
    const old = { buster: 'otra-build', timestamp: Date.now(), clientState: { mutations: [], queries: [] } };
    await userStorage(ANA.usr).setItem(ANA.usr, JSON.stringify(old));
    const client = new QueryClient();
    await keepForSession(client, ANA);
    expect(await recordOf(ANA.usr)).toBe('');
    await forgetSession(client, ANA.usr);

    const stale = {
      buster: 'dev',
      timestamp: Date.now() - 8 * 24 * 60 * 60 * 1000,
      clientState: {
        mutations: [],
        queries: [{ queryKey: DETALLE, queryHash: JSON.stringify(DETALLE), state: { data: { direccion: 'vieja' }, status: 'success', dataUpdatedAt: 1 } }],
      },
    };
    await userStorage(ANA.usr).setItem(ANA.usr, JSON.stringify(stale));
    const later = new QueryClient();
    await keepForSession(later, ANA);
    expect(later.getQueryData(DETALLE)).toBeUndefined();
  });
});
