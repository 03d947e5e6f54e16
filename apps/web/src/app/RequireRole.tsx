import type { ReactNode } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { useSession } from '../lib/session';
import { homeFor } from '../features/auth/home';
import { queryKeys } from '../lib/query-keys';

/**
 * Screens a role may not use send it to its own landing screen (the server enforces it too).
 * While the logout runs no screen shows: one still loading would otherwise ask the server after
 * the session ended (a 401); should the logout fail, the screen comes back.
 */
export function RequireRole({ roles, children }: { roles: readonly number[]; children: ReactNode }) {
  const session = useSession();
  const isLoggingOut = useIsMutating({ mutationKey: queryKeys.logout }) > 0;
  if (!session.data || isLoggingOut) return null;
  if (!roles.includes(session.data.rol)) return <Navigate to={homeFor(session.data.rol)} replace />;
  return children;
}
