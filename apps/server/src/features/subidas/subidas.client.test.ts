import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Upload, type PreviousUpload, type UrlStorage } from 'tus-js-client';
import { ROL, SUBIDAS, todayIso } from '@siniestros/domain';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { insertCaso } from '../../../test/fixtures';
import type { CurrentUser } from '../users';

/**
 * The server against the client the web uses (tus-js-client 4, its Node build, on a real port):
 * 1 MB chunks, the relative Location, and a second Upload of the same fingerprint ("the tab
 * reopened") resuming where the first one stopped instead of starting again (docs/decisions/089).
 */
let t: TestApp;
let address: string;
beforeAll(async () => {
  t = await createTestApp();
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t?.close());

/** localStorage as tus-js-client's browser build keeps it, in memory: what survives the closed tab. */
function memoryUrlStorage(): UrlStorage {
  const entries = new Map<string, PreviousUpload>();
  let next = 0;
  const find = (prefix: string) => Promise.resolve([...entries].filter(([key]) => key.startsWith(prefix)).map(([key, upload]) => ({ ...upload, urlStorageKey: key })));
  return {
    findAllUploads: () => find('tus::'),
    findUploadsByFingerprint: (fingerprint) => find(`tus::${fingerprint}::`),
    removeUpload: (key) => Promise.resolve(void entries.delete(key)),
    addUpload: (fingerprint, upload) => {
      const key = `tus::${fingerprint}::${++next}`;
      entries.set(key, upload);
      return Promise.resolve(key);
    },
  };
}

describe('tus-js-client against /api/subidas/', () => {
  it('sends a 3 MB file in 1 MB chunks, stops after the first, and a new Upload of the same fingerprint resumes it', async () => {
    const caso = await insertCaso(t.database.db, { idEstado: 2 });
    const scheduled = await t.request('user', {
      method: 'POST',
      url: `/api/inspeccion/${caso.id}`,
      payload: { id_inspector: t.ids.inspectorRecord, fecha_inspeccion: todayIso(), direccion: 'Calle 1', detalle: 'Fotos' },
    });
    const idInspeccion = scheduled.json<{ id: number }>().id;
    const cookie = await t.login('inspector');
    const head = Buffer.from('%PDF-1.4\n');
    const file = Buffer.concat([head, Buffer.from(Array.from({ length: 3 * SUBIDAS.parteBytes - head.length }, (_, i) => (i * 7) % 251))]);
    const urlStorage = memoryUrlStorage();
    const requests: string[] = [];
    const options = {
      endpoint: `${address}${SUBIDAS.ruta}`,
      chunkSize: SUBIDAS.parteBytes,
      retryDelays: null,
      headers: { cookie },
      metadata: { filename: 'informe.pdf', filetype: 'application/pdf', proposito: 'inspeccion', id: String(idInspeccion) },
      urlStorage,
      fingerprint: () => Promise.resolve(`inspector@test.local:inspeccion:${idInspeccion}:informe.pdf`),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onBeforeRequest: (request: { getMethod(): string; getHeader(name: string): string | undefined }) =>
        void requests.push(`${request.getMethod()} ${request.getHeader('Upload-Offset') ?? ''}`.trim()),
    };

    // The first tab: one chunk arrives, then the tab closes.
    let firstUrl = '';
    await new Promise<void>((resolve, reject) => {
      const upload = new Upload(file, {
        ...options,
        onError: reject,
        onChunkComplete: () => {
          firstUrl = upload.url ?? '';
          void upload.abort().then(resolve, reject);
        },
      });
      upload.start();
    });
    expect(requests).toEqual(['POST', 'PATCH 0']);
    expect(firstUrl).toMatch(new RegExp(`^${address}/api/subidas/[0-9a-f]{32}$`));

    // The reopened tab: the same file, user and destination find the kept URL and go on from 1 MB.
    requests.length = 0;
    const id = await new Promise<string>((resolve, reject) => {
      const upload = new Upload(file, { ...options, onError: reject, onSuccess: () => resolve(upload.url!.split('/').pop()!) });
      void upload.findPreviousUploads().then((previous) => {
        expect(previous).toHaveLength(1);
        upload.resumeFromPreviousUpload(previous[0]!);
        upload.start();
      }, reject);
    });
    expect(requests).toEqual(['HEAD', `PATCH ${SUBIDAS.parteBytes}`, `PATCH ${2 * SUBIDAS.parteBytes}`]);
    expect(firstUrl.endsWith(id)).toBe(true);
    expect(await urlStorage.findAllUploads()).toEqual([]);

    const user: CurrentUser = { id: t.ids.inspector, sessionId: '', username: 'inspector@test.local', nombre: '', apellido: '', rol: ROL.INSPECTOR, idInspect: t.ids.inspectorRecord, hasTotp: false };
    const taken = await t.app.services.subidas.take(user, id, { proposito: 'inspeccion', id: idInspeccion });
    const chunks: Buffer[] = [];
    for await (const chunk of taken.contenido) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(file)).toBe(true);
  });
});
