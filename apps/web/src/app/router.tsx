import { createBrowserRouter, type RouteObject } from 'react-router';
import { ROL, type ReferenceKind } from '@siniestros/domain';
import { LoginScreen } from '../features/auth/components/LoginScreen';
import { SessionGuard } from '../features/auth/components/SessionGuard';
import { AppLayout } from '../components/shell/AppLayout';
import { NotFound } from '../components/NotFound';
import { RequireRole } from '../components/RequireRole';
import { FullScreenLoader } from '../components/FullScreenLoader';

const STAFF = [ROL.ADMIN, ROL.USER];
const ADMIN = [ROL.ADMIN];
const INSPECTOR = [ROL.INSPECTOR];

type Lazy = () => Promise<{ Component: React.ComponentType }>;

/** A lazily loaded screen, reachable by the given roles only. */
function screen(path: string, roles: readonly number[], load: Lazy): RouteObject {
  return {
    path,
    lazy: async () => {
      const { Component } = await load();
      return {
        Component: () => (
          <RequireRole roles={roles}>
            <Component />
          </RequireRole>
        ),
      };
    },
  };
}

const reference = (kind: ReferenceKind) => async () => ({ Component: (await import('./routes/reference')).referencePage(kind) });

/** Spec §2, screens and routes. */
export const router = createBrowserRouter([
  { path: '/', element: <LoginScreen /> },
  {
    element: (
      <SessionGuard>
        <AppLayout />
      </SessionGuard>
    ),
    hydrateFallbackElement: <FullScreenLoader />,
    children: [
      screen('/casos', STAFF, () => import('./routes/casos')),
      screen('/casos/crearCaso', STAFF, () => import('./routes/crear-caso')),
      screen('/casos/detalleCaso/:id', STAFF, () => import('./routes/detalle-caso')),
      screen('/casos/valores', STAFF, () => import('./routes/valores')),
      screen('/tipoDoc', ADMIN, reference('tipoDoc')),
      screen('/analistas', ADMIN, reference('analistas')),
      screen('/companias', ADMIN, reference('companias')),
      screen('/responsabilidad', ADMIN, reference('responsabilidad')),
      screen('/usuarios', ADMIN, () => import('./routes/usuarios')),
      screen('/lesionados/:id', STAFF, () => import('./routes/lesionados')),
      screen('/audiencias/allaudiencias', STAFF, () => import('./routes/all-audiencias')),
      screen('/audiencias/:id', STAFF, () => import('./routes/audiencias')),
      screen('/inspecciones', INSPECTOR, () => import('./routes/inspecciones')),
      screen('/inspecciones/detalleInspeccion/:id', INSPECTOR, () => import('./routes/detalle-inspeccion')),
      screen('/inspecciones/allinspecciones', STAFF, () => import('./routes/all-inspecciones')),
      screen('/inspecciones/viewinspeccion/:id', STAFF, () => import('./routes/view-inspeccion')),
    ],
  },
  { path: '*', element: <NotFound /> },
]);
