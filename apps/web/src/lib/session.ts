import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from './api';
import { queryKeys } from './query-keys';

export type Session = {
  usr: string;
  rol: number;
  id_inspect: number | null;
  nombre?: string;
  apellido?: string;
  /** Has a confirmed second factor (GET /users/auth only). */
  totp?: boolean;
  /** REQUIRE_TOTP: this user's role must have a second factor (GET /users/auth only). */
  totp_required?: boolean;
  /** Sign-in answer under REQUIRE_TOTP: this user must enrol before anything else. */
  totp_setup_required?: boolean;
};

/**
 * Spec §4, session: check once; when not authenticated, revalidate the token once
 * (`POST /users/refresh`) and then settle either way. null means signed out.
 */
export async function getSession(): Promise<Session | null> {
  try {
    return await api.get<Session>('/users/auth');
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
  }
  try {
    return await api.post<Session>('/users/refresh');
  } catch {
    return null;
  }
}

export function useSession() {
  return useQuery({ queryKey: queryKeys.session, queryFn: getSession, staleTime: 60_000, retry: false });
}
