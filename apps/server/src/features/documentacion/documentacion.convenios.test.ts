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
  todayIso,
} from '@siniestros/domain';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { insertCaso } from '../../../test/fixtures';
import { casos } from '../casos/casos.table';
import { convenioFileName } from './documentacion.convenios';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
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

async function casoEnConvenio(fixture: Parameters<typeof insertCaso>[1] = {}) {
  const caso = await insertCaso(t.database.db, { idEstado: ESTADO.CONVENIO, ...fixture });
  await t.database.db.update(casos).set({ lugarSiniestro: 'Av. Corrientes y Callao, CABA' }).where(eq(casos.id, caso.id));
  return caso;
}

const pedir = (idCaso: number, payload: Record<string, unknown>) =>
  t.request('user', { method: 'POST', url: `/api/documentacion/c/${idCaso}`, payload });

describe('Convenios (POST /documentacion/c/:id)', () => {
  it('writes the set for the chosen third party, the agreed value in words, the place and date in words and a line per signer', async () => {
    const caso = await casoEnConvenio({ valorOfertado: '1000000', valorAcordado: '1291478.36', reclamoNro: '7788990', terceros: 2 });
    await t.request('user', {
      method: 'POST',
      url: '/api/letrados',
      payload: { id_caso: caso.id, apellido: 'Fernández', nombre: 'Julia', cuit: '27-22333444-5' },
    });
    const chosen = [CONVENIO_TEMPLATES[0], CONVENIO_TEMPLATES[1], CONVENIO_TEMPLATES[8]];
    const response = await pedir(caso.id, { convenioFile: chosen.map((template) => template.nombre), id_tercero: caso.terceroIds[1] });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain(`filename="${CONVENIOS_ZIP_NAME}"`);

    const documents = await openConvenios(response.rawPayload);
    expect(Object.keys(documents).sort()).toEqual(chosen.map((template) => convenioFileName(template, caso.id)).sort());
    for (const [name, document] of Object.entries(documents)) {
      for (const expected of [
        `Caso ${caso.id}`,
        '7788990',
        'Compañía Test',
        formatDate('2026-10-01'),
        'Av. Corrientes y Callao, CABA',
        'María José González',
        'Juan Tercero2',
        '30000002',
        'AC200ZZ',
        'PESOS UN MILLÓN DOSCIENTOS NOVENTA Y UN MIL CUATROCIENTOS SETENTA Y OCHO CON 36/100',
        formatPesos('1291478.36'),
        `en la Ciudad Autónoma de Buenos Aires, ${fechaEnLetras(todayIso())}`,
      ]) {
        expect(document.text, `${name}: ${expected}`).toContain(expected);
      }
      expect(document.text, name).not.toContain('Tercero1');
      expect(document.text, name).not.toContain(formatPesos('1000000'));
      expect(document.core, name).toContain('<dc:creator>Gestión de Siniestros</dc:creator>');
      expect(document.styles, name).toContain('w:val="es-AR"');
      // The signature block: each signer's line, name and 'Firma y aclaración' in paragraphs of their own.
      const lines = document.paragraphs.filter((paragraph) => /^_{10,}$/.test(paragraph));
      const signers = name === convenioFileName(CONVENIO_TEMPLATES[1], caso.id) ? ['Compañía Test', 'Juan Tercero2', 'Dr./Dra. Julia Fernández'] : ['Compañía Test', 'Juan Tercero2'];
      expect(lines, name).toHaveLength(signers.length);
      for (const signer of signers) expect(document.paragraphs, name).toContain(signer);
      expect(document.paragraphs.filter((paragraph) => paragraph === 'Firma y aclaración'), name).toHaveLength(signers.length);
      expect(document.text, name).not.toContain('\\n');
    }
    const conLetrado = documents[convenioFileName(CONVENIO_TEMPLATES[1], caso.id)]!.text;
    expect(conLetrado).toContain('Julia Fernández, CUIT 27-22333444-5');
    expect(documents[convenioFileName(CONVENIO_TEMPLATES[0], caso.id)]!.text).not.toContain('Fernández');
  });

  it('uses the offer when nothing was agreed, and the only third party without being told', async () => {
    const caso = await casoEnConvenio({ valorOfertado: '521000' });
    const response = await pedir(caso.id, { convenioFile: [CONVENIO_TEMPLATES[0].nombre] });
    expect(response.statusCode).toBe(200);
    const [document] = Object.values(await openConvenios(response.rawPayload));
    expect(document!.text).toContain('PESOS QUINIENTOS VEINTIÚN MIL CON 00/100');
    expect(document!.text).toContain('Juan Tercero1');
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
