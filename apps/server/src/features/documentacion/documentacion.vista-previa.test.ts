import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { VISTA_PREVIA_MESSAGES } from '@siniestros/domain';
import { SERVER_DIR } from '../../paths';
import { sofficeOnPath } from '../../shared/office-pdf';
import { casoConInspeccion, useTestApp, type Role } from '../../../test/helpers';

const SOFFICE = sofficeOnPath(process.env.PATH);
const t = useTestApp({ SOFFICE_PATH: SOFFICE ?? 'off' });

/** A document of the case, its bytes in the storage as an upload leaves them. */
async function store(idCaso: number, nombre: string, content: Buffer) {
  const key = `casos/${idCaso}/${Date.now()}-${nombre}`;
  await t.app.services.storage.put(key, Readable.from(content));
  await t.rows(sql`insert into documentos (id_caso, nombre, tipo, storage_key, tamano, usuario) values (${idCaso}, ${nombre}, 'Otros', ${key}, ${content.length}, 'usuario')`);
}
const preview = (role: Role | null, idCaso: number, name: string) =>
  t.request(role, { method: 'GET', url: `/api/documentacion/vista-previa?id=${idCaso}&name=${encodeURIComponent(name)}` });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('GET /api/documentacion/vista-previa', () => {
  it('shows a PDF and a picture in place, with the download’s safe headers, to whoever may download them', async () => {
    const { idCaso } = await casoConInspeccion(t, '2026-05-04');
    await store(idCaso, 'Denuncia.pdf', PDF);
    await store(idCaso, 'Foto.png', PNG);
    for (const role of ['admin', 'user', 'inspector'] as const) {
      const pdf = await preview(role, idCaso, 'Denuncia.pdf');
      expect(pdf.statusCode, role).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toMatch(/^inline; filename="Denuncia.pdf"/);
      expect(pdf.headers['x-content-type-options']).toBe('nosniff');
      expect(pdf.headers['content-security-policy']).toContain("default-src 'self'");
      expect(pdf.rawPayload.equals(PDF)).toBe(true);
    }
    const png = await preview('user', idCaso, 'Foto.png');
    expect([png.statusCode, png.headers['content-type'], png.headers['content-disposition']]).toEqual([200, 'image/png', expect.stringMatching(/^inline;/)]);

    // Another inspector's case, signed out, a name of another case: refused as the download is.
    expect((await preview('inspector2', idCaso, 'Denuncia.pdf')).statusCode).toBe(403);
    expect((await preview(null, idCaso, 'Denuncia.pdf')).statusCode).toBe(401);
    const { idCaso: otro } = await casoConInspeccion(t, '2026-05-05');
    expect((await preview('user', otro, 'Denuncia.pdf')).statusCode).toBe(404);
  });

  it('never shows in place what a browser would run or guess (HTML, SVG, text): 422 offering the download', async () => {
    const { idCaso } = await casoConInspeccion(t, '2026-05-06');
    await store(idCaso, 'Nota.txt', Buffer.from('<script>alert(1)</script>'));
    await store(idCaso, 'Logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    for (const name of ['Nota.txt', 'Logo.svg']) {
      const response = await preview('user', idCaso, name);
      expect(response.statusCode, name).toBe(422);
      expect(response.json().message).toBe(VISTA_PREVIA_MESSAGES.sinVistaPrevia);
      expect(response.body).not.toContain('<script>');
    }
  });

  it.runIf(SOFFICE)('shows a .docx as the PDF LibreOffice makes of it, converted once', async () => {
    const { idCaso } = await casoConInspeccion(t, '2026-05-07');
    const docx = await fs.readFile(path.join(SERVER_DIR, 'templates/convenios/Convenio_1_Danos_Titular_sin_Letrado.docx'));
    await store(idCaso, 'Convenio.docx', docx);
    const first = await preview('user', idCaso, 'Convenio.docx');
    expect(first.statusCode, first.body.slice(0, 200)).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toMatch(/^inline; filename="Convenio.pdf"/);
    expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const started = performance.now();
    const second = await preview('user', idCaso, 'Convenio.docx');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
    expect((await preview('inspector2', idCaso, 'Convenio.docx')).statusCode).toBe(403);
  });
});
