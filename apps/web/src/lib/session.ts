import { authUserResponse, sessionUserSchema, type AuthUser, type SessionUser } from '@siniestros/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from './api';
import { queryClient } from './query-client';
import { queryKeys } from './query-keys';

/** Who is signed in: GET /users/auth's answer, or the sign-in's and the refresh's (a subset). */
export type Session = SessionUser &
  Partial<Omit<AuthUser, keyof SessionUser>> & {
    totp_setup_required?: boolean;
    /** No network: the Inspector of the last session, opened read-only from the device (docs/decisions/088). */
    sinConexion?: true;
  };

/** The device's store, loaded when needed: the login screen's script does not carry IndexedDB's code. */
const device = () => import('./device/inspector-data');

const OFFLINE_RECHECK_MS = 10_000;

/** The server could not be reached at all (no answer, not an error status). */
const isUnreachable = (error: unknown) => error instanceof ApiError && error.status === 0;

/** Without network, the last session's Inspector, if the device kept one; otherwise the error stands. */
async function offlineSession(error: unknown): Promise<Session> {
  const identity = await (await device()).offlineIdentity();
  if (!identity) throw error;
  return { ...identity, sinConexion: true };
}

/**
 * Spec §4, session: check once; when not authenticated, revalidate the token once
 * (`POST /users/refresh`) and then settle either way. null means signed out, and a 401 takes away
 * whatever the device kept. Without network an Inspector's last session opens from the device.
 */
export async function getSession(): Promise<Session | null> {
  try {
    return await api.get(authUserResponse, '/users/auth');
  } catch (error) {
    if (isUnreachable(error)) return offlineSession(error);
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
  }
  try {
    return await api.post(sessionUserSchema, '/users/refresh');
  } catch (error) {
    if (isUnreachable(error)) return offlineSession(error);
    if (error instanceof ApiError && error.status === 401) await (await device()).forgetDevice(queryClient);
    return null;
  }
}

/** The session's query, for the hook and for the boot's early ask (main.tsx). */
export const sessionQuery = queryOptions({
  queryKey: queryKeys.session,
  queryFn: getSession,
  // Asked even when the browser says it is offline: getSession answers from the device then.
  networkMode: 'always',
  // A session read from the device is checked again when the browser says the network is back,
  // and every 10 s meanwhile (that first check can still fail, or the browser may not know).
  staleTime: (query) => (query.state.data?.sinConexion ? 0 : 60_000),
  refetchInterval: (query) => (query.state.data?.sinConexion ? OFFLINE_RECHECK_MS : false),
  retry: false,
});

export function useSession() {
  return useQuery(sessionQuery);
}
