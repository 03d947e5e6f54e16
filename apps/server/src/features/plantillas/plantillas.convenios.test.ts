import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import {
  CONVENIO_MESSAGES,
  CONVENIO_TEMPLATES,
  CONVENIOS_ZIP_NAME,
  ESTADO,
  fechaEnLetras,
  formatDate,
  formatPesos,
} from '@siniestros/domain';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { clockAt, MIERCOLES } from '../../../test/clock';
import { insertCaso } from '../../../test/fixtures';
import { casos, terceros } from '../../db/tables/casos';
import { convenioFileName } from './plantillas.convenios';

/** This file's today (a fixed day: the same expectations whatever day the suite runs). */
const HOY = MIERCOLES;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: clockAt(HOY) });
});
afterAll(() => t?.close());

/** Each .docx of the zip read by a docx parser (mammoth): its paragraphs' text, and its core properties. */
async function openConvenios(zipBytes: Buffer) {
  const zip = await JSZip.loadAsync(zipBytes);
  const documents: Record<string, { text: string; paragraphs: string[]; core: string; styles: string }> = {};
  for (const name of Object.keys(zip.files)) {
    const bytes = await zip.file(name)!.async('nodebuffer');
    const { value: text } = await mammoth.extractRawText({ buffer: bytes });
    const docx = await JSZip.loadAsync(bytes);
    documents[name] = {
      text,
      paragraphs: text.split('\n').map((line) => line.trim()).filter(Boolean),
      core: await docx.file('docProps/core.xml')!.async('string'),
      styles: await docx.file('word/styles.xml')!.async('string'),
    };
  }
  return documents;
}

const CBU = '2850590940090418135201';
const CUIT_ENTERO = 'CUIT\u00a027\u201122333444\u20115';

async function casoEnConvenio(fixture: Parameters<typeof insertCaso>[1] = {}) {
  const caso = await insertCaso(t.database.db, { idEstado: ESTADO.CONVENIO, ...fixture });
  await t.database.db.update(casos).set({ lugar_siniestro: 'Av. Corrientes y Callao, CABA' }).where(eq(casos.id, caso.id));
  for (const id of caso.terceroIds) {
    await t.database.db.update(terceros).set({ cbu: CBU, domicilio: 'Av. Rivadavia 4500, CABA' }).where(eq(terceros.id, id));
  }
  return caso;
}

const pedir = (idCaso: number, payload: Record<string, unknown>) =>
  t.request('user', { method: 'POST', url: `/api/documentacion/c/${idCaso}`, payload });

const NO_TITULAR = { titular_nombre: 'Jorge Sosa', titular_documento: 'DNI 12.345.678', caracter: 'conductor autorizado' };
const APODERADO = { apoderado_nombre: 'Martín Ruiz', apoderado_documento: 'DNI 25.111.222', poder: 'escritura N° 152 del 10/02/2026, Registro 1234 de CABA' };

describe('Convenios (POST /documentacion/c/:id)', () => {
  it('all nine for the chosen third party read as documents to sign: every field filled, the agreed value in words, each signer', async () => {
    const caso = await casoEnConvenio({ valorOfertado: '1000000', valorAcordado: '1291478.36', reclamoNro: '7788990', terceros: 2 });
    await t.request('user', {
      method: 'POST',
      url: '/api/letrados',
      payload: { id_caso: caso.id, apellido: 'Fernández', nombre: 'Julia', cuit: '27-22333444-5' },
    });
    const response = await pedir(caso.id, {
      convenioFile: CONVENIO_TEMPLATES.map((template) => template.nombre),
      id_tercero: caso.terceroIds[1],
      ...NO_TITULAR,
      ...APODERADO,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain(`filename="${CONVENIOS_ZIP_NAME}"`);

    const documents = await openConvenios(response.rawPayload);
    expect(Object.keys(documents).sort()).toEqual(CONVENIO_TEMPLATES.map((template) => convenioFileName(template, caso.id)).sort());
    expect(new Set(Object.values(documents).map((document) => document.text)).size).toBe(9);
    for (const template of CONVENIO_TEMPLATES) {
      const name = convenioFileName(template, caso.id);
      const document = documents[name]!;
      expect(document.text, name).not.toMatch(/[{}]/);
      // Nothing left blank to write by hand, apart from the signature lines.
      expect(document.paragraphs.filter((paragraph) => !/^_+$/.test(paragraph)).join('\n'), name).not.toContain('____');
      for (const expected of [
        `En la Ciudad Autónoma de Buenos Aires, ${fechaEnLetras(HOY)}, entre Compañía Test`,
        `(Caso ${caso.id})`,
        'siniestro N° 7788990',
        formatDate('2026-10-01'),
        'Av. Corrientes y Callao, CABA',
        'María José González',
        'Juan Tercero2',
        'DNI 30.000.002',
        'Av. Rivadavia 4500, CABA',
        'AC200ZZ',
        'PESOS UN MILLÓN DOSCIENTOS NOVENTA Y UN MIL CUATROCIENTOS SETENTA Y OCHO CON 36/100',
        formatPesos('1291478.36'),
        'quince (15) días hábiles',
        `CBU N° ${CBU}`,
      ]) {
        expect(document.text, `${name}: ${expected}`).toContain(expected);
      }
      expect(document.text, name).not.toContain('Tercero1');
      expect(document.text, name).not.toContain(formatPesos('1000000'));
      expect(document.core, name).toContain('<dc:creator>Gestión de Siniestros</dc:creator>');
      expect(document.core, name).toContain(`<dc:title>${template.nombre} - Caso ${caso.id}</dc:title>`);
      expect(document.styles, name).toContain('w:val="es-AR"');

      // A signature line per signer, with their name and role in paragraphs of their own.
      const reclamante = template.parte === 'apoderado' ? ['Martín Ruiz', 'p/p Juan Tercero2'] : ['Juan Tercero2', 'DNI 30.000.002'];
      const signers = [['Compañía Test', 'p/ LA ASEGURADORA'], reclamante, ...(template.conLetrado ? [['Julia Fernández', 'Letrado patrocinante']] : [])];
      expect(document.paragraphs.filter((paragraph) => /^_{10,}$/.test(paragraph)), name).toHaveLength(signers.length);
      expect(document.paragraphs.filter((paragraph) => paragraph === 'Firma y aclaración'), name).toHaveLength(signers.length);
      for (const [signer, role] of signers) {
        expect(document.paragraphs, name).toContain(signer);
        expect(document.paragraphs, name).toContain(role);
      }

      // The CUIT never breaks across lines: a no-break space after «CUIT», Word's no-break hyphens (read as U+2011) inside.
      expect(document.paragraphs.includes(CUIT_ENTERO), name).toBe(template.conLetrado);
      expect(document.text, name).not.toContain('27-22333444-5');

      // Each type's own text.
      expect(document.text.includes(`con el patrocinio letrado de Julia Fernández, ${CUIT_ENTERO}`), name).toBe(template.conLetrado);
      expect(document.text.includes('HONORARIOS'), name).toBe(template.conLetrado);
      // The fees are inside the amount of the clause that states it (PROPUESTA in Aceptación Previa, which has no INDEMNIZACIÓN).
      if (template.conLetrado) expect(document.text, name).toContain('están incluidos en la suma de la cláusula SEGUNDA.');
      expect(document.text, name).not.toContain('cláusula de indemnización');
      expect(document.text.includes('cuyo titular registral es Jorge Sosa, DNI 12.345.678'), name).toBe(template.parte === 'no_titular');
      expect(document.text.includes('en su carácter de conductor autorizado'), name).toBe(template.parte === 'no_titular');
      expect(document.text.includes(`Martín Ruiz, DNI 25.111.222, en nombre y representación de Juan Tercero2`), name).toBe(template.parte === 'apoderado');
      expect(document.text.includes(APODERADO.poder), name).toBe(template.parte === 'apoderado');
      expect(document.text.includes('ACTA DE ACEPTACIÓN PREVIA'), name).toBe(template.parte === 'aceptacion_previa');
      expect(document.text.includes('formulario 08'), name).toBe(template.parte === 'destruccion_total');
      expect(document.text.includes('Registro Nacional de la Propiedad del Automotor'), name).toBe(template.parte === 'destruccion_total');
    }
  });

  it('uses the offer when nothing was agreed, the only third party without being told and its stored CBU', async () => {
    const caso = await casoEnConvenio({ valorOfertado: '521000' });
    const response = await pedir(caso.id, { convenioFile: [CONVENIO_TEMPLATES[0].nombre] });
    expect(response.statusCode).toBe(200);
    const [document] = Object.values(await openConvenios(response.rawPayload));
    expect(document!.text).toContain('PESOS QUINIENTOS VEINTIÚN MIL CON 00/100');
    expect(document!.text).toContain('Juan Tercero1');
    expect(document!.text).toContain(`CBU N° ${CBU}`);
  });

  it('asks for what the chosen texts name: the owner, the power, a valid CBU and the lawyer', async () => {
    const caso = await casoEnConvenio({ valorOfertado: '1000' });
    const sinDatos = await pedir(caso.id, { convenioFile: [CONVENIO_TEMPLATES[2].nombre, CONVENIO_TEMPLATES[4].nombre] });
    expect(sinDatos.statusCode).toBe(400);
    expect(sinDatos.json().errors.map((error: { path: string }) => error.path).sort()).toEqual(
      ['apoderado_documento', 'apoderado_nombre', 'caracter', 'poder', 'titular_documento', 'titular_nombre'],
    );
    expect(sinDatos.json().errors).toContainEqual({ path: 'poder', message: CONVENIO_MESSAGES.required('Poder') });

    // 22 digits with a wrong check digit are told apart from a number of the wrong length.
    const cbuMalo = await pedir(caso.id, { convenioFile: [CONVENIO_TEMPLATES[0].nombre], cbu: '2850590940090418135202' });
    expect(cbuMalo.statusCode).toBe(400);
    expect(cbuMalo.json().errors).toContainEqual({ path: 'cbu', message: CONVENIO_MESSAGES.badCbuCheck });
    const cbuCorto = await pedir(caso.id, { convenioFile: [CONVENIO_TEMPLATES[0].nombre], cbu: '285059094009041813520' });
    expect(cbuCorto.statusCode).toBe(400);
    expect(cbuCorto.json().errors).toContainEqual({ path: 'cbu', message: CONVENIO_MESSAGES.badCbu });

    await t.database.db.update(terceros).set({ cbu: null }).where(eq(terceros.id, caso.terceroIds[0]!));
    const sinCbu = await pedir(caso.id, { convenioFile: [CONVENIO_TEMPLATES[0].nombre] });
    expect(sinCbu.statusCode).toBe(422);
    expect(sinCbu.json()).toEqual({ message: CONVENIO_MESSAGES.noCbu });
    // The CBU typed in the dialog serves when the third party has none (spaces and dashes allowed).
    expect((await pedir(caso.id, { convenioFile: [CONVENIO_TEMPLATES[0].nombre], cbu: '28505909-40090418135201' })).statusCode).toBe(200);

    const conLetrado = await pedir(caso.id, { convenioFile: [CONVENIO_TEMPLATES[1].nombre], cbu: CBU });
    expect(conLetrado.statusCode).toBe(422);
    expect(conLetrado.json()).toEqual({ message: CONVENIO_MESSAGES.noLetrado });
  });

  it('asks which third party when there are several, and refuses one of another case', async () => {
    const caso = await casoEnConvenio({ valorOfertado: '1000', terceros: 2 });
    const otro = await casoEnConvenio({ valorOfertado: '1000' });
    const sinElegir = await pedir(caso.id, { convenioFile: [CONVENIO_TEMPLATES[0].nombre] });
    expect(sinElegir.statusCode).toBe(422);
    expect(sinElegir.json()).toEqual({ message: CONVENIO_MESSAGES.chooseTercero });
    const ajeno = await pedir(caso.id, { convenioFile: [CONVENIO_TEMPLATES[0].nombre], id_tercero: otro.terceroIds[0] });
    expect(ajeno.statusCode).toBe(422);
    expect(ajeno.json()).toEqual({ message: CONVENIO_MESSAGES.unknownTercero });
    const malo = await pedir(caso.id, { convenioFile: [CONVENIO_TEMPLATES[0].nombre], id_tercero: 'x' });
    expect(malo.statusCode).toBe(400);
  });

  it('only in status Convenio: before it and once closed the answer is a Spanish 422', async () => {
    for (const idEstado of [ESTADO.OFRECIMIENTO, ESTADO.ESPERA_CONVENIO, ESTADO.FINALIZADO]) {
      const caso = await insertCaso(t.database.db, { idEstado, valorOfertado: '1000' });
      const response = await pedir(caso.id, { convenioFile: [CONVENIO_TEMPLATES[0].nombre] });
      expect(response.statusCode, String(idEstado)).toBe(422);
      expect(response.json()).toEqual({ message: CONVENIO_MESSAGES.wrongEstado });
    }
  });

  it('needs a value (422), a chosen template (400) and an existing case (404)', async () => {
    const sinValor = await casoEnConvenio();
    const noOffer = await pedir(sinValor.id, { convenioFile: [CONVENIO_TEMPLATES[0].nombre] });
    expect(noOffer.statusCode).toBe(422);
    expect(noOffer.json()).toEqual({ message: CONVENIO_MESSAGES.noOffer });

    const caso = await casoEnConvenio({ valorOfertado: '1000' });
    for (const payload of [{ convenioFile: [] }, {}, { convenioFile: ['Convenio que no existe'] }]) {
      const response = await pedir(caso.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await pedir(caso.id, { convenioFile: [] })).json().message).toBe(CONVENIO_MESSAGES.noneSelected);
    expect((await pedir(999999, { convenioFile: [CONVENIO_TEMPLATES[0].nombre] })).statusCode).toBe(404);
  });
});
