import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClaimant } from '../src/features/portal/portal.test-fixtures';
import { todayIso } from '@siniestros/domain';
import { casoConInspeccion, createTestApp, type Role, type TestApp } from './helpers';

/** 'claimant': the portal's routes, only with the portal cookie (docs/decisions/084). */
type Expected = 'public' | 'any' | 'staff' | 'admin' | 'claimant';
/** The staff roles, anonymous, and a claimant past the DNI check with the portal cookie. */
type Caller = Role | 'claimant' | null;

/**
 * The authorization matrix: every /api route and who may call it. A route added without an
 * entry here fails this test; an entry whose route is gone fails it too.
 */
const EXPECTED_ACCESS: Record<string, Expected> = {
  'GET /api/health': 'public',
  'GET /api/health/live': 'public',
  // The OpenAPI UI and document (a plugin's routes; off in production unless SWAGGER_UI=true).
  'GET /api/docs': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/*': 'public',
  'HEAD /api/docs/static/*': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/captcha': 'public',
  'GET /api/config': 'public',
  'POST /api/users/login': 'public',
  'POST /api/users/logout': 'public',
  'POST /api/users/desbloqueo': 'public',
  'POST /api/users/desbloqueo/confirmar': 'public',
  'GET /api/users/auth': 'any',
  'POST /api/users/refresh': 'any',
  'GET /api/users': 'admin',
  'POST /api/users': 'admin',
  'PATCH /api/users/:id': 'admin',
  'POST /api/users/:id/sessions/revoke': 'admin',
  // Second factor (TOTP): each user their own; an Admin removes a user's.
  'POST /api/users/totp': 'any',
  'POST /api/users/totp/confirm': 'any',
  'POST /api/users/totp/disable': 'any',
  'DELETE /api/users/:id/totp': 'admin',
  // 'Mi cuenta': each user their own password and sessions.
  'POST /api/users/password': 'any',
  'GET /api/users/sessions': 'any',
  'DELETE /api/users/sessions/:id': 'any',
  // Each user their own colour scheme and row density (docs/decisions/101).
  'GET /api/preferencias': 'any',
  'PATCH /api/preferencias': 'any',
  'GET /api/audit/casos/:id': 'admin',
  'GET /api/doc': 'any',
  'GET /api/doc/abm': 'staff',
  'POST /api/doc': 'admin',
  'PATCH /api/doc/t/:id': 'admin',
  'GET /api/analistas/abm': 'staff',
  'POST /api/analistas': 'admin',
  'PATCH /api/analistas/:id': 'admin',
  'GET /api/companias': 'staff',
  'GET /api/companias/admin': 'staff',
  'POST /api/companias': 'admin',
  'PATCH /api/companias/t/:id': 'admin',
  'GET /api/respo': 'staff',
  'GET /api/respo/abm': 'staff',
  'POST /api/respo': 'admin',
  'PATCH /api/respo/t/:id': 'admin',
  // The inspection's photo checklist (issue 43 item 4): the close screen reads it.
  'GET /api/fotos-checklist': 'any',
  'POST /api/fotos-checklist': 'admin',
  'PATCH /api/fotos-checklist/:id': 'admin',
  'GET /api/inspector': 'staff',
  'GET /api/casos/productos': 'staff',
  'GET /api/casos/estados': 'staff',
  // Cases (spec §7, decision 000).
  'POST /api/casos/alta': 'staff',
  'GET /api/casos/ultimo': 'staff',
  'GET /api/casos': 'staff',
  'POST /api/casos/filtro': 'staff',
  'POST /api/casos/export': 'staff',
  'GET /api/casos/:id': 'staff',
  'GET /api/casos/:id/linea-tiempo': 'staff',
  'PATCH /api/casos/:id': 'staff',
  'PATCH /api/casos/t/:id': 'staff',
  'PATCH /api/asegurados/t/:id': 'staff',
  'PATCH /api/terceros/t/:id': 'staff',
  'PATCH /api/casos/caso_ana/:id': 'staff',
  'GET /api/casos/flag/:id': 'staff',
  'PATCH /api/casos/flag/:id': 'staff',
  // Bulk actions (issue 44 item 2, decision 097).
  'POST /api/casos/masivo/analista': 'staff',
  'POST /api/casos/masivo/flag': 'staff',
  'POST /api/casos/masivo/export': 'staff',
  'PATCH /api/casos/avanza/:id': 'staff',
  'PATCH /api/casos/acordado/:id': 'staff',
  'PATCH /api/casos/return/:id': 'staff',
  'PATCH /api/casos/cerrar/t/:id': 'staff',
  // Payments of the agreed amount (docs/decisions/082).
  'GET /api/casos/:id/pagos': 'staff',
  'GET /api/pagos/tablero': 'staff',
  'POST /api/casos/:id/pagos': 'staff',
  'PATCH /api/casos/:id/pagos/:idPago/pagado': 'staff',
  'PATCH /api/casos/:id/pagos/:idPago/anular': 'staff',
  'PATCH /api/casos/reabrir/:id': 'staff',
  'PATCH /api/casos/reinspeccionar/:id': 'staff',
  'PATCH /api/casos/estado/:id': 'staff',
  'PATCH /api/casos/analisis/:id': 'staff',
  'PATCH /api/casos/reconsiderar/:id': 'staff',
  // Authority limits (docs/decisions/081): whether this person may resolve a request is the service's check.
  'GET /api/aprobaciones': 'staff',
  'GET /api/aprobaciones/caso/:id': 'staff',
  'POST /api/aprobaciones/:id/aprobar': 'staff',
  'POST /api/aprobaciones/:id/rechazar': 'staff',
  'GET /api/casos/valores': 'staff',
  'POST /api/casos/filtrovalores': 'staff',
  // History.
  'GET /api/historial/:id': 'staff',
  'POST /api/historial': 'staff',
  'POST /api/historial/t': 'staff',
  // Documents: the inspector reads those of the cases of their own inspections.
  'GET /api/documentacion/listado/:id': 'any',
  'GET /api/documentacion/downloadfile': 'any',
  'GET /api/documentacion/vista-previa': 'any',
  'GET /api/plantillas/:id/vista-previa/pdf': 'admin',
  'GET /api/documentacion/:id': 'any',
  'POST /api/documentacion/t/:id': 'staff',
  'POST /api/documentacion/d/:id': 'staff',
  'DELETE /api/documentacion/:id': 'staff',
  'POST /api/documentacion/c/:id': 'staff',
  'GET /api/documentacion/i/:id': 'staff',
  // Convenio templates: the office's Admin maintains them.
  'GET /api/plantillas': 'admin',
  'GET /api/plantillas/:id/archivo': 'admin',
  'GET /api/plantillas/:id/vista-previa': 'admin',
  'POST /api/plantillas/:id': 'admin',
  'POST /api/plantillas/:id/restaurar': 'admin',
  // Lawyers, injured people, hearings.
  'POST /api/letrados': 'staff',
  'PATCH /api/letrados/:id': 'staff',
  'GET /api/lesionados/cl/:id': 'staff',
  'POST /api/lesionados/:id': 'staff',
  'PATCH /api/lesionados/:id': 'staff',
  'GET /api/mediacion/cl/:id': 'staff',
  'GET /api/mediacion': 'staff',
  'POST /api/mediacion/:id': 'staff',
  'PATCH /api/mediacion/:id': 'staff',
  'POST /api/mediacion/filter': 'staff',
  // Inspections: the inspector's own list, detail and close are object-checked.
  'POST /api/inspeccion/:id': 'staff',
  'GET /api/inspeccion/:id': 'staff',
  'PATCH /api/inspeccion/edit/:id': 'staff',
  'DELETE /api/inspeccion/:id': 'staff',
  'GET /api/inspeccion/all': 'staff',
  'POST /api/inspeccion/filtro': 'staff',
  'PATCH /api/inspeccion/update_inspector/:id': 'staff',
  'GET /api/inspeccion/i/:id': 'any',
  'GET /api/inspeccion/agenda': 'any',
  'GET /api/inspeccion/d/:id': 'any',
  'PATCH /api/inspeccion/d/:id': 'any',
  'POST /api/inspeccion/d/:id/cierre': 'any',
  'GET /api/inspeccion/:id/informe-fotografico': 'any',
  // Resumable uploads (issue 43 item 5, decision 089): every signed-in role; whose each upload is, the service checks (404).
  'POST /api/subidas': 'any',
  // tus's offset: a HEAD route of its own (not a GET's twin), in the matrix like the others.
  'HEAD /api/subidas/:id': 'any',
  'PATCH /api/subidas/:id': 'any',
  'DELETE /api/subidas/:id': 'any',
  // The Diario and the legal clocks (issue 18): staff, the team included; only an Admin edits a rule.
  'GET /api/tareas': 'staff',
  'GET /api/tareas/asignables': 'staff',
  'GET /api/tareas/caso/:id': 'staff',
  'POST /api/tareas/caso/:id': 'staff',
  'PATCH /api/tareas/:id/hecha': 'staff',
  'PATCH /api/tareas/:id/asignar': 'staff',
  'POST /api/tareas/masivo/asignar': 'staff',
  'GET /api/tablero': 'staff',
  'GET /api/plazos': 'staff',
  'PATCH /api/plazos/:codigo': 'admin',
  'GET /api/plazos/caso/:id': 'staff',
  'PATCH /api/plazos/caso/:id': 'staff',
  'POST /api/plazos/estados': 'staff',
  'GET /api/asignacion/reglas': 'admin',
  'POST /api/asignacion/reglas': 'admin',
  'DELETE /api/asignacion/reglas/:id': 'admin',
  'GET /api/asignacion/ajustes': 'admin',
  'PATCH /api/asignacion/ajustes': 'admin',
  // Saved views of the case list (decision 096): each user on their own; who may share is the Admin's.
  // The informe de gestión (docs/decisions/093, 094): the report for Admin and User, its e-mail recipients for the Admin.
  'GET /api/informes': 'staff',
  'GET /api/informes.pdf': 'staff',
  'GET /api/informes.xlsx': 'staff',
  'GET /api/informes/destinatarios': 'admin',
  'PUT /api/informes/destinatarios/:id': 'admin',
  'DELETE /api/informes/destinatarios/:id': 'admin',
  'GET /api/informes/enviados': 'staff',
  'GET /api/informes/enviados/:id.pdf': 'staff',
  'GET /api/vistas': 'staff',
  'POST /api/vistas': 'staff',
  'PUT /api/vistas/predeterminada': 'staff',
  'PATCH /api/vistas/ajustes': 'admin',
  'PATCH /api/vistas/:id': 'staff',
  'DELETE /api/vistas/:id': 'staff',
  // Notifications (issue 18 item 4): each Admin and User their own; an Inspector none (decision 050).
  'GET /api/notificaciones': 'staff',
  'PATCH /api/notificaciones/leidas': 'staff',
  'PATCH /api/notificaciones/:id/leida': 'staff',
  'GET /api/notificaciones/preferencias': 'staff',
  'PATCH /api/notificaciones/preferencias': 'staff',
  // Online backups (decision 076).
  'GET /api/backups': 'admin',
  'POST /api/backups': 'admin',
  // The claimant portal, the office's side (docs/decisions/084): staff on the case; the Admin keeps
  // the required documents and the settings.
  'GET /api/casos/:id/portal': 'staff',
  'POST /api/casos/:id/portal/pedidos': 'staff',
  'DELETE /api/casos/:id/portal/enlaces/:idTercero': 'staff',
  'PATCH /api/casos/:id/portal/items/:idItem': 'staff',
  'GET /api/casos/:id/portal/mensajes': 'staff',
  'POST /api/casos/:id/portal/mensajes': 'staff',
  'GET /api/portal-admin/recibidos': 'staff',
  'GET /api/portal-admin/requisitos': 'staff',
  'POST /api/portal-admin/requisitos': 'admin',
  'PATCH /api/portal-admin/requisitos/:id': 'admin',
  'PUT /api/portal-admin/requisitos/:id/ejemplo': 'admin',
  'GET /api/portal-admin/requisitos/:id/ejemplo': 'staff',
  'GET /api/portal-admin/ajustes': 'staff',
  'PATCH /api/portal-admin/ajustes': 'admin',
  // The convenio a distancia (issue 42 item 7): published by the staff, read and signed by the claimant.
  'POST /api/casos/:id/portal/convenio': 'staff',
  'GET /api/casos/:id/portal/convenio/:idArchivo': 'staff',
  // The claimant portal (docs/decisions/084): the token exchange and the exit are public and read no
  // staff session; the rest take only the portal cookie. A staff session there is no session (401).
  'POST /api/portal/sesion': 'public',
  'POST /api/portal/salir': 'public',
  'POST /api/portal/dni': 'claimant',
  'GET /api/portal/estado': 'claimant',
  'POST /api/portal/items/:idItem/archivos': 'claimant',
  'GET /api/portal/items/:idItem/ejemplo': 'claimant',
  'POST /api/portal/mensajes': 'claimant',
  'GET /api/portal/convenio/:idArchivo': 'claimant',
  'POST /api/portal/convenio/codigo': 'claimant',
  'POST /api/portal/convenio/firma': 'claimant',
};

const ALLOWED: Record<Expected, Caller[]> = {
  public: [null, 'admin', 'user', 'inspector', 'claimant'],
  any: ['admin', 'user', 'inspector'],
  staff: ['admin', 'user'],
  admin: ['admin'],
  claimant: ['claimant'],
};

/**
 * How a refused caller is answered: a staff role the route does not take, 403; a caller with no
 * session that counts there, 401 (anonymous anywhere; the claimant on a staff route; any staff
 * session on a claimant route).
 */
const refusal = (expected: Expected, caller: Caller) => (caller === null || caller === 'claimant' || expected === 'claimant' ? 401 : 403);

/** Paths that end the session they are called with: each call gets a throwaway one. */
const ENDS_SESSION = new Set(['/api/users/logout', '/api/users/refresh', '/api/portal/salir']);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url.replace(/\/$/, '')}`;

describe('authorization matrix', () => {
  it('has exactly one expectation per registered route', () => {
    const registered = t.app.routeTable.map(routeKey).sort();
    const missing = registered.filter((key) => !(key in EXPECTED_ACCESS));
    const stale = Object.keys(EXPECTED_ACCESS).filter((key) => !registered.includes(key));
    expect(missing, 'routes without an entry in EXPECTED_ACCESS (apps/server/test/authorization.test.ts)').toEqual([]);
    expect(stale, 'entries in EXPECTED_ACCESS whose route no longer exists').toEqual([]);
  });

  it('declares on each route what the matrix expects', () => {
    for (const route of t.app.routeTable) {
      const expected = EXPECTED_ACCESS[routeKey(route)];
      const declared =
        route.access === 'public' ? 'public' : route.access === 'portal' ? 'claimant' : route.access.length === 3 ? 'any' : route.access.length === 2 ? 'staff' : 'admin';
      expect(`${routeKey(route)} → ${declared}`).toBe(`${routeKey(route)} → ${expected}`);
    }
  });

  it('answers 401 without a session, 403 to other roles and lets the allowed ones through', async () => {
    const failures: string[] = [];
    let addresses = 0;
    const claimant = async () => (await insertClaimant(t.app, t.database.db, { remoteAddress: `10.77.0.${++addresses}` })).cookie;
    const claimantCookie = await claimant();
    for (const route of t.app.routeTable) {
      if (route.url === '/api/users/login') continue;
      // These end the session they are called with: give them a throwaway one.
      const endsSession = ENDS_SESSION.has(route.url);
      const expected = EXPECTED_ACCESS[routeKey(route)]!;
      const url = route.url.replace(/:[a-zA-Z_]+/g, '999999');
      for (const caller of [null, 'admin', 'user', 'inspector', 'claimant'] as const) {
        const options = { method: route.method as 'GET', url, payload: route.method === 'GET' || route.method === 'HEAD' ? undefined : {} };
        let response;
        if (caller === 'claimant') response = await t.app.inject({ ...options, headers: { cookie: endsSession ? await claimant() : claimantCookie } });
        else if (endsSession && caller) response = await t.app.inject({ ...options, headers: { cookie: await t.login(caller) } });
        else response = await t.request(caller, options);
        const isAllowed = ALLOWED[expected].includes(caller);
        const status = response.statusCode;
        const ok = isAllowed ? status !== 401 && status !== 403 : status === refusal(expected, caller);
        if (!ok) failures.push(`${route.method} ${url} as ${caller ?? 'anonymous'}: ${status}`);
        expect(status, `${route.method} ${url}`).toBeLessThan(500);
      }
    }
    expect(failures).toEqual([]);
  });
});

/**
 * tus's HEAD (issue 43 item 5, decision 089) with a real upload: the matrix above calls it with a
 * made-up id, where every role gets 404. Here an upload exists: only its owner reads its offset.
 */
describe('HEAD /api/subidas/:id', () => {
  const TUS = { 'tus-resumable': '1.0.0' };
  const head = (caller: Role | null, url: string) => t.request(caller, { method: 'HEAD', url, headers: TUS });

  it('tells the offset to its owner only: 401 anonymous, 404 to any other user, whatever the spelling of the path', async () => {
    const { id: idInspeccion } = await casoConInspeccion(t, todayIso());
    const b64 = (value: string) => Buffer.from(value).toString('base64');
    const created = await t.request('inspector', {
      method: 'POST',
      url: '/api/subidas/',
      headers: { ...TUS, 'upload-length': '100', 'upload-metadata': `filename ${b64('presupuesto.pdf')},proposito ${b64('inspeccion')},id ${b64(String(idInspeccion))}` },
    });
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    const id = location.split('/').pop()!;

    const own = await head('inspector', location);
    expect(own.statusCode).toBe(200);
    expect(own.headers['upload-offset']).toBe('0');
    // A trailing slash reaches the same route (ignoreTrailingSlash, as every route).
    expect((await head('inspector', `${location}/`)).headers['upload-offset']).toBe('0');

    for (const url of [location, `${location}/`]) {
      expect((await head(null, url)).statusCode, `anonymous ${url}`).toBe(401);
      for (const caller of ['inspector2', 'user', 'admin'] as const) {
        const response = await head(caller, url);
        expect(response.statusCode, `${caller} ${url}`).toBe(404);
        expect(response.headers['upload-offset'], `${caller} ${url}`).toBeUndefined();
      }
    }
    // Spellings that reach no route answer 404 to everyone, as any unknown path (no session asked);
    // an id in capitals reaches the route and names no upload: 401 anonymous, 404 signed in.
    const noRoute = ['/api/subidas', '/api/subidas/', `/API/subidas/${id}`, `/api/Subidas/${id}`, `/api/subidas/${id}/x`];
    for (const [url, anonymous] of [...noRoute.map((url) => [url, 404] as const), [`/api/subidas/${id.toUpperCase()}`, 401] as const]) {
      for (const caller of [null, 'inspector', 'inspector2'] as const) {
        const response = await head(caller, url);
        expect(response.statusCode, `${caller ?? 'anonymous'} HEAD ${url}`).toBe(caller === null ? anonymous : 404);
        expect(response.headers['upload-offset'], `${caller ?? 'anonymous'} HEAD ${url}`).toBeUndefined();
      }
    }
  });
});
