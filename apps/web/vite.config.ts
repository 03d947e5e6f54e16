import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import {
  INSPECTOR_LAZY_LIBRARIES,
  INSPECTOR_LAZY_MODULES,
  INSPECTOR_ROUTES,
  inspectorPrecacheModules,
  routeModuleFile,
  SHELL_MODULE,
} from './src/app/inspector-app';

/**
 * The build's names of the inspector's files (issue 43 item 2, docs/decisions/088 and 105), read
 * from the client build's chunk graph: the modules of src/app/inspector-app.ts (the same list the
 * router's Inspector routes come from) with every chunk and style they import statically, and the
 * chunks of the lazy libraries the screens need offline. Nothing of the office's screens, the
 * portal or another lazy library (pdf.js) is kept. A listed module or library without its chunk
 * fails the build.
 */
function inspectorFiles(): Plugin & { files: Set<string> } {
  const files = new Set<string>();
  const modules = new Set(inspectorPrecacheModules().map((module) => path.resolve(import.meta.dirname, module)));
  const libraries = new Map<string, string>();
  return {
    name: 'siniestros:inspector-files',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    files,
    async buildStart() {
      libraries.clear();
      for (const library of INSPECTOR_LAZY_LIBRARIES) {
        const resolved = await this.resolve(library, path.resolve(import.meta.dirname, 'src/main.tsx'));
        if (!resolved) this.error(`inspector-files: cannot resolve ${library}`);
        libraries.set(resolved.id, library);
      }
    },
    generateBundle(_options, bundle) {
      files.clear();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (!chunk || files.has(fileName)) return;
        files.add(fileName);
        if (chunk.type !== 'chunk') return;
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const imported of chunk.imports) visit(imported);
      };
      const missing = new Set([...modules, ...libraries.keys()]);
      // A listed module is a chunk's facade, or one module of a group's chunk (the shell's, below).
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const listed = chunk.moduleIds.filter((id) => missing.has(id));
        if (listed.length === 0) continue;
        for (const id of listed) missing.delete(id);
        visit(chunk.fileName);
      }
      if (missing.size > 0) this.error(`inspector-files: no chunk for ${[...missing].map((id) => libraries.get(id) ?? path.relative(import.meta.dirname, id)).join(', ')}`);
    },
  };
}

/**
 * The modules the inspector's first screen needs after the page's own script (issue 43 item 2,
 * docs/decisions/105): the shell, the list's route and the shell's lazy parts in
 * INSPECTOR_LAZY_MODULES, checked against the module graph once it is complete. The
 * build puts these modules and what they import in one chunk (the `shell` group below, with
 * rolldown's includeDependenciesRecursively), minus what the page's first script holds: they were
 * ~50 chunks of a few KB, which queued over HTTP/1.1's six connections on the slow network and
 * gzipped worse apart.
 */
function inspectorFirstScreen(): Plugin & { modules: Set<string> } {
  const modules = new Set<string>();
  const roots = [routeModuleFile(SHELL_MODULE), routeModuleFile(INSPECTOR_ROUTES[0].module), ...INSPECTOR_LAZY_MODULES].map((module) =>
    path.resolve(import.meta.dirname, module),
  );
  return {
    name: 'siniestros:inspector-first-screen',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    modules,
    buildEnd() {
      modules.clear();
      for (const root of roots) {
        if (!this.getModuleInfo(root)) this.error(`inspector-first-screen: ${path.relative(import.meta.dirname, root)} is not in the build`);
        modules.add(root);
      }
    },
  };
}

/** The device's store (lib/session.ts imports it lazily, also on the sign-in page). */
const DEVICE_STORE = path.resolve(import.meta.dirname, 'src/lib/device/inspector-data.ts');

/** The attribute of index.html's `preferencias.js` tag: the page's first script, then the signed-in first screen's files. */
const FIRST_SCREEN_ATTRIBUTE = 'data-primera-pantalla';
const EARLY_SCRIPT_TAG = '<script src="/preferencias.js"></script>';

/**
 * The files a signed-in first screen loads after the page's first script (the `shell` and
 * `device` chunks below, what they import that the first script does not, and their styles),
 * written into index.html on the `preferencias.js` tag (docs/decisions/105): on a signed-in path
 * that script asks for them as soon as the first script has downloaded, so they download while it
 * runs instead of after (asked at once, they shared the network with it and it ran later: no gain).
 * The sign-in page gets the attribute's bytes, not the files. Scripts as module preloads, which the
 * shell's import then takes; the shell's few style rules as a stylesheet of the page, which the
 * bundler's loader finds there and does not ask for again.
 */
function firstScreenFiles(firstScreenModules: Set<string>): Plugin {
  return {
    name: 'siniestros:first-screen-files',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (context.filename.endsWith('portal.html') || !context.bundle || !context.chunk) return html;
        const bundle = context.bundle;
        // What the page's first script already brings (its chunk, the runtime it imports).
        const initial = new Set<string>();
        const closure = (fileName: string, into: Set<string>) => {
          const chunk = bundle[fileName];
          if (!chunk || into.has(fileName) || chunk.type !== 'chunk') return;
          into.add(fileName);
          for (const imported of chunk.imports) closure(imported, into);
        };
        closure(context.chunk.fileName, initial);
        const roots = Object.values(bundle).filter(
          (chunk) => chunk.type === 'chunk' && chunk.moduleIds.some((id) => id === DEVICE_STORE || firstScreenModules.has(id)),
        );
        if (roots.length !== 2) throw new Error(`first-screen-files: expected the shell's and the device's chunks, found ${roots.map((chunk) => chunk.fileName).join(', ')}`);
        const scripts = new Set<string>();
        for (const root of roots) closure(root.fileName, scripts);
        const files = [...scripts].filter((fileName) => !initial.has(fileName));
        const styles = files.flatMap((fileName) => {
          const chunk = bundle[fileName];
          return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
        });
        if (!html.includes(EARLY_SCRIPT_TAG)) throw new Error(`first-screen-files: index.html has no ${EARLY_SCRIPT_TAG}`);
        // The page's first script first: the others are asked once it has downloaded.
        const names = [context.chunk.fileName, ...files, ...styles].map((fileName) => `/${fileName}`).join(' ');
        return html.replace(EARLY_SCRIPT_TAG, `<script src="/preferencias.js" ${FIRST_SCREEN_ATTRIBUTE}="${names}"></script>`);
      },
    },
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Every script and style of both builds also as .br and .gz beside it, which the server sends to a
 * browser that accepts them (@fastify/static's preCompressed, docs/decisions/088): the inspector's
 * first screen is 250 KB compressed and 830 KB as built, the difference of seconds at 1.6 Mbps.
 */
function precompressed(): Plugin {
  return {
    name: 'siniestros:precompressed',
    apply: 'build',
    async writeBundle(options, bundle) {
      const files = Object.keys(bundle).filter((name) => /^assets\/.+\.(js|css|mjs)$/.test(name));
      for (const name of files) {
        const file = path.join(options.dir!, name);
        const source = await fs.readFile(file);
        const [br, gz] = await Promise.all([
          brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
          gzip(source, { level: 9 }),
        ]);
        await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
      }
    },
  };
}

const inspector = inspectorFiles();
const firstScreen = inspectorFirstScreen();
/** The persisted data's buster (docs/decisions/088): a new build does not read an older build's data. */
const BUILD_ID = new Date().toISOString();

/** The service worker and the manifest, for the staff app only (the portal build is another environment). */
const pwa = VitePWA({
  // Registered by the app for a signed-in Inspector (src/lib/device/service-worker.ts).
  injectRegister: false,
  manifest: {
    name: 'Siniestros — Inspecciones',
    short_name: 'Inspecciones',
    description: 'Las inspecciones asignadas, también sin conexión.',
    lang: 'es',
    start_url: '/inspecciones',
    scope: '/',
    display: 'standalone',
    theme_color: '#1971c2',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // preferencias.js: index.html runs it before the first paint (docs/decisions/101), also offline.
    globPatterns: ['index.html', 'preferencias.js', 'assets/*.{js,css}'],
    // Only the shell and the inspector's screens (src/app/inspector-app.ts); the icons and the manifest come on top.
    manifestTransforms: [
      async (entries) => ({
        manifest: entries.filter((entry) => entry.url === 'index.html' || entry.url === 'preferencias.js' || inspector.files.has(entry.url)),
        warnings: [],
      }),
    ],
    // Hashed names: no revision query needed.
    dontCacheBustURLsMatching: /^assets\//,
    // Navigations go to the network first (a deploy is seen at once). Only the inspector's pages
    // have a way out: after 5 s or without network, the copy of that page last answered (index.html,
    // no data in it), else the kept index.html, the one that names the kept chunks.
    navigateFallback: null,
    directoryIndex: null,
    runtimeCaching: [
      {
        urlPattern: ({ request, url }) => request.mode === 'navigate' && /^\/inspecciones(\/|$)/.test(url.pathname),
        handler: 'NetworkFirst',
        options: {
          cacheName: 'inspector-paginas',
          networkTimeoutSeconds: 5,
          expiration: { maxEntries: 50 },
          cacheableResponse: { statuses: [200] },
          precacheFallback: { fallbackURL: 'index.html' },
        },
      },
    ],
    // A new build takes over at once; the page keeps running until its next navigation.
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
  },
}).map(forStaffAppOnly);

/**
 * A plugin of the staff app's build only. Vite runs every plugin's `transformIndexHtml` on both
 * pages, whatever `applyToEnvironment` says: portal.html is left without the manifest's link.
 */
function forStaffAppOnly(plugin: Plugin): Plugin {
  const html = plugin.transformIndexHtml;
  if (!html || typeof html === 'function' || !('handler' in html)) return { ...plugin, applyToEnvironment: (environment) => environment.name === 'client' };
  return {
    ...plugin,
    applyToEnvironment: (environment) => environment.name === 'client',
    transformIndexHtml: {
      ...html,
      handler(this: unknown, source, context) {
        return context.filename.endsWith('portal.html') ? source : html.handler.call(this as never, source, context);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), inspector, firstScreen, firstScreenFiles(firstScreen.modules), ...pwa, precompressed()],
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(BUILD_ID) },
  // npm nests a copy of query-core under each persister package: one copy in the bundle.
  resolve: { dedupe: ['@tanstack/query-core'] },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    chunkSizeWarningLimit: 1200,
    // What the first screen needs in one file: gzipped, it is smaller than as several chunks. Then
    // what a signed-in user's first screen adds (the shell; for an Inspector the list too) in a
    // second one, which every office screen already loads for the shell (docs/decisions/105).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            // The device's store apart: a signed-out page loads it (a refused refresh forgets the
            // device, lib/session.ts), and must not load the shell's chunk for it.
            { name: 'device', test: (id) => id === DEVICE_STORE },
            { name: 'shell', test: (id) => firstScreen.modules.has(id) },
          ],
        },
      },
    },
  },
  // The claimant's portal (portal.html, src/portal; issue 42 item 8) is a build of its own into the
  // same dist/: one build of both pages would share React's chunk, and the staff app's one-file
  // first screen above would become the portal's too. Two builds share no file.
  environments: {
    portal: {
      consumer: 'client',
      build: {
        emptyOutDir: false,
        rolldownOptions: { input: 'portal.html', output: { codeSplitting: false } },
      },
    },
  },
  builder: {
    buildApp: async (builder) => {
      await builder.build(builder.environments.client!);
      await builder.build(builder.environments.portal!);
    },
  },
});
