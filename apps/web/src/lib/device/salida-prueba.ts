import { archivoGuardado, type CierrePendiente } from './salida';

/** A saved close for the tests (a PDF of 300 bytes, one of 200, one photo of 500). */
export function cierreDePrueba(usr: string, id: number, cambios: Partial<CierrePendiente> = {}): CierrePendiente {
  const archivo = (nombre: string, tipo: string, bytes: number) => archivoGuardado(new File([new Uint8Array(bytes).fill(7)], nombre, { type: tipo, lastModified: 1_700_000_000_000 }));
  return {
    clave: crypto.randomUUID(),
    usr,
    id,
    id_caso: id * 10,
    reclamo_nro: `R-${id}`,
    resultado: 'Daño en paragolpes',
    monto_inspeccion: '150000',
    confirma_anticipada: false,
    inspeccion: archivo('acta.pdf', 'application/pdf', 300),
    cotizacion: archivo('cotizacion.pdf', 'application/pdf', 200),
    fotos: [{ ...archivo('foto.jpg', 'image/jpeg', 500), clave: 'f1', id_checklist: 1, capturada_en: '2026-11-28T12:00:00.000Z', latitud: null, longitud: null }],
    guardado_en: new Date().toISOString(),
    subidas: {},
    rechazo: null,
    ...cambios,
  };
}

