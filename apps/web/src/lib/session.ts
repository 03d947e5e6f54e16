import { authUserResponse, sessionUserSchema, type AuthUser, type SessionUser } from '@siniestros/domain';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from './api';
import { queryKeys } from './query-keys';

/** Who is signed in: GET /users/auth's answer, or the sign-in's and the refresh's (a subset). */
export type Session = SessionUser & Partial<Omit<AuthUser, keyof SessionUser>> & { totp_setup_required?: boolean };

/**
 * Spec §4, session: check once; when not authenticated, revalidate the token once
 * (`POST /users/refresh`) and then settle either way. null means signed out.
 */
export async function getSession(): Promise<Session | null> {
  try {
    return await api.get(authUserResponse, '/users/auth');
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
  }
  try {
    return await api.post(sessionUserSchema, '/users/refresh');
  } catch {
    return null;
  }
}

export function useSession() {
  return useQuery({ queryKey: queryKeys.session, queryFn: getSession, staleTime: 60_000, retry: false });
}
