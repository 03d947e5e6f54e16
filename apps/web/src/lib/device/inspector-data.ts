import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { persistQueryClient } from '@tanstack/query-persist-client-core';
import { ROL } from '@siniestros/domain';
import { forgetEveryone, forgetUser, readIdentity, saveIdentity, userStorage, type DeviceIdentity } from './store';

/** How long an inspector's data stays on the device unopened (docs/decisions/088). */
export const KEPT_MS = 7 * 24 * 60 * 60 * 1000;
/** A new build does not read what an older one kept (its shapes may have changed). */
export const BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? 'dev';
/**
 * The queries kept, by the first part of their key (lib/query-keys): the inspector's lists and
 * inspections, the documents list of each case opened, and the office's name for the header.
 */
const KEPT_ROOTS = ['inspecciones', 'documentos', 'config'];
/** TanStack Query's default: what the other roots go back to after an inspector's session. */
const DEFAULT_GC_MS = 5 * 60 * 1000;

export const isKeptQuery = (query: Pick<Query, 'queryKey' | 'state'>) =>
  query.state.status === 'success' && KEPT_ROOTS.includes(String(query.queryKey[0]));

type Kept = { usr: string; queryClient: QueryClient; ready: Promise<void>; stop: () => void };
let kept: Kept | null = null;

function setKeptGcTime(queryClient: QueryClient, gcTime: number) {
  // A query nobody shows is dropped after gcTime, and the next save would drop it from the device.
  for (const root of KEPT_ROOTS) queryClient.setQueryDefaults([root], { gcTime });
}

/** Stops saving the current user's queries; a save still waiting in the throttle is dropped. */
function stopKeeping(queryClient: QueryClient) {
  kept?.stop();
  kept = null;
  setKeptGcTime(queryClient, DEFAULT_GC_MS);
}

/**
 * Called with every session the app settles on. An Inspector's kept queries are restored into the
 * cache (only theirs: the record is under their username) and every change is saved again; any
 * other user's data is removed first. Other roles keep nothing, and find nothing of anyone.
 * Resolves once the restore is done, so the screens render from it.
 */
export function keepForSession(queryClient: QueryClient, session: DeviceIdentity): Promise<void> {
  if (kept?.usr === session.usr && kept.queryClient === queryClient) return kept.ready;
  stopKeeping(queryClient);
  if (session.rol !== ROL.INSPECTOR) return forgetOthers(session.usr).catch(() => undefined);
  const storage = userStorage(session.usr);
  let unsubscribe = () => {};
  const current: Kept = {
    usr: session.usr,
    queryClient,
    stop: () => {
      storage.close();
      unsubscribe();
    },
    ready: (async () => {
      await forgetOthers(session.usr);
      await saveIdentity(session);
      setKeptGcTime(queryClient, KEPT_MS);
      const dehydrateOptions = { shouldDehydrateQuery: isKeptQuery, shouldDehydrateMutation: () => false };
      const [stop, restored] = persistQueryClient({
        queryClient,
        // Each change written as soon as the last write ended (the library waits a second by default):
        // the agenda is on the device before it is on screen, not a second after.
        persister: createAsyncStoragePersister({ storage, key: session.usr, throttleTime: 0 }),
        maxAge: KEPT_MS,
        buster: BUILD_ID,
        dehydrateOptions,
      });
      // A write still running when the tab is closed or sent to the background may be lost: the
      // whole state is written again at once when the page is hidden or leaves.
      // The record as the persister writes it (PersistedClient, JSON); after a logout the storage is closed and writes nothing.
      const flush = () =>
        void Promise.resolve(storage.setItem(session.usr, JSON.stringify({ buster: BUILD_ID, timestamp: Date.now(), clientState: dehydrate(queryClient, dehydrateOptions) }))).catch(() => undefined);
      const flushWhenHidden = () => {
        if (window.document.visibilityState === 'hidden') flush();
      };
      // No page to leave where there is no window (the unit tests run in Node).
      const page = typeof window === 'undefined' ? null : window;
      page?.addEventListener('pagehide', flush);
      page?.document.addEventListener('visibilitychange', flushWhenHidden);
      unsubscribe = () => {
        stop();
        page?.removeEventListener('pagehide', flush);
        page?.document.removeEventListener('visibilitychange', flushWhenHidden);
      };
      await restored;
    })().catch(() => {
      // No IndexedDB (private mode, quota): the app works online as before, nothing kept.
    }),
  };
  kept = current;
  return current.ready;
}

/** Every query in memory leaves but the session's own answer (a screen rebuilding it would ask the server again). */
const forgetAllButSession = (queryClient: QueryClient) => queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });

/** Another user's identity and data go before this user's are written. */
async function forgetOthers(usr: string) {
  const last = await readIdentity();
  if (last && last.usr !== usr) await forgetEveryone();
}

/**
 * A logout: the cache is emptied at once (before the first wait) but the session's own answer,
 * which the logout has set to signed out (a screen rebuilding it would ask the server again); then
 * the user's data and identity leave the device.
 */
export async function forgetSession(queryClient: QueryClient, usr: string | undefined): Promise<void> {
  stopKeeping(queryClient);
  forgetAllButSession(queryClient);
  queryClient.getMutationCache().clear();
  if (usr) await forgetUser(usr).catch(() => undefined);
}

/** A 401: the session ended, whoever it was; nothing anyone kept stays, on the device or in memory. */
export async function forgetDevice(queryClient: QueryClient): Promise<void> {
  stopKeeping(queryClient);
  forgetAllButSession(queryClient);
  await forgetEveryone().catch(() => undefined);
}

/** The identity to open the inspector's screens with when the server cannot be reached. */
export async function offlineIdentity(): Promise<DeviceIdentity | null> {
  const identity = await readIdentity().catch(() => null);
  return identity?.rol === ROL.INSPECTOR ? identity : null;
}
