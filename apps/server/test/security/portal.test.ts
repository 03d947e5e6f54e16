import { describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { AUTH_MESSAGES, PORTAL_MESSAGES } from '@siniestros/domain';
import { hashSecret, newSecret } from '../../src/features/portal/portal.tokens';
import { insertEnlace } from '../../src/features/portal/portal.test-fixtures';
import { clockAt, MIERCOLES } from '../clock';
import { insertCaso } from '../fixtures';
import { useTestApp, type Role } from '../helpers';
import { multipart, SAMPLE_FILES } from '../multipart';

/**
 * The claimant portal's guards (issue 42 item 3, docs/decisions/084): the link is a capability that
 * opens one third party's own items and nothing else; a token that opens nothing answers one 404;
 * the DNI is guessed at most `max_intentos` times per link and per address; the portal's cookie and
 * the staff's never stand in for each other; the claimant reads nothing internal.
 */

const reloj = clockAt(MIERCOLES);
let shiftMs = 0;
const now = () => new Date(reloj().getTime() + shiftMs);
// Trusting the loopback proxy lets a request say it came over HTTPS (X-Forwarded-Proto).
const t = useTestApp({ TRUST_PROXY: '127.0.0.1' }, { now });

let addresses = 0;
/** A client address of its own: the per-address DNI counter and the route rate limits start at zero. */
const nextAddress = () => `10.42.${(++addresses >> 8) & 255}.${addresses & 255}`;

const portalRoutes = () => t.app.routeTable.filter((route) => route.url.startsWith('/api/portal/'));
const staffRoutes = () => t.app.routeTable.filter((route) => typeof route.access !== 'string');
const pathOf = (url: string) => url.replace(/:[a-zA-Z_]+/g, '1');

function send(options: InjectOptions & { cookie?: string }) {
  const { cookie, ...rest } = options;
  return t.app.inject({
    remoteAddress: nextAddress(),
    ...rest,
    headers: { ...(cookie ? { cookie } : {}), ...(rest.headers as Record<string, string> | undefined) },
  });
}

function expectPortalHeaders(response: LightMyRequestResponse, what: string) {
  expect(response.headers['referrer-policy'], what).toBe('no-referrer');
  expect(response.headers['cache-control'], what).toBe('no-store');
}

async function abrir(token: string, remoteAddress = nextAddress()): Promise<string> {
  const response = await send({ method: 'POST', url: '/api/portal/sesion', payload: { token }, remoteAddress });
  expect(response.statusCode, response.body).toBe(200);
  return `portal_sid=${response.cookies.find((cookie) => cookie.name === 'portal_sid')!.value}`;
}

const dni = (cookie: string, value: string, remoteAddress = nextAddress()) =>
  send({ method: 'POST', url: '/api/portal/dni', cookie, payload: { dni: value }, remoteAddress });

/** A case with two third parties; a link for the first with two asked items. DNIs: 30000001, 30000002. */
async function caso(items = 2) {
  const { id, terceroIds } = await insertCaso(t.database.db, { terceros: 2 });
  const enlace = await insertEnlace(t.database.db, {
    idCaso: id,
    idTercero: terceroIds[0]!,
    creado: now(),
    items: [
      { tipo: 'DNI', nombre: 'DNI del conductor' },
      { tipo: 'Foto', nombre: 'Foto del frente del vehículo' },
    ].slice(0, items),
  });
  return { idCaso: id, terceroIds, ...enlace };
}

async function dentro(token: string): Promise<string> {
  const cookie = await abrir(token);
  expect((await dni(cookie, '30000001')).statusCode).toBe(200);
  return cookie;
}

describe('the link is a capability: whatever opens nothing answers the same', () => {
  it('a guessed, an expired, a revoked token, the stored hash itself, a token one character off: one 404, no cookie', async () => {
    const { idCaso, terceroIds, token } = await caso();
    const expired = await insertEnlace(t.database.db, {
      idCaso,
      idTercero: terceroIds[1]!,
      creado: new Date(now().getTime() - 40 * 86_400_000),
      expira: new Date(now().getTime() - 1000),
    });
    const other = await caso();
    const revoked = other.token;
    await insertEnlace(t.database.db, { idCaso: other.idCaso, idTercero: other.terceroIds[0]!, creado: now() });
    const offByOne = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    const answers = [];
    for (const candidate of [newSecret(), expired.token, revoked, hashSecret(token).slice(0, 64), offByOne]) {
      const response = await send({ method: 'POST', url: '/api/portal/sesion', payload: { token: candidate } });
      expectPortalHeaders(response, candidate);
      expect(response.cookies, candidate).toEqual([]);
      answers.push({ status: response.statusCode, body: response.body, length: response.headers['content-length'] });
    }
    expect(answers[0]).toEqual({ status: 404, body: JSON.stringify({ message: PORTAL_MESSAGES.enlaceInvalido }), length: expect.any(String) });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    // The live one opens.
    expect((await send({ method: 'POST', url: '/api/portal/sesion', payload: { token } })).statusCode).toBe(200);
  });

  it("another case's token opens only that case: this case's items answer as unknown ids", async () => {
    const mine = await caso();
    const theirs = await caso();
    const cookie = await dentro(theirs.token);
    const estado = (await send({ method: 'GET', url: '/api/portal/estado', cookie })).json();
    const [reclamo] = await t.rows<{ reclamo_nro: string }>(sql`select reclamo_nro from casos where id = ${theirs.idCaso}`);
    expect(estado.reclamo.numero).toBe(reclamo!.reclamo_nro);
    expect(estado.items.map((item: { id: number }) => item.id)).toEqual(theirs.itemIds);
    const unknown = await send({ method: 'POST', url: '/api/portal/items/999999/archivos', cookie, ...multipart([['archivo', { filename: 'a.jpg', content: SAMPLE_FILES.jpg }]]) });
    for (const idItem of mine.itemIds) {
      const upload = await send({ method: 'POST', url: `/api/portal/items/${idItem}/archivos`, cookie, ...multipart([['archivo', { filename: 'a.jpg', content: SAMPLE_FILES.jpg }]]) });
      expect([upload.statusCode, upload.body]).toEqual([404, unknown.body]);
      const ejemplo = await send({ method: 'GET', url: `/api/portal/items/${idItem}/ejemplo`, cookie });
      expect([ejemplo.statusCode, ejemplo.body]).toEqual([404, JSON.stringify({ message: PORTAL_MESSAGES.itemNoExiste })]);
    }
    // The other third party of the same case is another claimant too.
    const sibling = await insertEnlace(t.database.db, { idCaso: mine.idCaso, idTercero: mine.terceroIds[1]!, creado: now(), items: [{ tipo: 'CBU', nombre: 'CBU' }] });
    const siblingCookie = await abrir(sibling.token);
    expect((await dni(siblingCookie, '30000002')).statusCode).toBe(200);
    const cross = await send({ method: 'POST', url: `/api/portal/items/${mine.itemIds[0]}/archivos`, cookie: siblingCookie, ...multipart([['archivo', { filename: 'a.jpg', content: SAMPLE_FILES.jpg }]]) });
    expect(cross.statusCode).toBe(404);
    expect(await t.rows(sql`select count(*)::int as n from portal_item_documentos where id_item in (${mine.itemIds[0]}, ${mine.itemIds[1]})`)).toEqual([{ n: 0 }]);
    // A message lands on the writer's own case and third party, whatever the body says.
    const mensaje = await send({ method: 'POST', url: '/api/portal/mensajes', cookie: siblingCookie, payload: { texto: 'Hola', id_tercero: mine.terceroIds[0] } });
    expect(mensaje.statusCode).toBe(400);
    expect((await send({ method: 'POST', url: '/api/portal/mensajes', cookie: siblingCookie, payload: { texto: 'Hola' } })).statusCode).toBe(201);
    expect(await t.rows(sql`select id_caso, id_tercero from portal_mensajes where texto = 'Hola'`)).toEqual([{ id_caso: mine.idCaso, id_tercero: mine.terceroIds[1] }]);
  });

  it("a revoked or renewed link ends its sessions, the claimant's who passed the DNI too", async () => {
    const { idCaso, terceroIds, token } = await caso();
    const cookie = await dentro(token);
    await insertEnlace(t.database.db, { idCaso, idTercero: terceroIds[0]!, creado: now() });
    const after = await send({ method: 'GET', url: '/api/portal/estado', cookie });
    expect([after.statusCode, after.json()]).toEqual([401, { message: PORTAL_MESSAGES.sesionVencida }]);
  });

  it('a portal_sid planted before the exchange is ended by it (session fixation)', async () => {
    const { token } = await caso();
    const planted = await dentro(token);
    const response = await send({ method: 'POST', url: '/api/portal/sesion', payload: { token }, cookie: planted });
    expect(response.statusCode).toBe(200);
    expect((await send({ method: 'GET', url: '/api/portal/estado', cookie: planted })).statusCode).toBe(401);
  });
});

describe('the DNI is guessed a few times at most', () => {
  it('per link: max_intentos wrong tries from anywhere lock it (423) until a new request renews it', async () => {
    const { idCaso, terceroIds, token } = await caso();
    const known = await dentro(token);
    const attacker = await abrir(token);
    const statuses = [];
    for (let n = 0; n < 5; n++) statuses.push((await dni(attacker, String(40_000_000 + n))).statusCode);
    expect(statuses).toEqual([422, 422, 422, 422, 423]);
    const locked = await dni(attacker, '30000001');
    expect([locked.statusCode, locked.json()]).toEqual([423, { message: PORTAL_MESSAGES.bloqueado }]);
    expect((await dni(await abrir(token), '30000001')).statusCode, 'a new session of the same link').toBe(423);
    const [enlace] = await t.rows<{ intentos_fallidos: number; bloqueado: boolean }>(
      sql`select intentos_fallidos, bloqueado_hasta is not null as bloqueado from portal_enlaces where id_caso = ${idCaso} and revocado is null`,
    );
    expect(enlace).toEqual({ intentos_fallidos: 5, bloqueado: true });
    // The claimant who had passed the DNI before goes on; guessing it is what the lock stops.
    expect((await send({ method: 'GET', url: '/api/portal/estado', cookie: known })).json().dni_ok).toBeUndefined();
    expect((await send({ method: 'GET', url: '/api/portal/estado', cookie: known })).json().items).toHaveLength(2);
    // A new request (a new link) starts again.
    const renewed = await insertEnlace(t.database.db, { idCaso, idTercero: terceroIds[0]!, creado: now() });
    expect((await dni(await abrir(renewed.token), '30000001')).statusCode).toBe(200);
  });

  it('per address: max_intentos wrong tries across links make it wait 15 minutes (429, Retry-After), by the injected clock', async () => {
    const first = await caso();
    const second = await caso();
    const third = await caso();
    const address = nextAddress();
    const cookies = [await abrir(first.token, address), await abrir(second.token, address), await abrir(third.token, address)];
    const statuses = [];
    for (const cookie of [cookies[0]!, cookies[0]!, cookies[1]!, cookies[1]!, cookies[1]!]) statuses.push((await dni(cookie, '11111111', address)).statusCode);
    expect(statuses).toEqual([422, 422, 422, 422, 429]);
    const waiting = await dni(cookies[2]!, '30000001', address);
    expect([waiting.statusCode, waiting.json()]).toEqual([429, { message: PORTAL_MESSAGES.bloqueado }]);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(900);
    // Another address is not held back; the links themselves are not locked (2 and 3 tries).
    expect((await dni(cookies[2]!, '30000001', nextAddress())).statusCode).toBe(200);
    shiftMs = 15 * 60_000 + 1000;
    try {
      expect((await dni(cookies[1]!, '30000001', address)).statusCode).toBe(200);
      // The window starts again: one wrong try is one, not the sixth.
      expect((await dni(cookies[0]!, '22222222', address)).statusCode).toBe(422);
    } finally {
      shiftMs = 0;
    }
  });
});

describe('the portal and the staff never stand in for each other', () => {
  it('a portal session, as its cookie or passed off as the staff one, opens no staff route (401)', async () => {
    const { token } = await caso();
    const cookie = await dentro(token);
    const value = cookie.split('=')[1]!;
    const failures: string[] = [];
    for (const route of staffRoutes()) {
      for (const sent of [cookie, `sid=${value}`]) {
        const response = await send({ method: route.method as 'GET', url: pathOf(route.url), cookie: sent, payload: route.method === 'GET' ? undefined : {} });
        if (response.statusCode !== 401) failures.push(`${route.method} ${route.url} with ${sent.split('=')[0]}: ${response.statusCode}`);
      }
    }
    expect(staffRoutes().length).toBeGreaterThan(80);
    expect(failures).toEqual([]);
  });

  it('a staff session, of any role, as its cookie or passed off as the portal one, opens no portal route (401)', async () => {
    const failures: string[] = [];
    const claimantOnly = portalRoutes().filter((route) => route.access === 'portal');
    expect(claimantOnly.length).toBeGreaterThanOrEqual(5);
    for (const role of ['admin', 'user', 'inspector'] as Role[]) {
      const staff = await t.login(role);
      for (const route of claimantOnly) {
        for (const sent of [staff, `portal_sid=${staff.split('=')[1]}`, `${staff}; portal_sid=${newSecret()}`]) {
          const response = await send({ method: route.method as 'GET', url: pathOf(route.url), cookie: sent, payload: route.method === 'GET' ? undefined : {} });
          expectPortalHeaders(response, route.url);
          if (response.statusCode !== 401 || response.json().message !== PORTAL_MESSAGES.sesionVencida)
            failures.push(`${route.method} ${route.url} as ${role} (${sent.slice(0, 12)}…): ${response.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("a staff session reaching the token exchange stays the staff's: the portal cookie is set alone, at its own path", async () => {
    const { token } = await caso();
    const staff = await t.login('user');
    const response = await send({ method: 'POST', url: '/api/portal/sesion', payload: { token }, cookie: staff });
    expect(response.cookies.map((cookie) => [cookie.name, cookie.path])).toEqual([['portal_sid', '/api/portal']]);
    expect((await send({ method: 'GET', url: '/api/users/auth', cookie: staff })).statusCode).toBe(200);
  });
});

describe('what the claimant reads', () => {
  it('GET /estado holds their own items and status line: no analysis, amounts, other parties, notes or staff names', async () => {
    const { idCaso, token, terceroIds } = await caso();
    await t.rows(sql`update casos set analisis = 'Responsabilidad compartida ANALISIS-SECRETO', valor_ofertado = 987654.32, valor_acordado = 876543.21,
      presupuesto = 765432.10, lugar_siniestro = 'LUGAR-INTERNO', declaracion_asegurado = 'DECLARACION-INTERNA', gestor = 'GESTOR-INTERNO' where id = ${idCaso}`);
    await t.rows(sql`insert into historial (id_caso, usuario, msg) values (${idCaso}, 'user@test.local', 'NOTA-INTERNA del analista')`);
    await t.rows(sql`update terceros set apellido = 'OTRO-TERCERO', cbu = '2850590940090418135201' where id = ${terceroIds[1]}`);
    await t.rows(sql`insert into portal_mensajes (id_caso, id_tercero, autor, usuario, texto) values (${idCaso}, ${terceroIds[0]}, 'oficina', 'user@test.local', 'Recibido')`);
    await t.rows(sql`insert into portal_mensajes (id_caso, id_tercero, autor, usuario, texto) values (${idCaso}, ${terceroIds[1]}, 'oficina', 'user@test.local', 'MENSAJE-DEL-OTRO')`);
    const cookie = await dentro(token);
    const response = await send({ method: 'GET', url: '/api/portal/estado', cookie });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['convenio', 'etapa', 'etapa_texto', 'expira', 'items', 'mensajes', 'oficina', 'reclamo']);
    expect(Object.keys(body.reclamo).sort()).toEqual(['compania', 'nombre', 'numero']);
    for (const item of body.items)
      expect(Object.keys(item).sort()).toEqual(['archivos', 'estado', 'estado_texto', 'explicacion', 'id', 'motivo', 'nombre', 'tiene_ejemplo']);
    expect(body.mensajes).toHaveLength(1);
    expect(Object.keys(body.mensajes[0]).sort()).toEqual(['autor', 'creado', 'id', 'texto']);
    for (const secret of ['ANALISIS-SECRETO', '987654', '876543', '765432', 'LUGAR-INTERNO', 'DECLARACION-INTERNA', 'GESTOR-INTERNO', 'NOTA-INTERNA', 'OTRO-TERCERO', '2850590940090418135201', 'MENSAJE-DEL-OTRO', 'test.local', 'González', '28123456', '30000001', 'AB123CD'])
      expect(response.body, secret).not.toContain(secret);
  });

  it("the convenio to sign: only this third party's live files, no storage key, hash or staff name; the e-mail masked", async () => {
    const { idCaso, token, terceroIds } = await caso();
    await t.rows(sql`update terceros set mail = 'juan.tercero@correo.test' where id = ${terceroIds[0]}`);
    const publicar = (idTercero: number, nombre: string, retirado: string | null) =>
      t.rows<{ id: number }>(sql`with item as (
          insert into portal_items (id_caso, id_tercero, tipo, nombre, solicitado) values (${idCaso}, ${idTercero}, 'Convenio', 'Convenio firmado', now()) returning id)
        insert into portal_convenios (id_caso, id_tercero, id_item, plantilla, nombre, archivo_key, mime, bytes, sha256, publicado, publicado_por, retirado)
          select ${idCaso}, ${idTercero}, item.id, 'Daños Titular sin Letrado', ${nombre}, ${`portal/convenios/${idCaso}/${nombre}`}, 'application/pdf', 10,
            repeat('a', 64), now(), 'user@test.local', ${retirado}::timestamptz from item returning id`);
    const [viejo] = await publicar(terceroIds[0]!, 'VIEJO.pdf', new Date().toISOString());
    const [propio] = await publicar(terceroIds[0]!, 'PROPIO.pdf', null);
    const [ajeno] = await publicar(terceroIds[1]!, 'DEL-OTRO.pdf', null);
    const cookie = await dentro(token);
    const response = await send({ method: 'GET', url: '/api/portal/estado', cookie });
    const { convenio } = response.json();
    expect(Object.keys(convenio).sort()).toEqual(['archivos', 'destino', 'firma_electronica', 'firmado', 'id_item']);
    expect(convenio.archivos).toEqual([{ id: propio!.id, nombre: 'PROPIO.pdf', mime: 'application/pdf', bytes: 10 }]);
    expect(convenio.destino).toBe('j•••@correo.test');
    for (const secret of ['VIEJO', 'DEL-OTRO', 'portal/convenios', 'aaaaaaaa', 'test.local', 'juan.tercero@']) expect(response.body, secret).not.toContain(secret);
    // Another third party's file and a retired one of their own do not exist for the claimant.
    for (const id of [ajeno!.id, viejo!.id]) expect((await send({ method: 'GET', url: `/api/portal/convenio/${id}`, cookie })).statusCode, String(id)).toBe(404);
  });

  it('before the DNI, nothing but the office and how many digits to type', async () => {
    const { token } = await caso();
    const cookie = await abrir(token);
    const response = await send({ method: 'GET', url: '/api/portal/estado', cookie });
    expect(response.json()).toEqual({ oficina: t.config.ORG_NAME, digitos_dni: 0, dni_ok: false });
    const blocked = [
      { method: 'POST', url: '/api/portal/mensajes', payload: { texto: 'x' } },
      { method: 'GET', url: '/api/portal/items/1/ejemplo' },
      { method: 'POST', url: '/api/portal/items/1/archivos', ...multipart([['archivo', { filename: 'a.jpg', content: SAMPLE_FILES.jpg }]]) },
      { method: 'GET', url: '/api/portal/convenio/1' },
      { method: 'POST', url: '/api/portal/convenio/codigo', payload: {} },
      { method: 'POST', url: '/api/portal/convenio/firma', payload: { dni: '30000001', codigo: '123456', acepto: true } },
    ] as const;
    for (const request of blocked) expect((await send({ ...request, cookie })).statusCode, request.url).toBe(403);
  });
});

describe('headers, cookies and CSRF', () => {
  it('every portal answer says Referrer-Policy no-referrer and Cache-Control no-store, errors and unknown paths too', async () => {
    const { token, itemIds } = await caso();
    const cookie = await dentro(token);
    for (const route of portalRoutes()) {
      const url = route.url.replace(':idItem', String(itemIds[0]));
      for (const sent of [undefined, cookie, 'portal_sid=x']) {
        const body = route.method === 'GET' ? undefined : route.url.endsWith('/sesion') ? { token: newSecret() } : route.url.endsWith('/salir') ? undefined : {};
        const response = await send({ method: route.method as 'GET', url, cookie: sent, payload: body });
        expectPortalHeaders(response, `${route.method} ${url} ${response.statusCode}`);
      }
    }
    expectPortalHeaders(await send({ method: 'GET', url: '/api/portal/nada', cookie }), 'unknown path');
  });

  it('the cookie is Secure when the request came over HTTPS', async () => {
    const { token } = await caso();
    const response = await send({ method: 'POST', url: '/api/portal/sesion', payload: { token }, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-proto': 'https' } });
    expect(response.cookies.find((cookie) => cookie.name === 'portal_sid')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/api/portal' });
  });

  it('a cross-site write with the portal cookie is refused before it runs; the portal page\'s own same-origin JSON passes', async () => {
    const { idCaso, token } = await caso();
    const cookie = await dentro(token);
    const crossSite = await send({
      method: 'POST',
      url: '/api/portal/mensajes',
      cookie,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      payload: JSON.stringify({ texto: 'CSRF' }),
    });
    expect([crossSite.statusCode, crossSite.json()]).toEqual([403, { message: AUTH_MESSAGES.forbidden }]);
    expect(await t.rows(sql`select count(*)::int as n from portal_mensajes where id_caso = ${idCaso}`)).toEqual([{ n: 0 }]);
    const form = await send({ method: 'POST', url: '/api/portal/mensajes', cookie, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'texto=hola' });
    expect(form.statusCode).toBe(415);
    const sameOrigin = await send({
      method: 'POST',
      url: '/api/portal/mensajes',
      cookie,
      headers: { origin: 'http://localhost:80', host: 'localhost', 'sec-fetch-site': 'same-origin' },
      payload: { texto: 'Hola' },
    });
    expect(sameOrigin.statusCode, sameOrigin.body).toBe(201);
  });
});
