import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AUDIT_ACTION, PORTAL_EJEMPLO_MAX_BYTES, PORTAL_MESSAGES, type Requisito } from '@siniestros/domain';
import { useTestApp, type Role } from '../../../test/helpers';
import { multipart, SAMPLE_FILES } from '../../../test/multipart';

// Documentación requerida and the portal's settings (docs/decisions/084): staff read, an Admin changes.
const t = useTestApp();

const requisitos = async (role: Role = 'user') => (await t.request(role, { method: 'GET', url: '/api/portal-admin/requisitos' })).json() as Requisito[];
const crear = (payload: Record<string, unknown>, role: Role = 'admin') => t.request(role, { method: 'POST', url: '/api/portal-admin/requisitos', payload });
const editar = (id: number, payload: Record<string, unknown>, role: Role = 'admin') => t.request(role, { method: 'PATCH', url: `/api/portal-admin/requisitos/${id}`, payload });
const subirEjemplo = (id: number, file: { filename: string; content: Buffer; contentType?: string }, role: Role = 'admin') =>
  t.request(role, { method: 'PUT', url: `/api/portal-admin/requisitos/${id}/ejemplo`, ...multipart([['archivo', file]]) });
const verEjemplo = (id: number, role: Role = 'user') => t.request(role, { method: 'GET', url: `/api/portal-admin/requisitos/${id}/ejemplo` });
const ajustes = (payload: Record<string, unknown>, role: Role = 'admin') => t.request(role, { method: 'PATCH', url: '/api/portal-admin/ajustes', payload });
const auditOf = (action: string, entityId: number) =>
  t.rows<{ actor: string; changes: Record<string, [unknown, unknown]> }>(sql`select actor, changes from audit_log where action = ${action} and entity_id = ${entityId} order by id`);

const NUEVO = { id_producto: null, tipo: 'Otros', nombre: 'Constancia de alumno regular', condicion: 'siempre', explicacion: 'Si el conductor es estudiante.' };

describe('Documentación requerida', () => {
  it('staff read the seeded list (every product first, in order); an Inspector is refused', async () => {
    const lista = await requisitos('user');
    expect(lista.slice(0, 3).map((row) => [row.nombre, row.tipo, row.condicion, row.producto, row.tiene_ejemplo, row.activo])).toEqual([
      ['DNI del conductor', 'DNI', 'siempre', null, false, true],
      ['Cédula verde', 'Cedula_Verde', 'siempre', null, false, true],
      ['Registro de conducir', 'Registro', 'siempre', null, false, true],
    ]);
    expect(lista.filter((row) => row.id_producto === null)).toHaveLength(18);
    expect(await requisitos('admin')).toEqual(lista);
    expect((await t.request('inspector', { method: 'GET', url: '/api/portal-admin/requisitos' })).statusCode).toBe(403);
  });

  it('an Admin adds one (with an audit row); a User cannot; the type must be one of the 19 and the product must exist', async () => {
    expect((await crear(NUEVO, 'user')).statusCode).toBe(403);
    expect((await crear(NUEVO, 'inspector')).statusCode).toBe(403);
    const malTipo = await crear({ ...NUEVO, tipo: 'Pasaporte' });
    expect([malTipo.statusCode, malTipo.json().errors]).toEqual([400, [{ path: 'tipo', message: PORTAL_MESSAGES.tipoInvalido }]]);
    const sinProducto = await crear({ ...NUEVO, id_producto: 999_999 });
    expect([sinProducto.statusCode, sinProducto.json().errors]).toEqual([422, [{ path: 'id_producto', message: PORTAL_MESSAGES.productoNoExiste }]]);

    const creado = await crear({ ...NUEVO, id_producto: 1, orden: 200 });
    expect(creado.statusCode, creado.body).toBe(201);
    expect(creado.json()).toMatchObject({
      message: PORTAL_MESSAGES.requisitoCreado,
      data: { ...NUEVO, id_producto: 1, producto: 'Daños Materiales', orden: 200, activo: true, tiene_ejemplo: false },
    });
    const id = creado.json().data.id as number;
    expect((await requisitos()).at(-1)!.id).toBe(id);
    const [audit] = await auditOf(AUDIT_ACTION.portalRequisito, id);
    expect(audit).toMatchObject({ actor: 'admin@test.local', changes: { nombre: [null, NUEVO.nombre], tipo: [null, 'Otros'], id_producto: [null, 1] } });
  });

  it('an Admin changes the fields sent (deactivating one keeps it listed); a User cannot; an unknown one is 404', async () => {
    const id = (await crear(NUEVO)).json().data.id as number;
    expect((await editar(id, { activo: false }, 'user')).statusCode).toBe(403);
    const editado = await editar(id, { activo: false, explicacion: 'Del año en curso.' });
    expect(editado.statusCode, editado.body).toBe(200);
    expect(editado.json()).toMatchObject({ message: PORTAL_MESSAGES.requisitoActualizado, data: { ...NUEVO, explicacion: 'Del año en curso.', activo: false } });
    expect((await requisitos()).find((row) => row.id === id)!.activo).toBe(false);
    expect((await auditOf(AUDIT_ACTION.portalRequisito, id)).at(-1)!.changes).toEqual({ activo: [true, false], explicacion: ['Si el conductor es estudiante.', 'Del año en curso.'] });
    const noExiste = await editar(999_999, { activo: true });
    expect([noExiste.statusCode, noExiste.json().message]).toEqual([404, PORTAL_MESSAGES.requisitoNoExiste]);
    expect((await editar(id, { condicion: 'a veces' })).statusCode).toBe(400);
  });
});

describe('the example picture', () => {
  it('an Admin uploads a JPG, PNG or WebP (checked by its bytes); staff see it; replacing it removes the old file', async () => {
    const id = (await crear(NUEVO)).json().data.id as number;
    const sinEjemplo = await verEjemplo(id);
    expect([sinEjemplo.statusCode, sinEjemplo.json().message]).toEqual([404, PORTAL_MESSAGES.sinEjemplo]);
    expect((await subirEjemplo(id, { filename: 'ejemplo.png', content: SAMPLE_FILES.png, contentType: 'image/png' }, 'user')).statusCode).toBe(403);

    const subido = await subirEjemplo(id, { filename: 'ejemplo.png', content: SAMPLE_FILES.png, contentType: 'image/png' });
    expect(subido.statusCode, subido.body).toBe(200);
    expect(subido.json()).toMatchObject({ message: PORTAL_MESSAGES.ejemploGuardado, data: { id, tiene_ejemplo: true } });
    const visto = await verEjemplo(id);
    expect([visto.statusCode, visto.headers['content-type'], visto.headers['x-content-type-options']]).toEqual([200, 'image/png', 'nosniff']);
    expect(visto.rawPayload.equals(SAMPLE_FILES.png)).toBe(true);
    expect((await verEjemplo(id, 'admin')).statusCode).toBe(200);
    expect((await verEjemplo(id, 'inspector')).statusCode).toBe(403);

    const [{ key: anterior }] = (await t.rows<{ key: string }>(sql`select ejemplo_key as key from documentacion_requerida where id = ${id}`)) as [{ key: string }];
    expect(anterior).toMatch(new RegExp(`^portal/ejemplos/${id}/`));
    expect(await t.app.services.storage.exists(anterior)).toBe(true);
    // The bytes decide, not the name or the type the browser sent.
    const jpg = await subirEjemplo(id, { filename: 'ejemplo.png', content: SAMPLE_FILES.jpg, contentType: 'image/png' });
    expect(jpg.statusCode, jpg.body).toBe(200);
    expect((await verEjemplo(id)).headers['content-type']).toBe('image/jpeg');
    expect(await t.app.services.storage.exists(anterior)).toBe(false);
  });

  it('refuses what is not a picture (415), one over 2 MB (413), an unknown requirement (404)', async () => {
    const id = (await crear(NUEVO)).json().data.id as number;
    const pdf = await subirEjemplo(id, { filename: 'ejemplo.jpg', content: SAMPLE_FILES.pdf, contentType: 'image/jpeg' });
    expect([pdf.statusCode, pdf.json().message]).toEqual([415, PORTAL_MESSAGES.ejemploInvalido]);
    const grande = await subirEjemplo(id, { filename: 'grande.png', content: Buffer.concat([SAMPLE_FILES.png, Buffer.alloc(PORTAL_EJEMPLO_MAX_BYTES)]) });
    expect([grande.statusCode, grande.json().message]).toEqual([413, PORTAL_MESSAGES.ejemploMuyGrande]);
    const noExiste = await subirEjemplo(999_999, { filename: 'ejemplo.png', content: SAMPLE_FILES.png });
    expect([noExiste.statusCode, noExiste.json().message]).toEqual([404, PORTAL_MESSAGES.requisitoNoExiste]);
    expect((await t.request('admin', { method: 'PUT', url: `/api/portal-admin/requisitos/${id}/ejemplo`, payload: { archivo: 'x' } })).statusCode).toBe(415);
    expect((await requisitos()).find((row) => row.id === id)!.tiene_ejemplo).toBe(false);
    // Nothing was left in the storage for it.
    const keys: string[] = [];
    for await (const key of t.app.services.storage.list()) if (key.startsWith(`portal/ejemplos/${id}/`)) keys.push(key);
    expect(keys).toEqual([]);
  });
});

describe("the portal's settings", () => {
  it('staff read them; an Admin changes them (reminder days in order, once each) with an audit row; a User cannot', async () => {
    const leidos = await t.request('user', { method: 'GET', url: '/api/portal-admin/ajustes' });
    expect(leidos.json()).toEqual({ dias_validez: 30, digitos_dni: 0, max_intentos: 5, recordatorios_dias: [3, 7, 10], firma_electronica: false });
    expect((await t.request('inspector', { method: 'GET', url: '/api/portal-admin/ajustes' })).statusCode).toBe(403);
    const nuevos = { dias_validez: 15, digitos_dni: 4, max_intentos: 3, recordatorios_dias: [10, 2, 5, 2], firma_electronica: false };
    expect((await ajustes(nuevos, 'user')).statusCode).toBe(403);
    const guardado = await ajustes(nuevos);
    expect(guardado.statusCode, guardado.body).toBe(200);
    const esperado = { ...nuevos, recordatorios_dias: [2, 5, 10] };
    expect(guardado.json()).toEqual({ message: PORTAL_MESSAGES.ajustesGuardados, data: esperado });
    expect((await t.request('admin', { method: 'GET', url: '/api/portal-admin/ajustes' })).json()).toEqual(esperado);
    expect((await auditOf(AUDIT_ACTION.portalAjustes, 1)).at(-1)).toMatchObject({
      actor: 'admin@test.local',
      changes: { dias_validez: [30, 15], digitos_dni: [0, 4], max_intentos: [5, 3], recordatorios_dias: [[3, 7, 10], [2, 5, 10]] },
    });
    for (const malo of [{ ...nuevos, dias_validez: 0 }, { ...nuevos, digitos_dni: 9 }, { ...nuevos, max_intentos: 0 }, { ...nuevos, extra: 1 }]) {
      expect((await ajustes(malo)).statusCode).toBe(400);
    }
  });
});
