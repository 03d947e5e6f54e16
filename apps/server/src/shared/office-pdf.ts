import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type Log = { warn: (object: object, message: string) => void };

export type OfficePdf = {
  /** Whether a LibreOffice to convert with was configured (SOFFICE_PATH). */
  readonly enabled: boolean;
  /**
   * The PDF of an office document (`extension`: its kind, 'docx' by default), or null when
   * LibreOffice is off, missing, too slow or fails: the caller then uses the original file.
   */
  toPdf(document: Buffer, extension?: string): Promise<Buffer | null>;
};

export const OFFICE_PDF_TIMEOUT_MS = 60_000;

const PDF_MAGIC = Buffer.from('%PDF-');

/**
 * Office documents to PDF with LibreOffice (`soffice --headless --convert-to pdf`), for what a
 * person reads in a browser: the convenio a distancia (decision 084) and the documents' preview.
 * Each conversion runs in a temporary directory of its own with a private profile (LibreOffice
 * refuses a second instance on a profile in use, and a shared one would leak state between
 * documents), in its own process group so that a timeout kills soffice and its children; one at a
 * time per process (a conversion takes a core for a second or two). The directory goes after.
 */
export function createOfficePdf(options: { sofficePath: string | null; timeoutMs?: number; log?: Log }): OfficePdf {
  const { sofficePath, log } = options;
  const timeoutMs = options.timeoutMs ?? OFFICE_PDF_TIMEOUT_MS;
  let queue: Promise<unknown> = Promise.resolve();

  async function convert(command: string, document: Buffer, extension: string): Promise<Buffer> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'siniestros-pdf-'));
    try {
      const input = path.join(dir, `documento.${extension}`);
      await fs.writeFile(input, document);
      const args = [
        `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`,
        '--headless',
        '--norestore',
        '--nolockcheck',
        '--convert-to',
        'pdf',
        '--outdir',
        dir,
        input,
      ];
      await run(command, args, dir, timeoutMs);
      const pdf = await fs.readFile(path.join(dir, 'documento.pdf'));
      if (!pdf.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) throw new Error('soffice wrote something that is not a PDF');
      return pdf;
    } finally {
      await fs.rm(dir, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  return {
    enabled: sofficePath !== null,
    toPdf(document, extension = 'docx') {
      if (sofficePath === null) return Promise.resolve(null);
      if (!/^[a-z0-9]{1,8}$/.test(extension)) throw new Error(`not a file extension: ${extension}`);
      const result = queue.then(() =>
        convert(sofficePath, document, extension).catch((error: unknown) => {
          log?.warn({ err: error }, 'LibreOffice could not convert the document to PDF: the original is used');
          return null;
        }),
      );
      queue = result;
      return result;
    },
  };
}

/** Runs soffice; a timeout kills its whole process group. */
function run(command: string, args: string[], cwd: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    // HOME inside the directory: nothing of LibreOffice's lands in the server user's home.
    const child = spawn(command, args, { cwd, detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, HOME: cwd } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 2000) stderr += chunk.toString();
    });
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
      reject(new Error(`soffice took more than ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`soffice ended with ${signal ?? code}: ${stderr.trim()}`));
    });
  });
}

/** `soffice` found on PATH (an executable file), for SOFFICE_PATH's default; else null. */
export function sofficeOnPath(pathVariable: string | undefined): string | null {
  for (const dir of (pathVariable ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, 'soffice');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}
