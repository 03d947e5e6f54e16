import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASO_MESSAGES } from '@siniestros/domain';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { insertCaso } from '../../../test/fixtures';

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

  it('answers 404 for an unknown case and 403 to an Inspector', async () => {
    const missing = await t.request('user', { method: 'GET', url: '/api/documentacion/i/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(CASO_MESSAGES.notFound);
    expect((await t.request('inspector', { method: 'GET', url: '/api/documentacion/i/1' })).statusCode).toBe(403);
  });
});
