import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { FullScreenLoader } from '../../../components/FullScreenLoader';
import { useSession } from '../../../lib/session';
import { useSessionEndWatch } from '../hooks/use-session-end-watch';

/** Spec §2, session guard: wait with 'Cargando...', then the screen or back to /. */
export function SessionGuard({ children }: { children: ReactNode }) {
  const session = useSession();
  useSessionEndWatch();
  if (session.isPending) return <FullScreenLoader />;
  if (!session.data) return <Navigate to="/" replace />;
  return children;
}
