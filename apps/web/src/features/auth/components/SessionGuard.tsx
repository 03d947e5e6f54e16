import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { FullScreenLoader } from '../../../components/FullScreenLoader';
import { useKeptData } from '../../../lib/device/use-kept-data';
import { useSession } from '../../../lib/session';
import { useSessionEndWatch } from '../hooks/use-session-end-watch';

/**
 * Spec §2, session guard: wait with 'Cargando...', then the screen or back to /. An Inspector's
 * screens wait for the data kept on the device too (docs/decisions/088).
 */
export function SessionGuard({ children }: { children: ReactNode }) {
  const session = useSession();
  const isRestored = useKeptData(session.data);
  useSessionEndWatch();
  if (session.isPending) return <FullScreenLoader />;
  if (!session.data) return <Navigate to="/" replace />;
  if (!isRestored) return <FullScreenLoader />;
  return children;
}
