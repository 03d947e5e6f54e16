/**
 * Gzipped JavaScript a browser downloads to show the login route and the case list, measured
 * by opening them in Chromium against the running server and gzipping each script it fetched
 * from the Vite build (`apps/web/dist`).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, launchChromium } from '../e2e/chromium';
import { ROOT } from './server';

export const WEB_DIST = path.join(ROOT, 'apps/web/dist');

export type RouteJs = {
  files: number;
  gzipKb: number;
  /** The biggest scripts, gzipped KB. */ largest: { name: string; gzipKb: number }[];
};
export type WebSizes = { login: RouteJs; casos: RouteJs } | { skipped: string };

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
    return { login: await scriptsOf('/', false), casos: await scriptsOf('/casos', true) };
  } finally {
    await browser.close();
  }
}
