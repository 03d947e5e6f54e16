import fs from 'node:fs';
import path from 'node:path';
import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ROL } from '@siniestros/domain';
import { isSignedInPath, routes } from './router';
import { RequireRole } from './RequireRole';
import { INSPECTOR_LAZY_MODULES, INSPECTOR_ROUTES, inspectorPrecacheModules, routeModuleFile } from './inspector-app';

const WEB = path.resolve(import.meta.dirname, '../..');

type RouteProps = { path?: string; element?: ReactNode; children?: ReactNode };

/** Every <Route> of the router's tree with a path, and the roles its RequireRole lets in (null: none). */
function routesOf(node: ReactNode): { path: string; roles: readonly number[] | null }[] {
  return Children.toArray(node).flatMap((child) => {
    if (!isValidElement(child)) return [];
    const props = (child as ReactElement<RouteProps>).props;
    const element = props.element;
    const roles = isValidElement(element) && element.type === RequireRole ? (element.props as { roles: readonly number[] }).roles : null;
    return [...(props.path ? [{ path: props.path, roles }] : []), ...routesOf(props.children)];
  });
}

/**
 * The service worker keeps the inspector's screens (vite.config.ts reads inspectorPrecacheModules):
 * a screen routed for the Inspector outside INSPECTOR_ROUTES would not be kept offline.
 */
describe("the inspector's routes and the precache", () => {
  it('routes every Inspector-only screen from INSPECTOR_ROUTES, and each of them to the Inspector only', () => {
    const all = routesOf(routes);
    expect(all.length).toBeGreaterThan(20);
    const inspectorOnly = all.filter(({ roles }) => roles?.length === 1 && roles[0] === ROL.INSPECTOR).map(({ path }) => path);
    expect(inspectorOnly.sort()).toEqual(INSPECTOR_ROUTES.map(({ path }) => path).sort());
  });

  it('precaches the module of every inspector route, the shell and the page, and each is a file', () => {
    const precached = inspectorPrecacheModules();
    for (const { module } of INSPECTOR_ROUTES) expect(precached).toContain(routeModuleFile(module));
    expect(precached).toEqual(expect.arrayContaining(['index.html', routeModuleFile('shell'), ...INSPECTOR_LAZY_MODULES]));
    for (const file of precached) expect(fs.existsSync(path.join(WEB, file)), file).toBe(true);
  });
});

/**
 * public/preferencias.js asks for the shell's files on a signed-in path only (docs/decisions/105):
 * a static script, it repeats isSignedInPath's paths, which must stay the router's signed-out ones.
 */
describe('the early script and the signed-in paths', () => {
  it("leaves out exactly the router's signed-out paths", () => {
    const script = fs.readFileSync(path.join(WEB, 'public/preferencias.js'), 'utf8');
    const signedOut = routesOf(routes)
      .map(({ path }) => path)
      .filter((route) => route !== '*' && !isSignedInPath(route));
    expect(signedOut.sort()).toEqual(['/', '/desbloquear']);
    const inScript = [...script.matchAll(/pathname === '([^']+)'/g)].map((match) => match[1]);
    expect(inScript.sort()).toEqual(signedOut);
  });
});
