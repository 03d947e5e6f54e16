import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { addDaysIso, AUTH_MESSAGES, formatDate, INSPECCION_EARLY_CLOSE_FIELD, INSPECCION_MESSAGES } from '@siniestros/domain';
import { createTestApp, storedCaseKeys, USERNAMES, type Role, type TestApp } from '../../../test/helpers';
import { clockAt, MIERCOLES } from '../../../test/clock';
import { insertCaso } from '../../../test/fixtures';
import { expectLoggedError } from '../../../test/logged-errors';
import { casos } from '../../db/tables/casos';
import { documentos } from '../../db/tables/documentacion';
import { historial } from '../../db/tables/historial';
import { inspecciones } from '../../db/tables/inspeccion';

/**
 * The inspection close (spec §4): two files into storage, then one transaction for the
 * inspection, the case status, the documentos rows and the history row. All or nothing.
 */
/** This file's today (a fixed day: the same expectations whatever day the suite runs). */
const HOY = MIERCOLES;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: clockAt(HOY) });
});
afterAll(() => t?.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082',
  'hex',
);

type FilePart = { field: string; name: string; content: Buffer };
const inspeccionFile: FilePart = { field: 'inspeccion', name: 'informe campo.PDF', content: PDF };
const cotizacionFile: FilePart = { field: 'cotizacion', name: 'presupuesto-repuestos.png', content: PNG };

/** A multipart body as a browser's FormData sends it. */
async function multipart(fields: Record<string, string>, files: FilePart[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(file.field, new Blob([new Uint8Array(file.content)]), file.name);
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } };
}

const GOOD_FIELDS = { resultado: 'Daños en paragolpes y óptica trasera', monto_inspeccion: '150000.50' };

async function cerrar(
  role: Role,
  id: number,
  fields: Record<string, string> = GOOD_FIELDS,
  files: FilePart[] = [inspeccionFile, cotizacionFile],
) {
  return t.request(role, { method: 'PATCH', url: `/api/inspeccion/d/${id}`, ...(await multipart(fields, files)) });
}

async function agendar(idCaso: number, idInspector = t.ids.inspectorRecord, fecha = HOY): Promise<number> {
  const response = await t.request('user', {
    method: 'POST',
    url: `/api/inspeccion/${idCaso}`,
    payload: { id_inspector: idInspector, fecha_inspeccion: fecha, direccion: 'Av. Siempreviva 742', detalle: 'Revisar daños' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function casoConInspeccion(idInspector?: number) {
  const caso = await insertCaso(t.database.db, { idEstado: 2 });
  return { idCaso: caso.id, id: await agendar(caso.id, idInspector) };
}

const storedKeys = (idCaso: number) => storedCaseKeys(t, idCaso);

/** Everything a close touches, to compare before and after a refused one. */
async function snapshot(idCaso: number, id: number) {
  const db = t.database.db;
  const [inspeccion] = await db.select().from(inspecciones).where(eq(inspecciones.id, id));
  const [caso] = await db.select({ idEstado: casos.id_estado, fechaEstado: casos.fecha_estado }).from(casos).where(eq(casos.id, idCaso));
  const docs = await db
    .select({ nombre: documentos.nombre, storage_key: documentos.storage_key })
    .from(documentos)
    .where(eq(documentos.id_caso, idCaso))
    .orderBy(asc(documentos.id));
  const history = await db.select({ msg: historial.msg }).from(historial).where(eq(historial.id_caso, idCaso)).orderBy(asc(historial.id));
  return { inspeccion, caso, docs, history: history.map((row) => row.msg), files: await storedKeys(idCaso) };
}

describe('PATCH /inspeccion/d/{id}: a successful close', () => {
  it('finalizes the inspection, moves the case to Análisis, stores both documents and writes the history, together', async () => {
    const { idCaso, id } = await casoConInspeccion();
    const response = await cerrar('inspector', id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: INSPECCION_MESSAGES.closed,
      id,
      estado: 'Finalizada',
      resultado: GOOD_FIELDS.resultado,
      monto_inspeccion: '150000.50',
      fecha_cierre: HOY,
    });

    const after = await snapshot(idCaso, id);
    expect(after.caso).toEqual({ idEstado: 3, fechaEstado: HOY });
    expect(after.docs.map((doc) => doc.nombre)).toEqual(['Inspeccion.pdf', 'Repuestos.png']);
    expect(after.files).toEqual(after.docs.map((doc) => doc.storage_key).sort());
    const [last] = await t.database.db
      .select()
      .from(historial)
      .where(eq(historial.id_caso, idCaso))
      .orderBy(sql`${historial.id} desc`)
      .limit(1);
    expect(last).toMatchObject({ msg: INSPECCION_MESSAGES.closeHistory, usuario: USERNAMES.inspector });

    // The documents are the case's: listed and downloadable like any other.
    expect((await t.request('user', { method: 'GET', url: `/api/documentacion/listado/${idCaso}` })).json()).toEqual([
      'Inspeccion.pdf',
      'Repuestos.png',
    ]);
    const download = await t.request('inspector', {
      method: 'GET',
      url: `/api/documentacion/downloadfile/?id=${idCaso}&name=Repuestos.png`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PNG)).toBe(true);

    // The staff view shows the closed inspection with its amount.
    const view = (await t.request('user', { method: 'GET', url: `/api/inspeccion/${id}` })).json();
    expect(view.data.inspeccion).toMatchObject({ estado: 'Finalizada', monto_inspeccion: '150000.50' });
    expect(view.data.caso).toMatchObject({ id_estado: 3, estado: 'Análisis' });
  });

  it('lets staff close any inspection; an amount of 0 is valid', async () => {
    const { idCaso, id } = await casoConInspeccion(t.ids.inspector2Record);
    const response = await cerrar('admin', id, { resultado: 'Sin daños', monto_inspeccion: '0' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().monto_inspeccion).toBe('0.00');
    expect((await snapshot(idCaso, id)).caso!.idEstado).toBe(3);
  });

  it('names a later inspection of the same case Inspeccion_02 and Repuestos_02 (spec §3 renaming)', async () => {
    const { idCaso, id } = await casoConInspeccion();
    expect((await cerrar('inspector', id)).statusCode).toBe(200);
    const reinspect = await t.request('user', { method: 'PATCH', url: `/api/casos/reinspeccionar/${idCaso}`, payload: {} });
    expect(reinspect.statusCode, reinspect.body).toBe(200);
    const second = await agendar(idCaso);
    expect((await cerrar('inspector', second, GOOD_FIELDS, [{ ...inspeccionFile, name: 'segunda.pdf' }, cotizacionFile])).statusCode).toBe(
      200,
    );
    expect((await snapshot(idCaso, second)).docs.map((doc) => doc.nombre)).toEqual([
      'Inspeccion.pdf',
      'Repuestos.png',
      'Inspeccion_02.pdf',
      'Repuestos_02.png',
    ]);
  });
});

describe('PATCH /inspeccion/d/{id}: a refused close changes nothing', () => {
  it('closing twice answers 409 and leaves the first close as it was', async () => {
    const { idCaso, id } = await casoConInspeccion();
    expect((await cerrar('inspector', id)).statusCode).toBe(200);
    const before = await snapshot(idCaso, id);
    const again = await cerrar('inspector', id, { resultado: 'Otro resultado', monto_inspeccion: '1' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'La inspeccion ya fue finalizada' });
    expect(await snapshot(idCaso, id)).toEqual(before);
  });

  it.each([
    ['the Cotizacion', [inspeccionFile]],
    ['the Doc de la Inspeccion', [cotizacionFile]],
    ['both files', []],
    ['an empty file input', [inspeccionFile, { ...cotizacionFile, name: '', content: Buffer.alloc(0) }]],
  ])('without %s answers 400 and stores no file', async (_label, files) => {
    const { idCaso, id } = await casoConInspeccion();
    const before = await snapshot(idCaso, id);
    const response = await cerrar('inspector', id, GOOD_FIELDS, files as FilePart[]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(INSPECCION_MESSAGES.filesRequired);
    expect(await snapshot(idCaso, id)).toEqual(before);
    expect(before.files).toEqual([]);
  });

  it.each([
    [{ resultado: '', monto_inspeccion: '10' }, 'resultado', INSPECCION_MESSAGES.noResultado],
    [{ monto_inspeccion: '10' }, 'resultado', INSPECCION_MESSAGES.noResultado],
    [{ resultado: 'r'.repeat(601), monto_inspeccion: '10' }, 'resultado', 'Debe tener maximo 600 caracteres'],
    [{ resultado: 'Ok', monto_inspeccion: '' }, 'monto_inspeccion', INSPECCION_MESSAGES.montoRequired],
    [{ resultado: 'Ok' }, 'monto_inspeccion', INSPECCION_MESSAGES.montoRequired],
    [{ resultado: 'Ok', monto_inspeccion: '-5' }, 'monto_inspeccion', INSPECCION_MESSAGES.montoNegative],
    [{ resultado: 'Ok', monto_inspeccion: '10.123' }, 'monto_inspeccion', 'El valor debe tener solo dos decimales'],
    [{ resultado: 'Ok', monto_inspeccion: 'mil' }, 'monto_inspeccion', 'El valor debe tener solo dos decimales'],
  ])('with fields %o answers 400 on %s and stores nothing', async (fields, path, message) => {
    const { idCaso, id } = await casoConInspeccion();
    const before = await snapshot(idCaso, id);
    const response = await cerrar('inspector', id, fields as Record<string, string>);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path, message }]);
    expect(await snapshot(idCaso, id)).toEqual(before);
  });

  it("answers 403 to an Inspector closing another inspector's inspection", async () => {
    const { idCaso, id } = await casoConInspeccion(t.ids.inspector2Record);
    const before = await snapshot(idCaso, id);
    const response = await cerrar('inspector', id);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(AUTH_MESSAGES.forbidden);
    expect(await snapshot(idCaso, id)).toEqual(before);
    expect((await cerrar('inspector2', id)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown inspection and 400 for a body that is not multipart', async () => {
    expect((await cerrar('inspector', 999999)).statusCode).toBe(404);
    const { idCaso, id } = await casoConInspeccion();
    const json = await t.request('inspector', { method: 'PATCH', url: `/api/inspeccion/d/${id}`, payload: GOOD_FIELDS });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(INSPECCION_MESSAGES.filesRequired);
    expect((await snapshot(idCaso, id)).inspeccion!.estado).toBe('Coordinada');
  });

  it('removes the first stored file when the second one is refused', async () => {
    const { idCaso, id } = await casoConInspeccion();
    const before = await snapshot(idCaso, id);
    const fake = { ...cotizacionFile, name: 'cotizacion.pdf', content: Buffer.from('esto no es un pdf') };
    const response = await cerrar('inspector', id, GOOD_FIELDS, [inspeccionFile, fake]);
    expect(response.statusCode).toBe(415);
    expect(await snapshot(idCaso, id)).toEqual(before);
  });

  it('refuses (409) when the case left Coordinar Inspección, storing nothing', async () => {
    const { idCaso, id } = await casoConInspeccion();
    const closed = await t.request('user', {
      method: 'PATCH',
      url: `/api/casos/cerrar/t/${idCaso}`,
      payload: { id_estado: 14, msg: 'Anulado' },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const before = await snapshot(idCaso, id);
    const response = await cerrar('inspector', id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(INSPECCION_MESSAGES.casoNotWaiting);
    expect(await snapshot(idCaso, id)).toEqual(before);
  });

  it('rolls everything back and removes the stored files when the transaction fails at its last step', async () => {
    const { idCaso, id } = await casoConInspeccion();
    const before = await snapshot(idCaso, id);
    // A database fault on the history insert, the transaction's last write.
    await t.database.db.execute(
      sql.raw(`
      CREATE FUNCTION test_fail_close() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.msg = '${INSPECCION_MESSAGES.closeHistory}' AND NEW.id_caso = ${idCaso} THEN RAISE EXCEPTION 'injected failure'; END IF;
        RETURN NEW;
      END $$`),
    );
    await t.database.db.execute(
      sql.raw('CREATE TRIGGER test_fail_close BEFORE INSERT ON historial FOR EACH ROW EXECUTE FUNCTION test_fail_close()'),
    );
    try {
      const response = await cerrar('inspector', id);
      expect(response.statusCode).toBe(500);
      expectLoggedError(/injected failure/);
      expect(await snapshot(idCaso, id)).toEqual(before);
    } finally {
      await t.database.db.execute(sql.raw('DROP TRIGGER test_fail_close ON historial'));
      await t.database.db.execute(sql.raw('DROP FUNCTION test_fail_close()'));
    }
    expect((await cerrar('inspector', id)).statusCode).toBe(200);
  });
});

describe('PATCH /inspeccion/d/{id} before the scheduled date', () => {
  it('asks for a confirmation (409, nothing written, no file kept), and with it closes and writes so in the history', async () => {
    const enUnaSemana = addDaysIso(HOY, 7);
    const caso = await insertCaso(t.database.db, { idEstado: 2 });
    const id = await agendar(caso.id, t.ids.inspectorRecord, enUnaSemana);
    const before = await snapshot(caso.id, id);

    const unconfirmed = await cerrar('inspector', id);
    expect(unconfirmed.statusCode).toBe(409);
    const question = INSPECCION_MESSAGES.confirmEarlyClose(formatDate(enUnaSemana));
    expect(unconfirmed.json()).toEqual({ message: question, errors: [{ path: INSPECCION_EARLY_CLOSE_FIELD, message: question }] });
    expect(await snapshot(caso.id, id)).toEqual(before);

    const confirmed = await cerrar('inspector', id, { ...GOOD_FIELDS, [INSPECCION_EARLY_CLOSE_FIELD]: 'true' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const after = await snapshot(caso.id, id);
    expect(after.inspeccion!.estado).toBe('Finalizada');
    expect(after.history.at(-1)).toBe(INSPECCION_MESSAGES.earlyCloseHistory(formatDate(enUnaSemana)));
  });
});
