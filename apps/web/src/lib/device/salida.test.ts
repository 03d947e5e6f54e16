import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { anotarRechazo, anotarSubida, archivoDe, cierreDe, cierresDe, guardarCierre, olvidarCierres, quitarCierre } from './salida';
import { forgetEveryone, forgetUser, keptUsers } from './store';
import { cierreDePrueba } from './salida-prueba';

/**
 * The outbox of closes (issue 43 item 3, docs/decisions/091) against a real IndexedDB (fake-indexeddb):
 * per user, kept through a logout's, a 401's and another user's clearing, removed only by name.
 */

const ANA = 'ana@e2e.local';
const BRUNO = 'bruno@e2e.local';

afterEach(async () => {
  await olvidarCierres(ANA);
  await olvidarCierres(BRUNO);
  await forgetEveryone();
});

describe('the outbox of closes', () => {
  it("keeps each user's closes apart, with their bytes", async () => {
    const deAna = cierreDePrueba(ANA, 7);
    await guardarCierre(deAna);
    await guardarCierre(cierreDePrueba(BRUNO, 8));
    expect((await cierresDe(ANA)).map((cierre) => cierre.id)).toEqual([7]);
    expect((await cierresDe(BRUNO)).map((cierre) => cierre.id)).toEqual([8]);
    expect(await cierreDe(BRUNO, 7)).toBeNull();
    const guardado = (await cierreDe(ANA, 7))!;
    const foto = archivoDe(guardado.fotos[0]!);
    expect([foto.name, foto.type, foto.size, foto.lastModified]).toEqual(['foto.jpg', 'image/jpeg', 500, 1_700_000_000_000]);
    expect(new Uint8Array(await foto.arrayBuffer())[499]).toBe(7);
    // Another user cannot change or remove it by its clave.
    await quitarCierre(BRUNO, deAna.clave);
    await anotarRechazo(BRUNO, deAna.clave, { code: 'reasignada', message: 'x' });
    expect((await cierreDe(ANA, 7))?.rechazo).toBeNull();
  });

  it("survives the logout's, a 401's and another user's clearing of the device; only the confirmed logout removes the user's", async () => {
    await guardarCierre(cierreDePrueba(ANA, 7));
    await forgetUser(ANA);
    await forgetEveryone();
    expect(await keptUsers()).toEqual([]);
    expect(await cierresDe(ANA)).toHaveLength(1);
    await guardarCierre(cierreDePrueba(BRUNO, 8));
    await olvidarCierres(ANA);
    expect(await cierresDe(ANA)).toEqual([]);
    expect(await cierresDe(BRUNO)).toHaveLength(1);
  });

  it('records finished uploads and a refusal on the close, and removes it only when asked', async () => {
    const cierre = cierreDePrueba(ANA, 7);
    await guardarCierre(cierre);
    await anotarSubida(ANA, cierre.clave, 'inspeccion', 'sub-1');
    await anotarRechazo(ANA, cierre.clave, { code: 'reasignada', message: 'La inspección fue reasignada' });
    const guardado = (await cierreDe(ANA, 7))!;
    expect(guardado.subidas).toEqual({ inspeccion: 'sub-1' });
    expect(guardado.rechazo).toEqual({ code: 'reasignada', message: 'La inspección fue reasignada' });
    await quitarCierre(ANA, cierre.clave);
    expect(await cierreDe(ANA, 7)).toBeNull();
  });
});
