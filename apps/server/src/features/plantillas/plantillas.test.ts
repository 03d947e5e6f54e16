import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import { AUDIT_ACTION, CONVENIO_TEMPLATES, ESTADO, PLANTILLA_MESSAGES, camposRequeridos, type PlantillaConvenio } from '@siniestros/domain';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { insertCaso } from '../../../test/fixtures';
import { multipart } from '../../../test/multipart';
import { buildDefaultTemplate } from '../../../scripts/convenio-templates';
import { auditLog } from '../../db/tables/audit';
import { terceros } from '../../db/tables/casos';
import { defaultTemplatePath } from './plantillas.defaults';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const TITULAR = CONVENIO_TEMPLATES[0];
const shipped = () => fs.readFile(defaultTemplatePath(TITULAR));

/** The shipped template with its document.xml changed by `edit` (what an office does in Word). */
async function editedTemplate(edit: (xml: string) => string): Promise<Buffer> {
  const zip = await JSZip.loadAsync(await shipped());
  zip.file('word/document.xml', edit(await zip.file('word/document.xml')!.async('string')));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const subir = (id: number, content: Buffer | string, filename = 'convenio.docx', role: 'admin' | 'user' = 'admin') =>
  t.request(role, { method: 'POST', url: `/api/plantillas/${id}`, ...multipart([['archivo', { filename, content }]]) });

const textOf = async (docx: Buffer) => (await mammoth.extractRawText({ buffer: docx })).value;

async function listar(): Promise<PlantillaConvenio[]> {
  const response = await t.request('admin', { method: 'GET', url: '/api/plantillas' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The text of the first convenio of a fresh case in status Convenio. */
async function convenioTitular(): Promise<string> {
  const caso = await insertCaso(t.database.db, { idEstado: ESTADO.CONVENIO, valorOfertado: '1000' });
  await t.database.db.update(terceros).set({ cbu: '2850590940090418135201' }).where(eq(terceros.id, caso.terceroIds[0]!));
  const response = await t.request('user', { method: 'POST', url: `/api/documentacion/c/${caso.id}`, payload: { convenioFile: [TITULAR.nombre] } });
  expect(response.statusCode).toBe(200);
  const zip = await JSZip.loadAsync(response.rawPayload);
  return textOf(await Object.values(zip.files)[0]!.async('nodebuffer'));
}

describe('Plantillas de convenio (Admin)', () => {
  it('lists the nine shipped templates, only to an Admin', async () => {
    const plantillas = await listar();
    expect(plantillas.map((plantilla) => plantilla.nombre)).toEqual(CONVENIO_TEMPLATES.map((template) => template.nombre));
    for (const plantilla of plantillas) expect(plantilla.versiones).toEqual([{ version: 0, archivo: null, restaurada_de: null, usuario: null, fecha: null }]);
    expect((await t.request('user', { method: 'GET', url: '/api/plantillas' })).statusCode).toBe(403);
    expect((await t.request('inspector', { method: 'GET', url: '/api/plantillas/1/archivo' })).statusCode).toBe(403);
    expect((await t.request(null, { method: 'GET', url: '/api/plantillas' })).statusCode).toBe(401);
    expect((await subir(1, await shipped(), 'convenio.docx', 'user')).statusCode).toBe(403);
  });

  it('an uploaded version is used by the next convenio; earlier ones stay and can be put back', async () => {
    expect(await convenioTitular()).toContain('CUARTA — RENUNCIA:');
    const download = await t.request('admin', { method: 'GET', url: `/api/plantillas/${TITULAR.id}/archivo` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('filename="Convenio_1_Danos_Titular_sin_Letrado_v0.docx"');
    expect(download.rawPayload.equals(await shipped())).toBe(true);

    const edited = await editedTemplate((xml) => xml.replace('RENUNCIA', 'RENUNCIA Y DESISTIMIENTO'));
    const upload = await subir(TITULAR.id, edited, 'Convenio titular 2026.docx');
    expect(upload.statusCode).toBe(201);
    expect(upload.json()).toEqual({ message: PLANTILLA_MESSAGES.uploaded(1), version: 1 });
    expect(await convenioTitular()).toContain('CUARTA — RENUNCIA Y DESISTIMIENTO:');

    const [titular, otra] = await listar();
    expect(titular!.versiones.map((version) => [version.version, version.archivo, version.usuario])).toEqual([
      [1, 'Convenio titular 2026.docx', 'admin@test.local'],
      [0, null, null],
    ]);
    expect(otra!.versiones).toHaveLength(1);

    // The preview fills the demo case into the version asked for.
    const preview = await t.request('admin', { method: 'GET', url: `/api/plantillas/${TITULAR.id}/vista-previa?version=1` });
    expect(preview.statusCode).toBe(200);
    const previewText = await textOf(preview.rawPayload);
    expect(previewText).toContain('RENUNCIA Y DESISTIMIENTO');
    expect(previewText).toContain('Laura Sosa, DNI 33.222.111');
    expect(previewText).not.toMatch(/[{}]/);

    const back = await t.request('admin', { method: 'POST', url: `/api/plantillas/${TITULAR.id}/restaurar`, payload: { version: 0 } });
    expect(back.statusCode).toBe(201);
    expect(back.json()).toEqual({ message: PLANTILLA_MESSAGES.restored(2), version: 2 });
    expect(await convenioTitular()).toContain('CUARTA — RENUNCIA:');
    const again = await t.request('admin', { method: 'POST', url: `/api/plantillas/${TITULAR.id}/restaurar`, payload: { version: 1 } });
    expect(again.json().version).toBe(3);
    expect(await convenioTitular()).toContain('RENUNCIA Y DESISTIMIENTO');
    const v1 = await t.request('admin', { method: 'GET', url: `/api/plantillas/${TITULAR.id}/archivo?version=1` });
    expect(v1.rawPayload.equals(edited)).toBe(true);
    expect((await listar())[0]!.versiones.map((version) => [version.version, version.restaurada_de])).toEqual([
      [3, 1],
      [2, 0],
      [1, null],
      [0, null],
    ]);

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, AUDIT_ACTION.plantillaUpdated));
    expect(audit.map((row) => row.changes)).toEqual([
      { version: [0, 1] },
      { version: [1, 2], restaurada_de: [null, 0] },
      { version: [2, 3], restaurada_de: [null, 1] },
    ]);
    expect((await t.request('admin', { method: 'POST', url: `/api/plantillas/${TITULAR.id}/restaurar`, payload: { version: 99 } })).statusCode).toBe(404);
    expect((await t.request('admin', { method: 'GET', url: '/api/plantillas/10/archivo' })).statusCode).toBe(404);
  });

  it('refuses, in Spanish, a file that is not a .docx, a broken or unknown field, a zip bomb and a file too big', async () => {
    const refused = async (content: Buffer | string, message: string, status = 422, filename = 'plantilla.docx') => {
      const response = await subir(2, content, filename);
      expect(response.statusCode, message).toBe(status);
      expect(response.json(), message).toEqual({ message });
    };
    await refused('no soy un docx', PLANTILLA_MESSAGES.notDocx);
    await refused(await shipped(), PLANTILLA_MESSAGES.notDocx, 422, 'plantilla.pdf');
    const notWord = new JSZip();
    notWord.file('hola.txt', 'hola');
    await refused(await notWord.generateAsync({ type: 'nodebuffer' }), PLANTILLA_MESSAGES.notDocx);
    await refused(await editedTemplate((xml) => xml.replace('{monto}', '{monto_total}').replace('{cbu}', '{cuenta}')), PLANTILLA_MESSAGES.unknownFields(['monto_total', 'cuenta']));
    await refused(await editedTemplate((xml) => xml.replace('{monto}', '{monto')), PLANTILLA_MESSAGES.badTags('«{monto),» no cierra su llave'));
    // 30 MB of zeros deflate to ~30 KB: refused once it unpacks past 20 MB, before it is parsed.
    const bomb = await JSZip.loadAsync(await shipped());
    bomb.file('word/media/relleno.bin', Buffer.alloc(30 * 1024 * 1024));
    const bombBytes = await bomb.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(bombBytes.length).toBeLessThan(200_000);
    await refused(bombBytes, PLANTILLA_MESSAGES.notDocx);
    await refused(Buffer.concat([await shipped(), Buffer.alloc(2 * 1024 * 1024)]), PLANTILLA_MESSAGES.tooLarge, 413);
    expect((await listar())[1]!.versiones).toHaveLength(1);
  });

  it('refuses a part named outside the package, which every convenio would otherwise carry', async () => {
    const before = (await listar())[0]!.versiones.length;
    for (const name of ['../../x', '/etc/evil', 'word/../../x', 'word\\..\\x', 'C:evil', 'word/./x.xml']) {
      const zip = await JSZip.loadAsync(await shipped());
      zip.file(name, 'malicioso', { createFolders: false });
      const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
      // JSZip writes the name as given.
      expect(bytes.includes(Buffer.from(name)), name).toBe(true);
      const response = await subir(TITULAR.id, bytes);
      expect(response.statusCode, name).toBe(422);
      expect(response.json(), name).toEqual({ message: PLANTILLA_MESSAGES.unsafeEntry(name) });
    }
    expect((await listar())[0]!.versiones).toHaveLength(before);
  });

  it('refuses a template without a field its type must print, and the shipped ones have them all', async () => {
    const before = (await listar())[0]!.versiones.length;
    const refused = async (id: number, edit: (xml: string) => string, missing: string[]) => {
      const response = await subir(id, await editedTemplate(edit));
      expect(response.statusCode, missing.join()).toBe(422);
      expect(response.json()).toEqual({ message: PLANTILLA_MESSAGES.missingFields(missing) });
    };
    await refused(TITULAR.id, (xml) => xml.replaceAll('{cbu}', ''), ['cbu']);
    await refused(TITULAR.id, (xml) => xml.replaceAll('{monto}', '').replaceAll('{monto_en_letras}', ''), ['monto', 'monto_en_letras']);
    for (const template of CONVENIO_TEMPLATES) {
      const xml = await (await JSZip.loadAsync(await fs.readFile(defaultTemplatePath(template)))).file('word/document.xml')!.async('string');
      for (const campo of camposRequeridos(template)) expect(xml, `${template.nombre}: ${campo}`).toContain(`{${campo}}`);
    }
    expect(camposRequeridos(CONVENIO_TEMPLATES[5])).toEqual(expect.arrayContaining(['apoderado_nombre', 'poder', 'letrado_cuit']));
    expect((await listar())[0]!.versiones).toHaveLength(before);
  });

  it('keeps the last clause, the closing sentence and the signatures together on one page', async () => {
    for (const template of CONVENIO_TEMPLATES) {
      const xml = await (await JSZip.loadAsync(await fs.readFile(defaultTemplatePath(template)))).file('word/document.xml')!.async('string');
      const paragraphs = xml.match(/<w:p>[\s\S]*?<\/w:p>|<w:p [\s\S]*?<\/w:p>/g)!;
      const keepsWithNext = (text: string) => {
        const paragraph = paragraphs.find((candidate) => candidate.includes(text));
        expect(paragraph, `${template.nombre}: ${text}`).toBeDefined();
        return /<w:keepNext\/>/.test(paragraph!) && /<w:keepLines\/>/.test(paragraph!);
      };
      expect(keepsWithNext('JURISDICCIÓN'), template.nombre).toBe(true);
      expect(keepsWithNext('En prueba de conformidad'), template.nombre).toBe(true);
      expect(keepsWithNext('______________________'), template.nombre).toBe(true);
      expect(keepsWithNext('ANTECEDENTES'), template.nombre).toBe(false);
      expect(xml, template.nombre).toContain('<w:cantSplit/>');
    }
  });

  it('ships each template as scripts/convenio-templates.ts writes it', async () => {
    for (const template of CONVENIO_TEMPLATES) {
      const documentXml = async (bytes: Buffer) => (await JSZip.loadAsync(bytes)).file('word/document.xml')!.async('string');
      expect(await documentXml(await fs.readFile(defaultTemplatePath(template))), template.nombre).toBe(await documentXml(await buildDefaultTemplate(template)));
    }
  });
});
