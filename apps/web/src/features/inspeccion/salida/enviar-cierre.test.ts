import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { cierreDe, cierresDe, guardarCierre, olvidarCierres } from '../../../lib/device/salida';
import { cierreDePrueba } from '../../../lib/device/salida-prueba';
import { ErrorDeSubida } from '../../../lib/subida-reanudable';
import { enviarCierre, type ArchivoEnvio, type Medios } from './enviar-cierre';
import { enviarPendientes, estadoDeEnvio } from './cola';

/**
 * The sender's state machine (issue 43 item 3, docs/decisions/091) with the outbox in a real
 * IndexedDB (fake-indexeddb) and fakes for the network only: the uploads and the POST.
 */
const ANA = 'ana@e2e.local';
const BRUNO = 'bruno@e2e.local';

type Respuesta = { status: number; body: unknown } | 'sin red';

/** Fake means: each upload answers `sub-<name>` unless `fallaSubida` names it; the POST answers `respuestas` in order. */
function medios(respuestas: Respuesta[], fallaSubida: Record<string, ErrorDeSubida> = {}) {
  const subidos: string[] = [];
  const enviados: { id: number; cuerpo: unknown }[] = [];
  const avances: ArchivoEnvio[][] = [];
  const fake: Medios = {
    subir: async (archivo, _id, alAvanzar) => {
      const falla = fallaSubida[archivo.name];
      if (falla) throw falla;
      alAvanzar(archivo.size);
      subidos.push(archivo.name);
      return `sub-${archivo.name}`;
    },
    enviar: async (id, cuerpo) => {
      enviados.push({ id, cuerpo });
      const respuesta = respuestas.shift() ?? 'sin red';
      if (respuesta === 'sin red') throw new TypeError('Failed to fetch');
      return respuesta;
    },
    alAvanzar: (archivos) => avances.push(archivos),
  };
  return { fake, subidos, enviados, avances };
}

afterEach(async () => {
  await olvidarCierres(ANA);
  await olvidarCierres(BRUNO);
});

describe('sending a saved close', () => {
  it('uploads every file, posts their ids with the clave, and removes the close only on the 200', async () => {
    const cierre = cierreDePrueba(ANA, 7);
    await guardarCierre(cierre);
    const { fake, subidos, enviados, avances } = medios([{ status: 200, body: { message: 'ok', repetido: false } }]);
    expect(await enviarCierre(cierre, fake)).toEqual({ tipo: 'enviado', repetido: false });
    expect(subidos).toEqual(['acta.pdf', 'cotizacion.pdf', 'foto.jpg']);
    expect(enviados).toEqual([
      {
        id: 7,
        cuerpo: {
          clave: cierre.clave,
          resultado: 'Daño en paragolpes',
          monto_inspeccion: '150000',
          inspeccion: 'sub-acta.pdf',
          cotizacion: 'sub-cotizacion.pdf',
          fotos: [{ subida: 'sub-foto.jpg', id_checklist: 1, capturada_en: '2026-11-28T12:00:00.000Z', latitud: null, longitud: null }],
        },
      },
    ]);
    // Progress per file: the last report has every byte of every file.
    expect(avances.at(-1)?.map((archivo) => [archivo.nombre, archivo.enviados, archivo.total])).toEqual([
      ['acta.pdf', 300, 300],
      ['cotizacion.pdf', 200, 200],
      ['foto.jpg', 500, 500],
    ]);
    expect(await cierreDe(ANA, 7)).toBeNull();
  });

  it('keeps the close when the network fails, and the next round sends only the files not yet up', async () => {
    const cierre = cierreDePrueba(ANA, 7);
    await guardarCierre(cierre);
    const primera = medios([], { 'foto.jpg': new ErrorDeSubida('Sin conexión', 0) });
    expect((await enviarCierre(cierre, primera.fake)).tipo).toBe('esperando');
    expect(primera.enviados).toEqual([]);
    const guardado = (await cierreDe(ANA, 7))!;
    expect(guardado.subidas).toEqual({ inspeccion: 'sub-acta.pdf', cotizacion: 'sub-cotizacion.pdf' });

    // The POST itself finds no network: still kept.
    const segunda = medios(['sin red']);
    expect((await enviarCierre(guardado, segunda.fake)).tipo).toBe('esperando');
    expect(segunda.subidos).toEqual(['foto.jpg']);
    expect(await cierreDe(ANA, 7)).not.toBeNull();

    // A server failure and an expired session: kept, no refusal written.
    for (const status of [500, 401]) {
      const otra = medios([{ status, body: { message: 'x' } }]);
      expect((await enviarCierre((await cierreDe(ANA, 7))!, otra.fake)).tipo).toBe('esperando');
      expect(otra.subidos).toEqual([]);
    }
    expect((await cierreDe(ANA, 7))?.rechazo).toBeNull();
  });

  it('treats repetido as success', async () => {
    const cierre = cierreDePrueba(ANA, 7);
    await guardarCierre(cierre);
    expect(await enviarCierre(cierre, medios([{ status: 200, body: { message: 'ok', repetido: true } }]).fake)).toEqual({ tipo: 'enviado', repetido: true });
    expect(await cierreDe(ANA, 7)).toBeNull();
  });

  it("keeps a refusal with its code and Spanish message, and the next rounds leave it alone", async () => {
    const cierre = cierreDePrueba(ANA, 7);
    await guardarCierre(cierre);
    const rechazo = { code: 'reasignada', message: 'La inspección fue reasignada a otro inspector: su cierre no se envió. Avise a la oficina.' };
    expect(await enviarCierre(cierre, medios([{ status: 403, body: rechazo }]).fake)).toEqual({ tipo: 'rechazado', rechazo });
    expect((await cierreDe(ANA, 7))?.rechazo).toEqual(rechazo);

    const ronda = medios([{ status: 200, body: { repetido: false } }]);
    expect(await enviarPendientes(ANA, () => ronda.fake)).toEqual({ enviados: 0, esperando: 0, rechazados: 0, otraPestana: false });
    expect(ronda.subidos).toEqual([]);
    expect((await cierreDe(ANA, 7))?.rechazo?.code).toBe('reasignada');
  });

  it("an upload's refusal is kept too, naming the file", async () => {
    const cierre = cierreDePrueba(ANA, 7);
    await guardarCierre(cierre);
    // The server, asked why, blames the upload: the upload's own message is kept.
    const resultado = await enviarCierre(
      cierre,
      medios([{ status: 400, body: { code: 'subida_no_encontrada', message: 'x' } }], { 'cotizacion.pdf': new ErrorDeSubida('Tipo de archivo no permitido para este envío', 415) }).fake,
    );
    expect(resultado).toEqual({ tipo: 'rechazado', rechazo: { code: 'subida', message: 'cotizacion.pdf: Tipo de archivo no permitido para este envío' } });
    expect((await cierreDe(ANA, 7))?.rechazo?.code).toBe('subida');
  });

  it('an upload refused because the inspection is no longer theirs keeps the close\'s own refusal (reasignada)', async () => {
    const cierre = cierreDePrueba(ANA, 7, { subidas: { inspeccion: 'sub-acta.pdf' } });
    await guardarCierre(cierre);
    const rechazo = { code: 'reasignada', message: 'La inspección fue reasignada a otro inspector: su cierre no se envió. Avise a la oficina.' };
    const { fake, enviados } = medios([{ status: 403, body: rechazo }], { 'cotizacion.pdf': new ErrorDeSubida('No tiene permiso para subir archivos a este destino', 403) });
    expect(await enviarCierre(cierre, fake)).toEqual({ tipo: 'rechazado', rechazo });
    expect(enviados[0]?.cuerpo).toMatchObject({ clave: cierre.clave, inspeccion: 'sub-acta.pdf', cotizacion: '-1', fotos: [{ subida: '-2' }] });
    expect((await cierreDe(ANA, 7))?.rechazo).toEqual(rechazo);
  });
});

describe('an upload the server no longer has (docs/decisions/105)', () => {
  const YA_SUBIDAS = { inspeccion: 'vieja-acta', cotizacion: 'vieja-cotizacion', [cierreDePrueba(ANA, 7).fotos[0]!.clave]: 'vieja-foto' };
  const expirada = { status: 400, body: { code: 'subida_no_encontrada', message: 'Cotizacion: La subida no existe o venció' } } as const;

  it('uploads every file again from the device and sends the close once more, which the server takes', async () => {
    const cierre = cierreDePrueba(ANA, 7, { subidas: YA_SUBIDAS });
    await guardarCierre(cierre);
    const { fake, subidos, enviados } = medios([expirada, { status: 200, body: { repetido: false } }]);
    expect(await enviarCierre(cierre, fake)).toEqual({ tipo: 'enviado', repetido: false });
    expect(enviados[0]?.cuerpo).toMatchObject({ inspeccion: 'vieja-acta', cotizacion: 'vieja-cotizacion', fotos: [{ subida: 'vieja-foto' }] });
    expect(subidos).toEqual(['acta.pdf', 'cotizacion.pdf', 'foto.jpg']);
    expect(enviados[1]?.cuerpo).toMatchObject({ clave: cierre.clave, inspeccion: 'sub-acta.pdf', cotizacion: 'sub-cotizacion.pdf', fotos: [{ subida: 'sub-foto.jpg' }] });
    expect(enviados).toHaveLength(2);
    expect(await cierreDe(ANA, 7)).toBeNull();
  });

  it('tries once: refused again, the refusal is kept for the inspector, with the new uploads', async () => {
    const cierre = cierreDePrueba(ANA, 7, { subidas: YA_SUBIDAS });
    await guardarCierre(cierre);
    const otraVez = { status: 409, body: { code: 'subida_usada', message: 'Foto 1: Este archivo ya fue usado' } } as const;
    const { fake, subidos, enviados } = medios([expirada, otraVez, { status: 200, body: { repetido: false } }]);
    expect(await enviarCierre(cierre, fake)).toEqual({ tipo: 'rechazado', rechazo: otraVez.body });
    expect(enviados).toHaveLength(2);
    expect(subidos).toHaveLength(3);
    const guardado = await cierreDe(ANA, 7);
    expect(guardado?.rechazo).toEqual(otraVez.body);
    expect(guardado?.subidas).toEqual({ inspeccion: 'sub-acta.pdf', cotizacion: 'sub-cotizacion.pdf', [cierre.fotos[0]!.clave]: 'sub-foto.jpg' });
  });

  it('a refusal new uploads do not mend (subida_tipo, reasignada) is kept at once, nothing uploaded again', async () => {
    for (const body of [
      { code: 'subida_tipo', message: 'Cotizacion: Tipo de archivo no permitido para este envío' },
      { code: 'reasignada', message: 'La inspección fue reasignada a otro inspector: su cierre no se envió. Avise a la oficina.' },
    ]) {
      const cierre = cierreDePrueba(ANA, 7, { subidas: YA_SUBIDAS });
      await guardarCierre(cierre);
      const { fake, subidos, enviados } = medios([{ status: 400, body }, { status: 200, body: { repetido: false } }]);
      expect(await enviarCierre(cierre, fake)).toEqual({ tipo: 'rechazado', rechazo: body });
      expect([subidos, enviados.length]).toEqual([[], 1]);
      expect((await cierreDe(ANA, 7))?.subidas).toEqual(YA_SUBIDAS);
      await olvidarCierres(ANA);
    }
  });

  it('the network gone during the new uploads: the close waits, without the expired ids and without a refusal, and the next round uploads and sends it', async () => {
    const cierre = cierreDePrueba(ANA, 7, { subidas: YA_SUBIDAS });
    await guardarCierre(cierre);
    const primera = medios([expirada], { 'cotizacion.pdf': new ErrorDeSubida('Sin conexión', 0) });
    expect((await enviarCierre(cierre, primera.fake)).tipo).toBe('esperando');
    const guardado = (await cierreDe(ANA, 7))!;
    expect(guardado.rechazo).toBeNull();
    expect(guardado.subidas).toEqual({ inspeccion: 'sub-acta.pdf' });

    const segunda = medios([{ status: 200, body: { repetido: false } }]);
    expect(await enviarCierre(guardado, segunda.fake)).toEqual({ tipo: 'enviado', repetido: false });
    expect(segunda.subidos).toEqual(['cotizacion.pdf', 'foto.jpg']);
    expect(await cierreDe(ANA, 7)).toBeNull();
  });
});

describe('a round of the outbox', () => {
  it("sends the user's closes only, once even when asked twice at the same time, and keeps the ones that wait", async () => {
    await guardarCierre(cierreDePrueba(ANA, 7));
    await guardarCierre(cierreDePrueba(ANA, 8, { guardado_en: new Date(Date.now() + 1000).toISOString() }));
    await guardarCierre(cierreDePrueba(BRUNO, 9));
    const ronda = medios([{ status: 200, body: { repetido: false } }, 'sin red']);
    const [una, otra] = await Promise.all([enviarPendientes(ANA, () => ronda.fake), enviarPendientes(ANA, () => ronda.fake)]);
    expect(una).toEqual({ enviados: 1, esperando: 1, rechazados: 0, otraPestana: false });
    expect(otra).toBe(una);
    expect(ronda.enviados.map((envio) => envio.id)).toEqual([7, 8]);
    expect((await cierresDe(ANA)).map((cierre) => cierre.id)).toEqual([8]);
    expect(estadoDeEnvio((await cierresDe(ANA))[0]!.clave)?.tipo).toBe('esperando');
    expect((await cierresDe(BRUNO)).map((cierre) => cierre.id)).toEqual([9]);
  });
});
