import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_PAGE_CSP } from '../src/plugins/portal-page';
import { createTestApp, type TestApp } from './helpers';

/**
 * The claimant's page (issue 42, docs/decisions/084): served at /portal from the web build's
 * portal.html, never cached, never passing its address on, under a policy at least as strict as
 * the staff app's.
 */

const PORTAL_HTML = '<!doctype html><title>Su reclamo</title><script type="module" src="/assets/portal-Ab12Cd34.js"></script>';
const STAFF_HTML = '<!doctype html><title>Siniestros</title><div id="root"></div>';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'siniestros-web-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(path.join(webDist, 'index.html'), STAFF_HTML);
  await fs.writeFile(path.join(webDist, 'portal.html'), PORTAL_HTML);
  await fs.writeFile(path.join(webDist, 'assets', 'portal-Ab12Cd34.js'), 'console.log(1);');
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

/** A policy as directive → sources. */
function parseCsp(header: string | undefined): Map<string, string[]> {
  return new Map(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** The sources a fetch directive allows, falling back to default-src as browsers do. */
const FETCH_DIRECTIVES = [
  'script-src',
  'style-src',
  'img-src',
  'connect-src',
  'font-src',
  'object-src',
  'media-src',
  'frame-src',
  'worker-src',
  'manifest-src',
];
const allowed = (policy: Map<string, string[]>, directive: string) =>
  policy.get(directive) ?? (FETCH_DIRECTIVES.includes(directive) ? policy.get('default-src') : undefined);

describe('the claimant page', () => {
  it.each(['/portal', '/portal/', '/portal?x=1', '/portal.html'])(
    '%s answers portal.html, not kept by any cache, no referrer',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(PORTAL_HTML);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['content-security-policy']).toBe(PORTAL_PAGE_CSP);
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['set-cookie']).toBeUndefined();
    },
  );

  it('HEAD /portal answers the same headers', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/portal' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe(PORTAL_PAGE_CSP);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it("its policy allows nothing the staff app's does not: no inline style, no framing, no form target", async () => {
    const staff = parseCsp((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'] as string);
    const portal = parseCsp((await t.app.inject({ method: 'GET', url: '/portal' })).headers['content-security-policy'] as string);
    expect(staff.get('style-src')).toContain("'unsafe-inline'");
    const looser: string[] = [];
    for (const directive of new Set([...staff.keys(), ...FETCH_DIRECTIVES, 'base-uri', 'form-action', 'frame-ancestors'])) {
      const portalSources = allowed(portal, directive);
      const staffSources = allowed(staff, directive);
      if (portalSources === undefined) {
        // A directive the portal leaves out allows anything, unless it is a fetch directive under default-src.
        if (staffSources !== undefined) looser.push(`${directive}: missing`);
        continue;
      }
      if (staffSources === undefined) continue;
      const extra = portalSources.filter((source) => source !== "'none'" && !staffSources.includes(source));
      if (extra.length > 0) looser.push(`${directive}: ${extra.join(' ')}`);
    }
    expect(looser).toEqual([]);
    expect(portal.get('style-src')).toEqual(["'self'"]);
    expect(portal.get('frame-ancestors')).toEqual(["'none'"]);
    expect(portal.get('form-action')).toEqual(["'none'"]);
    expect(portal.get('require-trusted-types-for')).toEqual(["'script'"]);
  });

  it("the staff app's pages keep their own headers", async () => {
    for (const url of ['/', '/casos/12', '/portal/otra-cosa']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(STAFF_HTML);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-security-policy'], url).not.toBe(PORTAL_PAGE_CSP);
    }
  });

  it("the portal's script is an ordinary content-hashed asset", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/portal-Ab12Cd34.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
