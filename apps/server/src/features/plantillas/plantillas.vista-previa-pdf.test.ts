import { describe, expect, it } from 'vitest';
import { CONVENIO_TEMPLATES, VISTA_PREVIA_MESSAGES } from '@siniestros/domain';
import { sofficeOnPath } from '../../shared/office-pdf';
import { useTestApp } from '../../../test/helpers';

const SOFFICE = sofficeOnPath(process.env.PATH);
const t = useTestApp({ SOFFICE_PATH: SOFFICE ?? 'off' });
const ID = CONVENIO_TEMPLATES[0]!.id;
const url = `/api/plantillas/${ID}/vista-previa/pdf`;

describe('GET /api/plantillas/:id/vista-previa/pdf', () => {
  it.runIf(SOFFICE)('answers the preview filled with the demo case as an inline PDF, to an Admin only', async () => {
    const response = await t.request('admin', { method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^inline; filename="Vista_previa_.*\.pdf"/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.request('user', { method: 'GET', url })).statusCode).toBe(403);
    expect((await t.request('inspector', { method: 'GET', url })).statusCode).toBe(403);
    expect((await t.request('admin', { method: 'GET', url: `${url}?version=99` })).statusCode).toBe(404);
  });
});

describe('without LibreOffice', () => {
  const off = useTestApp({ SOFFICE_PATH: 'off' });
  it('is 422, so the screen offers the .docx', async () => {
    const response = await off.request('admin', { method: 'GET', url });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(VISTA_PREVIA_MESSAGES.sinVistaPrevia);
  });
});
