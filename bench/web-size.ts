/**
 * Gzipped JavaScript a browser downloads to show the login route and the case list, measured
 * by opening them in Chromium against the running server and gzipping each script it fetched
 * from the Vite build (`apps/web/dist`); and the claimant portal's (issue 42 item 8): its script
 * and how long its first screen takes on a slow phone network.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_PATH, launchChromium } from '../e2e/chromium';
import { DEFAULT_DEMO_PASSWORD } from '../apps/server/src/ops/demo-users';
import { ROOT } from './server';

export const WEB_DIST = path.join(ROOT, 'apps/web/dist');

export type RouteJs = {
  files: number;
  gzipKb: number;
  /** The biggest scripts, gzipped KB. */ largest: { name: string; gzipKb: number }[];
};
/**
 * The claimant portal: its scripts, and its first screen (the DNI step, or the invalid-link
 * notice when no link could be made) on Chromium's network emulation.
 */
export type PortalLoad = {
  js: RouteJs;
  /** What was shown: the DNI step of a real link, or the notice of a link that opens nothing. */
  screen: 'dni' | 'enlace invalido';
  /** From navigation start to that screen, each of PORTAL_LOADS fresh loads (no cache). */
  firstScreenMs: number[];
  medianMs: number;
};
/**
 * The inspector's installable app (issue 43 item 2): the scripts of the whole journey (sign-in,
 * the list, an inspection), those of the list's cold load, and the list's first screen on
 * SLOW_NETWORK, cold and again from the service worker's cache.
 */
export type InspectorLoad = {
  /** /inspecciones signed in, nothing cached: what the first screen needs. */
  firstScreen: RouteJs;
  /** / (sign-in) → /inspecciones → /inspecciones/detalleInspeccion/{id}: every script, once. */
  journey: RouteJs;
  /** False when the inspector had no inspection to open (the journey stops at the list). */
  detail: boolean;
  /** From navigation start to the list, each of INSPECTOR_LOADS fresh contexts. */
  coldMs: number[];
  coldMedianMs: number;
  /** The same, on a new page of a context whose service worker holds the app. */
  repeatMs: number[];
  repeatMedianMs: number;
};
/** `portal` and `inspector` are absent in results written before them. */
export type WebSizes =
  | { login: RouteJs; casos: RouteJs; portal?: PortalLoad | { skipped: string }; inspector?: InspectorLoad | { skipped: string } }
  | { skipped: string };

/** Lighthouse's "slow 4G": 1.6 Mbps down, 750 kbps up, 150 ms round trip (issue 42 item 8). */
export const SLOW_NETWORK = { downloadKbps: 1600, uploadKbps: 750, latencyMs: 150 };
const PORTAL_LOADS = 3;
/** Issue 42 item 8: the portal's JavaScript and its first screen on SLOW_NETWORK. */
export const PORTAL_TARGETS = { jsKb: 100, firstScreenMs: 3000 };
const INSPECTOR_LOADS = 3;
/** Issue 43 item 2: the inspector's screens' JavaScript and the cold load of the list on SLOW_NETWORK. */
export const INSPECTOR_TARGETS = { jsKb: 250, coldMs: 3000 };
/** The demo office's first inspector (apps/server/src/ops/demo-users.ts), whom the benchmark's database has. */
export const BENCH_INSPECTOR = { username: 'inspector1@demo.local', password: DEFAULT_DEMO_PASSWORD };

function gzipKb(scripts: Map<string, Buffer>): RouteJs {
  const sizes = [...scripts].map(([name, body]) => ({ name, bytes: zlib.gzipSync(body).length }));
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  const largest = [...sizes].sort((a, b) => b.bytes - a.bytes).slice(0, 6);
  return {
    files: scripts.size,
    gzipKb: kb(sizes.reduce((sum, size) => sum + size.bytes, 0)),
    largest: largest.map((size) => ({ name: size.name, gzipKb: kb(size.bytes) })),
  };
}

export async function measureWebSizes(url: string, credentials: { username: string; password: string }): Promise<WebSizes> {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) return { skipped: 'apps/web/dist not built (npm run build)' };
  if (!fs.existsSync(CHROMIUM_PATH)) return { skipped: `${CHROMIUM_PATH} not installed` };
  const browser = await launchChromium(chromium);
  try {
    const scriptsOf = async (route: string, signedIn: boolean): Promise<RouteJs> => {
      const context = await browser.newContext();
      const page = await context.newPage();
      // The bodies as served (a build replacing dist/ meanwhile cannot skew the count).
      const bodies: Promise<[string, Buffer]>[] = [];
      page.on('response', (response) => {
        const pathname = new URL(response.url()).pathname;
        if (pathname.endsWith('.js') && response.ok()) bodies.push(response.body().then((body) => [path.basename(pathname), body]));
      });
      // The benchmark's server runs without a captcha; the login route is measured as people
      // get it, with the captcha widget.
      await page.route('**/api/config', async (routeHandler) => {
        const response = await routeHandler.fetch();
        await routeHandler.fulfill({ response, json: { ...(await response.json()), captcha: 'altcha' } });
      });
      if (signedIn) {
        const login = await context.request.post(`${url}/api/users/login`, { data: credentials });
        if (!login.ok()) throw new Error(`web-size login: ${login.status()}`);
      }
      await page.goto(`${url}${route}`, { waitUntil: 'networkidle' });
      const scripts = new Map(await Promise.all(bodies));
      await context.close();
      return gzipKb(scripts);
    };
    const login = await scriptsOf('/', false);
    const casos = await scriptsOf('/casos', true);
    const portal = fs.existsSync(path.join(WEB_DIST, 'portal.html'))
      ? await measurePortal(browser, url, credentials)
      : { skipped: 'apps/web/dist/portal.html not built (npm run build)' };
    const inspector = fs.existsSync(path.join(WEB_DIST, 'sw.js'))
      ? await measureInspector(browser, url, BENCH_INSPECTOR)
      : { skipped: 'apps/web/dist/sw.js not built (npm run build)' };
    return { login, casos, portal, inspector };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * A claimant's link, as the office makes it (POST /casos/:id/portal/pedidos) for the first case of
 * the list that has a third party; null when there is none. It revokes that third party's previous
 * link and writes a history row: one more row on one case of the benchmark's data.
 */
async function portalLink(browser: Browser, url: string, credentials: { username: string; password: string }): Promise<string | null> {
  const context = await browser.newContext();
  try {
    const login = await context.request.post(`${url}/api/users/login`, { data: credentials });
    if (!login.ok()) throw new Error(`portal link login: ${login.status()}`);
    const requisitos = (await (await context.request.get(`${url}/api/portal-admin/requisitos`)).json()) as {
      id: number;
      activo: boolean;
    }[];
    const requisito = requisitos.find((row) => row.activo);
    if (!requisito) return null;
    const list = (await (await context.request.get(`${url}/api/casos?page=1&pageSize=25`)).json()) as { cases: { id: number }[] };
    for (const { id } of list.cases) {
      const detalle = (await (await context.request.get(`${url}/api/casos/${id}`)).json()) as { terceros?: { id: number }[] };
      const tercero = detalle.terceros?.[0];
      if (!tercero) continue;
      const pedido = await context.request.post(`${url}/api/casos/${id}/portal/pedidos`, {
        data: { id_tercero: tercero.id, requisitos: [requisito.id] },
      });
      if (!pedido.ok()) throw new Error(`portal link: ${pedido.status()} ${await pedido.text()}`);
      return ((await pedido.json()) as { enlace: string }).enlace;
    }
    return null;
  } finally {
    await context.close();
  }
}

/**
 * The portal opened PORTAL_LOADS times, each in a fresh context (nothing cached) under
 * CDP's Network.emulateNetworkConditions at SLOW_NETWORK, timed in the page from navigation start
 * to its first screen. Each load needs a fresh link: the page trades the token for a session.
 */
async function measurePortal(browser: Browser, url: string, credentials: { username: string; password: string }): Promise<PortalLoad> {
  const firstScreenMs: number[] = [];
  let js: RouteJs | null = null;
  let screen: PortalLoad['screen'] = 'dni';
  for (let load = 0; load < PORTAL_LOADS; load++) {
    const link = await portalLink(browser, url, credentials);
    if (!link) screen = 'enlace invalido';
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-AR' });
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: SLOW_NETWORK.latencyMs,
        downloadThroughput: (SLOW_NETWORK.downloadKbps * 1000) / 8,
        uploadThroughput: (SLOW_NETWORK.uploadKbps * 1000) / 8,
      });
      const bodies: Promise<[string, Buffer]>[] = [];
      page.on('response', (response) => {
        const pathname = new URL(response.url()).pathname;
        if (pathname.endsWith('.js') && response.ok()) bodies.push(response.body().then((body) => [path.basename(pathname), body]));
      });
      // The DNI step's field, or the notice of a link that opens nothing: both follow the token's exchange.
      const shown = screen === 'dni' ? 'main form input' : 'main [role="alert"]';
      await page.goto(link ?? `${url}/portal#t=${'A'.repeat(43)}`, { waitUntil: 'commit' });
      const at = await page.waitForFunction(
        (selector) => {
          // In the page (the benchmark's types have no DOM; a string would be eval, which the page's CSP refuses).
          const { document } = globalThis as unknown as { document: { querySelector: (selector: string) => unknown } };
          return document.querySelector(selector) ? performance.now() : false;
        },
        shown,
        { polling: 'raf', timeout: 60_000 },
      );
      firstScreenMs.push(Math.round((await at.jsonValue()) as number));
      await page.waitForLoadState('networkidle');
      js ??= gzipKb(new Map(await Promise.all(bodies)));
    } finally {
      await context.close();
    }
  }
  return { js: js!, screen, firstScreenMs, medianMs: median(firstScreenMs) };
}

type Context = Awaited<ReturnType<Browser['newContext']>>;
type Page = Awaited<ReturnType<Context['newPage']>>;

/** The page's network at SLOW_NETWORK through CDP (the portal's conditions). */
async function slowNetwork(context: Context, page: Page, cacheDisabled: boolean) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_NETWORK.latencyMs,
    downloadThroughput: (SLOW_NETWORK.downloadKbps * 1000) / 8,
    uploadThroughput: (SLOW_NETWORK.uploadKbps * 1000) / 8,
  });
}

/** Every script a page receives, by file name (from the network, the HTTP cache or the service worker). */
function collectScripts(page: Page): () => Promise<Map<string, Buffer>> {
  const bodies: Promise<[string, Buffer]>[] = [];
  page.on('response', (response) => {
    const pathname = new URL(response.url()).pathname;
    if (pathname.endsWith('.js') && pathname !== '/sw.js' && response.ok()) bodies.push(response.body().then((body) => [path.basename(pathname), body]));
  });
  return async () => new Map(await Promise.all(bodies));
}

/**
 * The list is shown: its title, and no loader left in the main region (the list's cards, its
 * table or its empty message are there). Returns performance.now() at that frame.
 */
async function listShownAt(page: Page): Promise<number> {
  const at = await page.waitForFunction(
    () => {
      // In the page (the benchmark's types have no DOM; a string would be eval, which the CSP refuses).
      const { document } = globalThis as unknown as { document: { querySelector: (selector: string) => unknown } };
      return document.querySelector('main h1') && !document.querySelector('main .mantine-Loader-root') ? performance.now() : false;
    },
    null,
    { polling: 'raf', timeout: 60_000 },
  );
  return Math.round((await at.jsonValue()) as number);
}

async function signInContext(browser: Browser, url: string, credentials: { username: string; password: string }): Promise<{ context: Context; idInspect: number }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-AR' });
  const login = await context.request.post(`${url}/api/users/login`, { data: credentials });
  if (!login.ok()) throw new Error(`inspector login: ${login.status()} ${await login.text()}`);
  return { context, idInspect: ((await login.json()) as { id_inspect: number }).id_inspect };
}

/**
 * The inspector's app (issue 43 item 2), as the demo's first inspector: the journey's scripts
 * (sign-in page, list, their first inspection), then INSPECTOR_LOADS cold loads of the list on
 * SLOW_NETWORK in fresh contexts, each followed, once the service worker holds the app, by a
 * load of the list on a new page of the same context (the repeat visit).
 */
export async function measureInspector(browser: Browser, url: string, credentials: { username: string; password: string }): Promise<InspectorLoad | { skipped: string }> {
  // The journey: the sign-in page signed out, then the list and an inspection signed in.
  const journeyContext = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-AR' });
  let journey: RouteJs;
  let detail = false;
  try {
    const page = await journeyContext.newPage();
    const scripts = collectScripts(page);
    await page.goto(`${url}/`, { waitUntil: 'networkidle' });
    const login = await journeyContext.request.post(`${url}/api/users/login`, { data: credentials });
    if (!login.ok()) return { skipped: `${credentials.username} cannot sign in (${login.status()}): a database without the demo office's users` };
    const { id_inspect: idInspect } = (await login.json()) as { id_inspect: number };
    await page.goto(`${url}/inspecciones`, { waitUntil: 'networkidle' });
    const list = (await (await journeyContext.request.get(`${url}/api/inspeccion/i/${idInspect}?page=1&pageSize=20`)).json()) as { data?: { id: number }[] };
    const first = list.data?.[0];
    if (first) {
      await page.goto(`${url}/inspecciones/detalleInspeccion/${first.id}`, { waitUntil: 'networkidle' });
      detail = true;
    }
    journey = gzipKb(await scripts());
  } finally {
    await journeyContext.close();
  }

  let firstScreen: RouteJs | null = null;
  const coldMs: number[] = [];
  const repeatMs: number[] = [];
  for (let load = 0; load < INSPECTOR_LOADS; load++) {
    const { context } = await signInContext(browser, url, credentials);
    try {
      const page = await context.newPage();
      await slowNetwork(context, page, false);
      const scripts = collectScripts(page);
      await page.goto(`${url}/inspecciones`, { waitUntil: 'commit' });
      coldMs.push(await listShownAt(page));
      await page.waitForLoadState('networkidle');
      firstScreen ??= gzipKb(await scripts());
      // The service worker registers after the load and takes the page once it holds the app.
      await page.waitForFunction(() => (globalThis as unknown as { navigator: { serviceWorker: { controller: unknown } } }).navigator.serviceWorker.controller !== null, null, {
        timeout: 120_000,
      });
      const again = await context.newPage();
      await slowNetwork(context, again, false);
      await again.goto(`${url}/inspecciones`, { waitUntil: 'commit' });
      repeatMs.push(await listShownAt(again));
    } finally {
      await context.close();
    }
  }
  return { firstScreen: firstScreen!, journey, detail, coldMs, coldMedianMs: median(coldMs), repeatMs, repeatMedianMs: median(repeatMs) };
}
