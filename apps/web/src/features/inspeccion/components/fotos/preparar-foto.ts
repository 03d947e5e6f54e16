import { INSPECCION_FOTOS, type FotoMeta } from '@siniestros/domain';

/** A photo taken on the close screen, ready to send: its compressed JPEG, where it stands in the checklist and its metadata. */
export type FotoTomada = {
  clave: string;
  /** Null: an extra photo outside the checklist. */
  idChecklist: number | null;
  archivo: File;
  /** An object URL of `archivo` for the thumbnail (revoked when the photo goes). */
  url: string;
  capturadaEn: string;
  latitud: number | null;
  longitud: number | null;
};

/** What the close sends before the photo (multipart field `foto_meta`, docs/decisions/087). */
export const metaDe = (foto: FotoTomada): FotoMeta => ({
  id_checklist: foto.idChecklist,
  capturada_en: foto.capturadaEn,
  latitud: foto.latitud,
  longitud: foto.longitud,
});

/**
 * The photo libraries fetched ahead, while the close screen is open online: the inspector may take
 * the photos after the network went (issue 43 item 3), when a chunk could no longer be downloaded.
 * Not when the service worker controls the page: its precache holds them (src/app/inspector-app.ts,
 * docs/decisions/105), downloaded after the load instead of with the close screen.
 */
export function precargarFotos(): void {
  if (typeof navigator !== 'undefined' && navigator.serviceWorker?.controller) return;
  void import('browser-image-compression').catch(() => undefined);
  void import('exifr/dist/mini.esm.mjs').catch(() => undefined);
}

/** When the picture was taken: EXIF DateTimeOriginal when the camera wrote it, else the file's date. */
async function capturadaEn(original: File): Promise<Date> {
  try {
    const { default: exifr } = await import('exifr/dist/mini.esm.mjs');
    const tags = (await exifr.parse(original, { pick: ['DateTimeOriginal'] })) as { DateTimeOriginal?: unknown } | undefined;
    if (tags?.DateTimeOriginal instanceof Date && !Number.isNaN(tags.DateTimeOriginal.getTime())) return tags.DateTimeOriginal;
  } catch {
    // No EXIF (a screenshot, a PNG): the file's date.
  }
  return new Date(original.lastModified || Date.now());
}

/**
 * The phone's photo resized to 1600 px on its longest side and compressed to JPEG by
 * browser-image-compression, loaded only now (the close screen's chunk stays small), on the page's
 * own thread: its worker would load the library from a CDN, which the CSP forbids.
 */
export async function prepararFoto(original: File): Promise<{ archivo: File; capturadaEn: string }> {
  const [{ default: imageCompression }, fecha] = await Promise.all([import('browser-image-compression'), capturadaEn(original)]);
  const comprimida = await imageCompression(original, {
    maxWidthOrHeight: INSPECCION_FOTOS.ladoMaximoPx,
    fileType: 'image/jpeg',
    initialQuality: INSPECCION_FOTOS.calidadJpeg,
    maxSizeMB: 1,
    useWebWorker: false,
  });
  return { archivo: new File([comprimida], 'foto.jpg', { type: 'image/jpeg', lastModified: fecha.getTime() }), capturadaEn: fecha.toISOString() };
}

/** The phone's position, asked once per photo when the inspector allowed it; null when it cannot be had in 10 s. */
export function ubicacionActual(): Promise<{ latitud: number; longitud: number } | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitud: position.coords.latitude, longitud: position.coords.longitude }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
    ),
  );
}
