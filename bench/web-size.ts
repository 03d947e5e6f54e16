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
/** `portal` is absent in results written before it. */
export type WebSizes = { login: RouteJs; casos: RouteJs; portal?: PortalLoad | { skipped: string } } | { skipped: string };

/** Lighthouse's "slow 4G": 1.6 Mbps down, 750 kbps up, 150 ms round trip (issue 42 item 8). */
export const SLOW_NETWORK = { downloadKbps: 1600, uploadKbps: 750, latencyMs: 150 };
const PORTAL_LOADS = 3;
/** Issue 42 item 8: the portal's JavaScript and its first screen on SLOW_NETWORK. */
export const PORTAL_TARGETS = { jsKb: 100, firstScreenMs: 3000 };

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
    return { login, casos, portal };
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
