import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ROL } from '@siniestros/domain';
import type { Session } from '../session';
import { keepForSession } from './inspector-data';
import { registerServiceWorker } from './service-worker';

/**
 * The device's part of a session (docs/decisions/088): an Inspector's kept data restored before
 * their screens render (true once it is), the service worker registered for them; any other
 * user's data removed. Other roles do not wait.
 */
export function useKeptData(session: Session | null | undefined): boolean {
  const queryClient = useQueryClient();
  const [restoredFor, setRestoredFor] = useState<string | null>(null);
  const usr = session?.usr;
  const rol = session?.rol;
  const idInspect = session?.id_inspect ?? null;
  const { nombre, apellido } = session ?? {};
  useEffect(() => {
    if (usr === undefined || rol === undefined) return;
    let isCurrent = true;
    void keepForSession(queryClient, { usr, rol, id_inspect: idInspect, nombre, apellido }).then(() => {
      if (isCurrent) setRestoredFor(usr);
    });
    if (rol === ROL.INSPECTOR) registerServiceWorker();
    return () => {
      isCurrent = false;
    };
  }, [queryClient, usr, rol, idInspect, nombre, apellido]);
  return rol !== ROL.INSPECTOR || restoredFor === usr;
}
