/**
 * The inspector's installable app (issue 43 item 2, docs/decisions/088 and 105): one list, read by
 * the router (the Inspector's routes and the screens preloaded at boot) and by the build's
 * service worker (apps/web/vite.config.ts, what it precaches). A screen added or moved here is
 * routed and kept offline alike. Plain data: the Vite config imports it.
 */
export const INSPECTOR_ROUTES = [
  { path: '/inspecciones', module: 'inspecciones' },
  { path: '/inspecciones/detalleInspeccion/:id', module: 'detalle-inspeccion' },
] as const;

export type InspectorRoute = (typeof INSPECTOR_ROUTES)[number];

/** The file of a route's module (`src/app/routes/*.tsx`), relative to apps/web. */
export const routeModuleFile = (module: string) => `src/app/routes/${module}.tsx`;

/** The signed-in shell every screen renders in: kept offline with the screens. */
export const SHELL_MODULE = 'shell';

/**
 * Libraries the inspector's screens import lazily and need without network: the photos'
 * compression and EXIF reader (a photo taken after an offline reload) and the resumable uploads'
 * client (the queued close sent when the network returns to a page opened offline). Precached
 * after the load, never part of the cold load (docs/decisions/105).
 */
export const INSPECTOR_LAZY_LIBRARIES = ['browser-image-compression', 'exifr/dist/mini.esm.mjs', 'tus-js-client'] as const;

/** The shell's lazy parts an Inspector needs offline: the sender of the queued closes (decision 091). */
export const INSPECTOR_LAZY_MODULES = ['src/features/inspeccion/salida/EnvioDeCierres.tsx'] as const;

/**
 * The modules, relative to apps/web, whose chunks the service worker keeps with every chunk and
 * style they import statically: the page's entry, the shell, each inspector route's screen and
 * the shell's lazy parts above.
 */
export const inspectorPrecacheModules = (): string[] => [
  'index.html',
  routeModuleFile(SHELL_MODULE),
  ...INSPECTOR_ROUTES.map((route) => routeModuleFile(route.module)),
  ...INSPECTOR_LAZY_MODULES,
];
