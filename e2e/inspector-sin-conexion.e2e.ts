import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SIN_CONEXION, todayIso } from '@siniestros/domain';
import { ADMIN, apiLogin, USERS } from './api';
import { baseUrl, expectNoAxeViolations, launch, open } from './browser';
import { apiCall, seedCaso, seedCompania } from './seed';

/**
 * Issue 43 item 2 (docs/decisions/088): the inspector's app on a phone keeps what it opened online
 * and opens it without network; a logout leaves nothing of it for the next inspector on the device.
 * Two inspectors of this file's own.
 */
const stamp = Date.now();
const ANA = { apellido: 'Offline', nombre: 'Ana', username: `ana.offline.${stamp}@e2e.local`, password: 'Ana-E2E-Clave-1', rol: 3 } as const;
const BRUNO = { apellido: 'Offline', nombre: 'Bruno', username: `bruno.offline.${stamp}@e2e.local`, password: 'Bruno-E2E-Clave-1', rol: 3 } as const;
const PHONE = { width: 390, height: 844 };
/** Where to leave the offline screens' pictures for a person to look at (unset: none taken). */
const SHOTS = process.env.E2E_SHOTS_DIR;
const DIRECCION_ANA = `Taller de Ana ${stamp % 100000}`;
const DIRECCION_BRUNO = `Taller de Bruno ${stamp % 100000}`;
/** What the browser logs for each request it could not send while offline. */
const OFFLINE_ERRORS = /ERR_INTERNET_DISCONNECTED|Failed to fetch|ERR_FAILED/;

let browser: Browser;
let casoAna: number;
let inspeccionAna: number;

/** What the device keeps, read in the page: the users with kept queries, the last identity, and every store's text. */
const device = (page: Page) =>
  page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('siniestros-dispositivo');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const all = (store: string) =>
      new Promise<{ keys: string[]; values: unknown[] }>((resolve, reject) => {
        if (!db.objectStoreNames.contains(store)) return resolve({ keys: [], values: [] });
        const tx = db.transaction(store);
        const keys = tx.objectStore(store).getAllKeys();
        const values = tx.objectStore(store).getAll();
        tx.oncomplete = () => resolve({ keys: keys.result.map(String), values: values.result });
        tx.onerror = () => reject(tx.error);
      });
    const consultas = await all('consultas');
    const sesion = await all('sesion');
    db.close();
    // Each user's record is the persister's JSON text.
    const records = consultas.values.map((value) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value));
    return { users: consultas.keys, identity: sesion.values, text: JSON.stringify([records, sesion.values]) };
  });

beforeAll(async () => {
  browser = await launch();
  const adminCookie = await apiLogin(baseUrl(), ADMIN);
  const userCookie = await apiLogin(baseUrl(), USERS.user);
  const idCompania = (await seedCompania(adminCookie, `Sin Conexión Seguros ${stamp}`)).id;
  for (const person of [ANA, BRUNO]) await apiCall(adminCookie, 'POST', '/users', { ...person, password2: person.password });
  const inspectores = await apiCall<{ id: number; apellido: string; nombre: string }[]>(userCookie, 'GET', '/inspector');
  const idOf = (person: typeof ANA | typeof BRUNO) => inspectores.find((item) => item.apellido === person.apellido && item.nombre === person.nombre)!.id;
  const agendar = async (person: typeof ANA | typeof BRUNO, direccion: string) => {
    const id = await seedCaso(userCookie, { idCompania });
    await apiCall(userCookie, 'PATCH', `/casos/avanza/${id}`, {});
    const visita = await apiCall<{ id: number }>(userCookie, 'POST', `/inspeccion/${id}`, {
      id_inspector: idOf(person),
      fecha_inspeccion: todayIso(),
      direccion,
      detalle: 'Fotos del frente',
    });
    return { id, idInspeccion: visita.id };
  };
  ({ id: casoAna, idInspeccion: inspeccionAna } = await agendar(ANA, DIRECCION_ANA));
  await agendar(BRUNO, DIRECCION_BRUNO);
});
afterAll(() => browser?.close());

describe("the inspector's app without network", () => {
  it('serves the service worker and the manifest with their headers', async () => {
    const sw = await fetch(`${baseUrl()}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    // Asked again on every check, or an inspector would keep an old build.
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const body = await sw.text();
    expect(body).toContain('index.html');
    expect(body).not.toMatch(/["']\/?api\//);
    const manifest = await fetch(`${baseUrl()}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(await manifest.json()).toMatchObject({ name: 'Siniestros — Inspecciones', start_url: '/inspecciones', display: 'standalone', lang: 'es' });
    const icon = await fetch(`${baseUrl()}/icons/icon-512.png`);
    expect(icon.headers.get('content-type')).toBe('image/png');
    // The claimant's page is not the inspector's app.
    expect(await (await fetch(`${baseUrl()}/portal`)).text()).not.toContain('manifest');
  });

  it("asks for a signed-in page's shell as soon as the page's first script has downloaded, and nothing on the sign-in page (decision 105)", async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const [first, ...named] = /<script src="\/preferencias\.js" data-primera-pantalla="([^"]+)"><\/script>/.exec(html)?.[1]?.split(' ') ?? [];
    expect(html).toContain(`<script type="module" crossorigin src="${first}"></script>`);
    expect(named).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/shell-[\w-]+\.js$/), expect.stringMatching(/^\/assets\/device-[\w-]+\.js$/)]));
    for (const file of named) expect((await fetch(`${baseUrl()}${file}`)).status, file).toBe(200);
    // Kept by the service worker: an offline page asks for them too.
    const sw = await (await fetch(`${baseUrl()}/sw.js`)).text();
    for (const file of named) expect(sw, file).toContain(`"${file.slice(1)}"`);
    // The page's first script answered empty: what is asked for then comes from preferencias.js alone.
    const asked = async (pathname: string) => {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
        const requests: string[] = [];
        page.on('request', (request) => requests.push(new URL(request.url()).pathname));
        await page.goto(`${baseUrl()}${pathname}`, { waitUntil: 'networkidle' });
        return requests.filter((path) => named.includes(path)).sort();
      } finally {
        await context.close();
      }
    };
    expect(await asked('/inspecciones')).toEqual([...named].sort());
    expect(await asked('/casos')).toEqual([...named].sort());
    expect(await asked('/')).toEqual([]);
    expect(await asked('/desbloquear')).toEqual([]);
  });

  it('at 390 px: what Ana opened online opens offline with the banner; after her logout Bruno finds nothing of hers, online or offline', async () => {
    const { page, context, allow } = await open(browser, ANA, PHONE);
    allow(OFFLINE_ERRORS);

    // Online: the list, then her inspection with its case and documents.
    await page.goto(`${baseUrl()}/inspecciones`);
    await page.getByText(DIRECCION_ANA).first().waitFor();
    expect(await page.getByText(SIN_CONEXION.aviso).count()).toBe(0);
    // The persister writes as each answer arrives; the next step is a full page load, which would not wait for it.
    await expect.poll(async () => (await device(page)).text, { timeout: 10_000 }).toContain(DIRECCION_ANA);
    // The service worker takes the page (clientsClaim) once it has kept the build's files.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await page.goto(`${baseUrl()}/inspecciones/detalleInspeccion/${inspeccionAna}`);
    await page.getByRole('heading', { name: `Inspeccion del Caso ${casoAna}` }).waitFor();
    await page.getByRole('region', { name: 'Datos del Caso' }).waitFor();
    // Kept on the device under her username (the persister writes as each answer arrives; the detail and
    // its documents list answer apart, so each is waited for).
    await expect.poll(async () => (await device(page)).text).toContain(`"detalle",${inspeccionAna}`);
    await expect.poll(async () => (await device(page)).text).toContain(`"documentos",${casoAna}`);
    const kept = await device(page);
    expect(kept.users).toEqual([ANA.username]);
    expect(kept.text).toContain(DIRECCION_ANA);
    expect(kept.identity).toEqual([expect.objectContaining({ usr: ANA.username, rol: 3 })]);

    // Offline: the reload is answered by the service worker, the screens by the device.
    await context.setOffline(true);
    const reload = await page.reload();
    expect(reload?.fromServiceWorker()).toBe(true);
    await page.getByRole('heading', { name: `Inspeccion del Caso ${casoAna}` }).waitFor();
    await page.getByText(SIN_CONEXION.aviso).waitFor();
    await page.getByRole('region', { name: 'Datos del Caso' }).waitFor();
    await expectNoAxeViolations(page, 'inspection offline at 390 px');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/inspector-sin-conexion-inspeccion-390.png` });
    await page.goto(`${baseUrl()}/inspecciones`);
    await page.getByText(DIRECCION_ANA).first().waitFor();
    await page.getByText(SIN_CONEXION.aviso).waitFor();
    await expectNoAxeViolations(page, 'list offline at 390 px');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/inspector-sin-conexion-lista-390.png`, fullPage: true });
    // What is not kept is never cached: no answer of the API in any of the service worker's caches.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached.some((url) => url.startsWith('/assets/index-'))).toBe(true);
    expect(cached.filter((url) => url.startsWith('/api/'))).toEqual([]);
    // Changes need the network: the logout says so and keeps her signed in.
    await page.getByRole('button', { name: /Menú de usuario/ }).click();
    await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
    await page.getByText('Ocurrió un error al cerrar sesión.').or(page.getByText(SIN_CONEXION.accion)).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/inspecciones');

    // Online again: the banner goes, and the logout removes her data from the device.
    await context.setOffline(false);
    await page.getByText(SIN_CONEXION.aviso).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /Menú de usuario/ }).click();
    await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
    await page.waitForURL(`${baseUrl()}/`);
    await expect.poll(async () => (await device(page)).text).toBe('[[],[]]');

    // Bruno signs in on the same phone: his visits, none of hers, and nothing of hers kept.
    const [name, value] = (await apiLogin(baseUrl(), BRUNO)).split('=') as [string, string];
    await context.addCookies([{ name, value, url: baseUrl(), httpOnly: true, sameSite: 'Strict' }]);
    await page.goto(`${baseUrl()}/inspecciones`);
    await page.getByText(DIRECCION_BRUNO).first().waitFor();
    expect(await page.getByText(DIRECCION_ANA).count()).toBe(0);
    await expect.poll(async () => (await device(page)).text, { timeout: 10_000 }).toContain(DIRECCION_BRUNO);
    expect((await device(page)).users).toEqual([BRUNO.username]);
    // Offline, her inspection's address shows nowhere: not from memory, not from the device.
    await context.setOffline(true);
    await page.goto(`${baseUrl()}/inspecciones/detalleInspeccion/${inspeccionAna}`);
    await page.getByText(SIN_CONEXION.aviso).waitFor();
    expect(await page.getByText(DIRECCION_ANA).count()).toBe(0);
    await page.goto(`${baseUrl()}/inspecciones`);
    await page.getByText(DIRECCION_BRUNO).first().waitFor();
    expect(await page.getByText(DIRECCION_ANA).count()).toBe(0);
    const left = await device(page);
    expect(left.users).toEqual([BRUNO.username]);
    expect(left.text).not.toContain(DIRECCION_ANA);
    expect(left.text).not.toContain(ANA.username);
    const registration = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? null);
    expect(registration).toBe(`${baseUrl()}/sw.js`);
    await context.setOffline(false);
  });
  it('a page closed right after the agenda shows keeps it: reopened offline, the agenda is there', async () => {
    const { page, context } = await open(browser, ANA, PHONE);
    // The service worker installed by a first visit, whose data is then wiped from the device on a
    // page of the origin that is not the app (the manifest): the next visit starts with nothing kept.
    await page.goto(`${baseUrl()}/inspecciones`);
    await page.getByText(DIRECCION_ANA).first().waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await page.close();
    const outside = await context.newPage();
    await outside.goto(`${baseUrl()}/manifest.webmanifest`);
    await outside.evaluate(async (usr) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('siniestros-dispositivo');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('consultas', 'readwrite');
        tx.objectStore('consultas').delete(usr);
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    }, ANA.username);
    expect((await device(outside)).text).not.toContain(DIRECCION_ANA);

    // The agenda shows, and the tab is closed at once: well inside the persister's one-second throttle.
    const quick = await context.newPage();
    await quick.goto(`${baseUrl()}/inspecciones`);
    await quick.getByText(DIRECCION_ANA).first().waitFor();
    await quick.close();
    // Polled only for the write's commit: the closed page has no throttled write left to come.
    await expect.poll(async () => (await device(outside)).text, { timeout: 5_000 }).toContain(DIRECCION_ANA);

    await context.setOffline(true);
    const again = await context.newPage();
    await again.goto(`${baseUrl()}/inspecciones`);
    await again.getByText(SIN_CONEXION.aviso).waitFor();
    await again.getByText(DIRECCION_ANA).first().waitFor();
    await context.setOffline(false);
  });
});
