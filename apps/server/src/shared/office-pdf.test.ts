import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { loadConfig } from '../config';
import { SERVER_DIR } from '../paths';
import { createOfficePdf, sofficeOnPath } from './office-pdf';

/** LibreOffice for real (`.ci/run` installs it): the shipped convenio template to PDF. */

const SOFFICE = sofficeOnPath(process.env.PATH);
const TEMPLATE = path.join(SERVER_DIR, 'templates/convenios/Convenio_1_Danos_Titular_sin_Letrado.docx');

type Warning = { object: object; message: string };
const logger = () => {
  const warnings: Warning[] = [];
  return { warnings, log: { warn: (object: object, message: string) => void warnings.push({ object, message }) } };
};

/** Temporary directories of the conversions (siniestros-pdf-*) present now. */
const leftovers = async () => (await fs.readdir(os.tmpdir())).filter((name) => name.startsWith('siniestros-pdf-'));

describe('SOFFICE_PATH', () => {
  it('defaults to soffice on PATH; off turns it off; a path is kept', () => {
    const base = { NODE_ENV: 'test', CAPTCHA: 'off' };
    expect(loadConfig({ ...base, PATH: '/nowhere' }).sofficePath).toBeNull();
    expect(loadConfig({ ...base, SOFFICE_PATH: 'off' }).sofficePath).toBeNull();
    expect(loadConfig({ ...base, SOFFICE_PATH: '/opt/libreoffice/program/soffice' }).sofficePath).toBe('/opt/libreoffice/program/soffice');
    if (SOFFICE) expect(loadConfig({ ...base, PATH: path.dirname(SOFFICE) }).sofficePath).toBe(SOFFICE);
  });
});

describe.runIf(SOFFICE)('docx → PDF with LibreOffice', () => {
  it('converts the convenio: a PDF whose text is the convenio, its temporary directory removed', async () => {
    const before = await leftovers();
    const { warnings, log } = logger();
    const office = createOfficePdf({ sofficePath: SOFFICE, log });
    const pdf = await office.toPdf(await fs.readFile(TEMPLATE));
    expect(pdf).not.toBeNull();
    expect(pdf!.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf!)), { mergePages: true });
    expect(text).toMatch(/CONVENIO/i);
    expect(text).toContain('{aseguradora}');
    expect(warnings).toEqual([]);
    expect(await leftovers()).toEqual(before);
  });

  it('one conversion at a time: two asked together both come back', async () => {
    const office = createOfficePdf({ sofficePath: SOFFICE });
    const bytes = await fs.readFile(TEMPLATE);
    const [first, second] = await Promise.all([office.toPdf(bytes), office.toPdf(bytes)]);
    expect(first?.subarray(0, 5).toString()).toBe('%PDF-');
    expect(second?.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a file that is not a document gives null and a warning, not an error', async () => {
    const { warnings, log } = logger();
    const office = createOfficePdf({ sofficePath: SOFFICE, log });
    expect(await office.toPdf(Buffer.from('PK\u0003\u0004 no es un docx'))).toBeNull();
    expect(warnings.map((warning) => warning.message)).toEqual(['LibreOffice could not convert the document to PDF: the original is used']);
  });
});

describe('without LibreOffice', () => {
  it('off: null at once', async () => {
    const office = createOfficePdf({ sofficePath: null });
    expect(office.enabled).toBe(false);
    expect(await office.toPdf(Buffer.from('x'))).toBeNull();
  });

  it('a missing program: null and a warning; a slow one is killed at the timeout', async () => {
    const { warnings, log } = logger();
    expect(await createOfficePdf({ sofficePath: '/nowhere/soffice', log }).toPdf(Buffer.from('x'))).toBeNull();
    expect(warnings).toHaveLength(1);

    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'siniestros-slow-'));
    try {
      const slow = path.join(dir, 'soffice');
      // A child that would outlive its parent: the process group goes with the timeout.
      await fs.writeFile(slow, `#!/bin/sh\nsleep 30 &\necho $! > ${dir}/child.pid\nsleep 30\n`, { mode: 0o755 });
      const started = Date.now();
      expect(await createOfficePdf({ sofficePath: slow, timeoutMs: 500, log }).toPdf(Buffer.from('x'))).toBeNull();
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(warnings[1]?.object).toMatchObject({ err: expect.objectContaining({ message: 'soffice took more than 500 ms' }) });
      const child = Number(await fs.readFile(path.join(dir, 'child.pid'), 'utf8'));
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Gone, or a zombie left to whoever adopted it ('Z' in /proc/{pid}/stat).
      const stat = await fs.readFile(`/proc/${child}/stat`, 'utf8').catch(() => null);
      expect(stat === null || / Z /.test(stat), String(stat)).toBe(true);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
