import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../lib/session';
import { homeFor } from '../features/auth/home';

/** Screens a role may not use send it to its own landing screen (the server enforces it too). */
export function RequireRole({ roles, children }: { roles: readonly number[]; children: ReactNode }) {
  const session = useSession();
  if (!session.data) return null;
  if (!roles.includes(session.data.rol)) return <Navigate to={homeFor(session.data.rol)} replace />;
  return children;
}
