import { CIERRE_SALIDA } from '@siniestros/domain';
import { database } from './store';
import type { ArchivoGuardado, CierrePendiente, RechazoCierre } from './salida.types';

/**
 * The outbox of closes (issue 43 item 3, docs/decisions/092): a close saved on 'Guardar' with its
 * files and photos as Blobs, kept in IndexedDB until the server confirms it (200, repetido or not).
 * Every record carries its user's username and every call names the user: another user signing in
 * on the device never reads, sends or removes it. A logout, a 401 or another user's sign-in leave it
 * (only the logout the user confirmed, olvidarCierres, removes theirs).
 */

export type { ArchivoGuardado, CierrePendiente, FotoGuardada, RechazoCierre } from './salida.types';

export const archivoGuardado = (file: File): ArchivoGuardado => ({
  blob: file,
  nombre: file.name,
  tipo: file.type,
  modificado: file.lastModified,
});

/** The kept file as a File again (the resumable upload's fingerprint uses name, type, size and date). */
export const archivoDe = (archivo: ArchivoGuardado): File =>
  new File([archivo.blob], archivo.nombre, { type: archivo.tipo, lastModified: archivo.modificado });

/** Another tab (and this one) hear that the outbox changed. */
type Oyente = () => void;
const oyentes = new Set<Oyente>();
let canal: BroadcastChannel | null = null;

function avisar() {
  oyentes.forEach((oyente) => oyente());
  canal?.postMessage('cambio');
}

/** Calls `oyente` whenever a close is saved, changed or removed, in this tab or another. */
export function alCambiarSalida(oyente: Oyente): () => void {
  if (!canal && typeof BroadcastChannel !== 'undefined') {
    canal = new BroadcastChannel(CIERRE_SALIDA.canal);
    canal.onmessage = () => oyentes.forEach((uno) => uno());
  }
  oyentes.add(oyente);
  return () => oyentes.delete(oyente);
}

export async function guardarCierre(cierre: CierrePendiente): Promise<void> {
  await (await database()).put('salida', cierre);
  avisar();
}

/** The user's closes waiting, oldest first. */
export async function cierresDe(usr: string): Promise<CierrePendiente[]> {
  const todos = await (await database()).getAllFromIndex('salida', 'usr', usr);
  return todos.sort((a, b) => a.guardado_en.localeCompare(b.guardado_en));
}

/** The user's close of one inspection, if one waits. */
export async function cierreDe(usr: string, id: number): Promise<CierrePendiente | null> {
  return (await cierresDe(usr)).find((cierre) => cierre.id === id) ?? null;
}

/** Changes the user's close `clave` (nothing when it is gone or another user's). */
async function cambiar(usr: string, clave: string, cambio: (cierre: CierrePendiente) => CierrePendiente | null): Promise<void> {
  const db = await database();
  const tx = db.transaction('salida', 'readwrite');
  const cierre = await tx.store.get(clave);
  if (cierre?.usr === usr) {
    const nuevo = cambio(cierre);
    if (nuevo) await tx.store.put(nuevo);
    else await tx.store.delete(clave);
  }
  await tx.done;
  avisar();
}

export const anotarSubida = (usr: string, clave: string, rol: string, subida: string) =>
  cambiar(usr, clave, (cierre) => ({ ...cierre, subidas: { ...cierre.subidas, [rol]: subida } }));

/** Its uploads forgotten (expired on the server), and their refusal: the next send uploads every file again from the device. */
export const olvidarSubidas = (usr: string, clave: string) => cambiar(usr, clave, (cierre) => ({ ...cierre, subidas: {}, rechazo: null }));

export const anotarRechazo = (usr: string, clave: string, rechazo: RechazoCierre) =>
  cambiar(usr, clave, (cierre) => ({ ...cierre, rechazo }));

/** Once the server confirmed it (200), or the user discarded it: the only ways a close leaves the device. */
export const quitarCierre = (usr: string, clave: string) => cambiar(usr, clave, () => null);

/** The logout the user confirmed with closes waiting: theirs go (nobody else's). */
export async function olvidarCierres(usr: string): Promise<void> {
  const db = await database();
  const tx = db.transaction('salida', 'readwrite');
  for (const clave of await tx.store.index('usr').getAllKeys(usr)) await tx.store.delete(clave);
  await tx.done;
  avisar();
}
