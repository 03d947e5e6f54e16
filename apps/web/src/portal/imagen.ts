/**
 * Photos are made smaller on the phone before they travel (issue 42 item 4): at most 2000 px on
 * their longer side, as JPEG. Done with the browser's own decoder and a canvas rather than
 * browser-image-compression (2.0.2): that library is 20.4 KB gzip in one file that cannot be
 * tree-shaken (a fifth of the page's 100 KB), carries a PNG encoder we do not need, and its worker
 * mode loads its code from a CDN, which this page's Content-Security-Policy refuses.
 */

export const MAX_LADO_PX = 2000;
const CALIDAD_JPEG = 0.85;

export type ArchivoPreparado = { blob: Blob; nombre: string };

const conExtension = (nombre: string, extension: string) => `${nombre.replace(/\.[^.]*$/, '') || 'foto'}.${extension}`;

function aBlob(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', CALIDAD_JPEG));
}

/**
 * A PDF, or an image the browser cannot decode (HEIC outside Safari), travels as it is: the server
 * decides what it accepts. A JPEG already small enough is kept when drawing it again would not
 * make it smaller.
 */
export async function prepararArchivo(archivo: File): Promise<ArchivoPreparado> {
  const original = { blob: archivo, nombre: archivo.name };
  if (!archivo.type.startsWith('image/')) return original;
  let bitmap: ImageBitmap;
  try {
    // 'from-image': a phone's photo turned by its EXIF orientation, as the person saw it.
    bitmap = await createImageBitmap(archivo, { imageOrientation: 'from-image' });
  } catch {
    return original;
  }
  try {
    const escala = Math.min(1, MAX_LADO_PX / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * escala));
    canvas.height = Math.max(1, Math.round(bitmap.height * escala));
    const context = canvas.getContext('2d');
    if (!context) return original;
    // A transparent PNG turns white, not black, as JPEG.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await aBlob(canvas);
    if (!blob) return original;
    if (escala === 1 && archivo.type === 'image/jpeg' && archivo.size <= blob.size) return original;
    return { blob, nombre: conExtension(archivo.name, 'jpg') };
  } finally {
    bitmap.close();
  }
}
