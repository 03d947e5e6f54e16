import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { eq } from 'drizzle-orm';
import { CASO_MESSAGES, MAX_TERCEROS } from '@siniestros/domain';
import { USERNAMES, createTestApp, type TestApp } from '../../../test/helpers';
import { insertCaso } from '../../../test/fixtures';
import { casos } from '../../db/tables/casos';

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

  it('answers 404 for an unknown case and 403 to an Inspector', async () => {
    const missing = await t.request('user', { method: 'GET', url: '/api/documentacion/i/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(CASO_MESSAGES.notFound);
    expect((await t.request('inspector', { method: 'GET', url: '/api/documentacion/i/1' })).statusCode).toBe(403);
  });
});
