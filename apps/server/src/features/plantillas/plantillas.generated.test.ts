import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { eq } from 'drizzle-orm';
import { CASO_MESSAGES, MAX_TERCEROS } from '@siniestros/domain';
import { USERNAMES, createTestApp, type TestApp } from '../../../test/helpers';
import { insertCaso } from '../../../test/fixtures';
import { asegurados, casos, terceros } from '../../db/tables/casos';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

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

  it('heads every page with the case and "Página n de m", and dates it in Argentina time', async () => {
    // All the third parties a case can have and a long statement: the report runs over several pages.
    const caso = await insertCaso(t.database.db, { terceros: MAX_TERCEROS });
    const declaracion = Array.from({ length: 40 }, (_, index) => `Renglón ${index + 1} de la declaración del asegurado sobre el siniestro.`).join(' ');
    await t.database.db.update(casos).set({ declaracion_asegurado: declaracion }).where(eq(casos.id, caso.id));
    // 01:30 UTC on the 25th is 22:30 of the 24th in Buenos Aires.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T01:30:00Z'));
    const response = await t.request('user', { method: 'GET', url: `/api/documentacion/i/${caso.id}` }).finally(() => vi.useRealTimers());
    expect(response.statusCode).toBe(200);

    const { totalPages, text: pages } = await extractText(await getDocumentProxy(new Uint8Array(response.rawPayload)), { mergePages: false });
    expect(totalPages).toBeGreaterThanOrEqual(2);
    expect(pages).toHaveLength(totalPages);
    for (const [index, page] of pages.entries()) {
      expect(page, `page ${index + 1}`).toMatch(new RegExp(`Caso ${caso.id}\\b`));
      expect(page, `page ${index + 1}`).toContain(`Página ${index + 1} de ${totalPages}`);
    }
    expect(pages[0]).toContain(`Generado el 24/11/2026 22:30 por ${USERNAMES.user}`);
    expect(pages.join('\n')).toContain(`Tercero${MAX_TERCEROS} Juan`);
  });

  it('prints names outside Latin-1 and the whole statement, however long', async () => {
    const caso = await insertCaso(t.database.db, {});
    const [idAsegurado] = (await t.database.db.select({ id: casos.id_asegurado }).from(casos).where(eq(casos.id, caso.id))).map((row) => row.id);
    await t.database.db.update(asegurados).set({ apellido: 'Ödön', nombre: 'Łukasz' }).where(eq(asegurados.id, idAsegurado!));
    await t.database.db.update(terceros).set({ apellido: 'Nguyễn', nombre: 'Thị Ánh' }).where(eq(terceros.id, caso.terceroIds[0]!));
    // 6,000 characters and more: the old report stopped at 5,000, inside a word.
    const declaracion = `${Array.from({ length: 200 }, (_, index) => `Frase ${index + 1} de la declaración.`).join(' ')} Palabraúltima.`;
    expect(declaracion.length).toBeGreaterThan(5_000);
    await t.database.db.update(casos).set({ declaracion_asegurado: declaracion }).where(eq(casos.id, caso.id));

    const response = await t.request('user', { method: 'GET', url: `/api/documentacion/i/${caso.id}` });
    expect(response.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(response.rawPayload)), { mergePages: true });
    expect(text).toContain('Ödön Łukasz');
    expect(text).toContain('Nguyễn Thị Ánh');
    expect(text).toContain('Frase 200 de la declaración.');
    expect(text).toContain('Palabraúltima.');
    // The font travels inside the PDF: no reader's Helvetica is asked for.
    expect(response.rawPayload.toString('latin1')).toMatch(/\/FontFile2|\/FontFile3/);
    expect(response.rawPayload.toString('latin1')).not.toContain('/Helvetica');
  });

  it('answers 404 for an unknown case and 403 to an Inspector', async () => {
    const missing = await t.request('user', { method: 'GET', url: '/api/documentacion/i/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(CASO_MESSAGES.notFound);
    expect((await t.request('inspector', { method: 'GET', url: '/api/documentacion/i/1' })).statusCode).toBe(403);
  });
});
