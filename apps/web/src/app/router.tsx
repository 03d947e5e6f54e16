import { lazy, Suspense, type ComponentType } from 'react';
import { matchPath, Route, Routes, useLocation } from 'react-router';
import { ROL, type ReferenceKind } from '@siniestros/domain';
import { LoginScreen } from '../features/auth/components/LoginScreen';
import { NotFound } from '../components/NotFound';
import { RequireRole } from './RequireRole';
import { FullScreenLoader } from '../components/FullScreenLoader';
import { RouteErrorBoundary } from '../components/RouteErrorBoundary';
import { INSPECTOR_ROUTES, routeModuleFile, SHELL_MODULE } from './inspector-app';

const STAFF = [ROL.ADMIN, ROL.USER];
const ADMIN = [ROL.ADMIN];
const INSPECTOR = [ROL.INSPECTOR];
const ANY_ROLE = [ROL.ADMIN, ROL.USER, ROL.INSPECTOR];

type Load = () => Promise<{ Component: ComponentType }>;

const lazyComponent = (load: Load) => lazy(async () => ({ default: (await load()).Component }));

/** A lazily loaded screen, reachable by the given roles only. */
function screen(roles: readonly number[], load: Load) {
  const Screen = lazyComponent(load);
  return (
    <RequireRole roles={roles}>
      <Screen />
    </RequireRole>
  );
}

const reference = (kind: ReferenceKind) => async () => ({ Component: (await import('./routes/reference')).referencePage(kind) });

/** Every screen's module, loaded when first shown: one chunk each, as a plain import() would make. */
const routeModules = import.meta.glob<{ Component: ComponentType }>(['./routes/*.tsx', '!./routes/*.test.tsx']);
/** The loader of `src/app/routes/{module}.tsx`. */
const routeModule = (module: string): Load => routeModules[routeModuleFile(module).replace('src/app/', './')]!;

const loadShell = routeModule(SHELL_MODULE);
const Shell = lazyComponent(loadShell);

/** Not the sign-in and unlock pages: a URL whose screen needs a session. */
export const isSignedInPath = (pathname: string) => pathname !== '/' && pathname !== '/desbloquear';

/**
 * Started at boot for the URL being opened: the signed-in shell's code, and an inspector screen's,
 * download beside the session check instead of after it (docs/decisions/088: the inspector's cold
 * load on a slow network). The sign-in and unlock pages load nothing more.
 */
export function preloadScreen(pathname: string) {
  if (!isSignedInPath(pathname)) return;
  void loadShell();
  const route = INSPECTOR_ROUTES.find(({ path }) => matchPath(path, pathname));
  if (route) void routeModule(route.module)();
}
const Unlock = lazyComponent(() => import('./routes/desbloquear'));

/** Spec §2, screens and routes. */
export const routes = (
  <Routes>
    <Route path="/" element={<LoginScreen />} />
    <Route path="/desbloquear" element={<Unlock />} />
    <Route element={<Shell />}>
      <Route path="/mi-cuenta" element={screen(ANY_ROLE, () => import('./routes/mi-cuenta'))} />
      <Route path="/casos" element={screen(STAFF, () => import('./routes/casos'))} />
      <Route path="/casos/crearCaso" element={screen(STAFF, () => import('./routes/crear-caso'))} />
      <Route path="/casos/detalleCaso/:id" element={screen(STAFF, () => import('./routes/detalle-caso'))} />
      <Route path="/casos/valores" element={screen(STAFF, () => import('./routes/valores'))} />
      <Route path="/tipoDoc" element={screen(ADMIN, reference('tipoDoc'))} />
      <Route path="/analistas" element={screen(ADMIN, reference('analistas'))} />
      <Route path="/companias" element={screen(ADMIN, reference('companias'))} />
      <Route path="/responsabilidad" element={screen(ADMIN, reference('responsabilidad'))} />
      <Route path="/usuarios" element={screen(ADMIN, () => import('./routes/usuarios'))} />
      <Route path="/plantillas" element={screen(ADMIN, () => import('./routes/plantillas'))} />
      <Route path="/tablero" element={screen(STAFF, () => import('./routes/tablero'))} />
      <Route path="/informes" element={screen(STAFF, () => import('./routes/informes'))} />
      <Route path="/tareas" element={screen(STAFF, () => import('./routes/tareas'))} />
      <Route path="/notificaciones" element={screen(STAFF, () => import('./routes/notificaciones'))} />
      <Route path="/aprobaciones" element={screen(STAFF, () => import('./routes/aprobaciones'))} />
      <Route path="/recibidos" element={screen(STAFF, () => import('./routes/recibidos'))} />
      <Route path="/plazos" element={screen(ADMIN, () => import('./routes/plazos'))} />
      <Route path="/asignacion" element={screen(ADMIN, () => import('./routes/asignacion'))} />
      <Route path="/documentacion-requerida" element={screen(ADMIN, () => import('./routes/documentacion-requerida'))} />
      <Route path="/checklistFotos" element={screen(ADMIN, () => import('./routes/checklist-fotos'))} />
      <Route path="/copias" element={screen(ADMIN, () => import('./routes/copias'))} />
      <Route path="/lesionados/:id" element={screen(STAFF, () => import('./routes/lesionados'))} />
      <Route path="/audiencias/allaudiencias" element={screen(STAFF, () => import('./routes/all-audiencias'))} />
      <Route path="/audiencias/:id" element={screen(STAFF, () => import('./routes/audiencias'))} />
      {/* The Inspector's screens, from the list the service worker's precache is built from (inspector-app.ts). */}
      {INSPECTOR_ROUTES.map(({ path, module }) => (
        <Route key={path} path={path} element={screen(INSPECTOR, routeModule(module))} />
      ))}
      <Route path="/inspecciones/allinspecciones" element={screen(STAFF, () => import('./routes/all-inspecciones'))} />
      <Route path="/inspecciones/viewinspeccion/:id" element={screen(STAFF, () => import('./routes/view-inspeccion'))} />
    </Route>
    <Route path="*" element={<NotFound />} />
  </Routes>
);

/**
 * Declarative routes rather than a data router (createBrowserRouter), whose code would double
 * what the login screen downloads for routing. Navigations run as transitions (BrowserRouter),
 * so the current screen stays up while the next one's code loads, as the data router did.
 */
export function AppRoutes() {
  const location = useLocation();
  return (
    <RouteErrorBoundary location={location}>
      <Suspense fallback={<FullScreenLoader />}>{routes}</Suspense>
    </RouteErrorBoundary>
  );
}
