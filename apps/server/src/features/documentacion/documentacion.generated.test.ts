import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import {
  CASO_MESSAGES,
  CONVENIO_MESSAGES,
  CONVENIO_TEMPLATES,
  CONVENIOS_ZIP_NAME,
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

/** The text of each .docx in a zip, by entry name. */
async function docxTexts(zipBytes: Buffer): Promise<Record<string, string>> {
  const zip = await JSZip.loadAsync(zipBytes);
  const texts: Record<string, string> = {};
  for (const name of Object.keys(zip.files)) {
    const docx = await JSZip.loadAsync(await zip.file(name)!.async('nodebuffer'));
    texts[name] = await docx.file('word/document.xml')!.async('string');
  }
  return texts;
}

describe('Informe (GET /documentacion/i/:id)', () => {
  it('opens the case summary as an inline PDF', async () => {
    const caso = await insertCaso(t.database.db, { valorOfertado: '150000.00' });
    const response = await t.request('user', { method: 'GET', url: `/api/documentacion/i/${caso.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^inline; filename="caso_\d+_informe\.pdf"/);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(response.rawPayload.subarray(-6).toString()).toContain('%%EOF');
  });

  it('answers 404 for an unknown case and 403 to an Inspector', async () => {
    const missing = await t.request('user', { method: 'GET', url: '/api/documentacion/i/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(CASO_MESSAGES.notFound);
    expect((await t.request('inspector', { method: 'GET', url: '/api/documentacion/i/1' })).statusCode).toBe(403);
  });
});

describe('Convenios (POST /documentacion/c/:id)', () => {
  it('zips one .docx per chosen template filled with the case data', async () => {
    const caso = await insertCaso(t.database.db, { valorOfertado: '250000.50', reclamoNro: '7788990' });
    await t.database.db.update(casos).set({ lugarSiniestro: 'Av. Corrientes y Callao, CABA' }).where(eq(casos.id, caso.id));
    await t.request('user', {
      method: 'POST',
      url: '/api/letrados',
      payload: { id_caso: caso.id, apellido: 'Fernández', nombre: 'Julia', cuit: '27-22333444-5' },
    });
    const chosen = [CONVENIO_TEMPLATES[0], CONVENIO_TEMPLATES[1], CONVENIO_TEMPLATES[8]];
    const response = await t.request('user', {
      method: 'POST',
      url: `/api/documentacion/c/${caso.id}`,
      payload: { convenioFile: chosen.map((template) => template.nombre) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain(`filename="${CONVENIOS_ZIP_NAME}"`);

    const texts = await docxTexts(response.rawPayload);
    expect(Object.keys(texts).sort()).toEqual(chosen.map((template) => convenioFileName(template, caso.id)).sort());
    for (const [name, xml] of Object.entries(texts)) {
      for (const expected of [
        `Caso ${caso.id}`,
        '7788990',
        'Compañía Test',
        formatDate('2026-10-01'),
        'Av. Corrientes y Callao, CABA',
        'González María José',
        '28123456',
        'AB123CD',
        'Tercero1 Juan',
        'AC100ZZ',
        'PESOS DOSCIENTOS CINCUENTA MIL CON 50/100',
        formatPesos('250000.50'),
        formatDate(todayIso()),
      ]) {
        expect(xml, `${name}: ${expected}`).toContain(expected);
      }
    }
    expect(texts[convenioFileName(CONVENIO_TEMPLATES[1], caso.id)]).toContain('Fernández Julia');
    expect(texts[convenioFileName(CONVENIO_TEMPLATES[0], caso.id)]).not.toContain('Fernández');
  });

  it('needs an offered value (422), a chosen template (400) and an existing case (404)', async () => {
    const sinValor = await insertCaso(t.database.db);
    const noOffer = await t.request('user', {
      method: 'POST',
      url: `/api/documentacion/c/${sinValor.id}`,
      payload: { convenioFile: [CONVENIO_TEMPLATES[0].nombre] },
    });
    expect(noOffer.statusCode).toBe(422);
    expect(noOffer.json()).toEqual({ message: CONVENIO_MESSAGES.noOffer });

    const caso = await insertCaso(t.database.db, { valorOfertado: '1000' });
    for (const payload of [{ convenioFile: [] }, {}, { convenioFile: ['Convenio que no existe'] }]) {
      const response = await t.request('user', { method: 'POST', url: `/api/documentacion/c/${caso.id}`, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const none = await t.request('user', { method: 'POST', url: `/api/documentacion/c/${caso.id}`, payload: { convenioFile: [] } });
    expect(none.json().message).toBe(CONVENIO_MESSAGES.noneSelected);

    const missing = await t.request('user', {
      method: 'POST',
      url: '/api/documentacion/c/999999',
      payload: { convenioFile: [CONVENIO_TEMPLATES[0].nombre] },
    });
    expect(missing.statusCode).toBe(404);
  });
});
