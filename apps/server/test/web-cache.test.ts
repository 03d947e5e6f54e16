import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

/** How the built web app is cached: hashed assets for a year, the page itself revalidated every time. */

const IMMUTABLE = 'public, max-age=31536000, immutable';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'siniestros-web-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Siniestros</title><script type="module" src="/assets/index-Bq3xZ9aF.js"></script>');
  await fs.writeFile(path.join(webDist, 'assets', 'index-Bq3xZ9aF.js'), 'console.log(1);');
  await fs.writeFile(path.join(webDist, 'assets', 'index-C0ffee12.css'), 'body{}');
  // The build's compressed copies (apps/web/vite.config.ts, docs/decisions/088).
  await fs.writeFile(path.join(webDist, 'assets', 'index-Bq3xZ9aF.js.br'), zlib.brotliCompressSync('console.log(1);'));
  await fs.writeFile(path.join(webDist, 'assets', 'index-Bq3xZ9aF.js.gz'), zlib.gzipSync('console.log(1);'));
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

describe('built web app caching', () => {
  it.each(['/assets/index-Bq3xZ9aF.js', '/assets/index-C0ffee12.css'])('%s (content-hashed) is cached for a year as immutable', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
  });

  it.each(['/', '/index.html', '/casos/12', '/inspeccion'])('%s (the page) is revalidated on every view', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('a missing asset is a 404, not the page cached under a script name', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-Gone0000.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).not.toMatch(/immutable/);
  });

  it.each([
    ['br', 'gzip, deflate, br', zlib.brotliDecompressSync],
    ['gzip', 'gzip, deflate', zlib.gunzipSync],
  ] as const)('a script is sent as the build compressed it (%s) to a browser that accepts it, cached as before', async (encoding, accept, decompress) => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-Bq3xZ9aF.js', headers: { 'accept-encoding': accept } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(decompress(response.rawPayload).toString()).toBe('console.log(1);');
  });

  it('a browser that accepts no compression gets the file as built', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-Bq3xZ9aF.js', headers: { 'accept-encoding': 'identity' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('console.log(1);');
  });
});
