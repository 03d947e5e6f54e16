/** What the outbox of closes keeps (lib/device/salida.ts, docs/decisions/092); apart so the store can name it. */

/** A file as the device keeps it: the bytes and what a File needs back. */
export type ArchivoGuardado = { blob: Blob; nombre: string; tipo: string; modificado: number };

export type FotoGuardada = ArchivoGuardado & {
  /** The photo's key on the close screen (its thumbnail). */
  clave: string;
  id_checklist: number | null;
  capturada_en: string | null;
  latitud: number | null;
  longitud: number | null;
};

/** The server's refusal, kept as it came: its stable code and its Spanish message. */
export type RechazoCierre = { code: string; message: string };

export type CierrePendiente = {
  /** crypto.randomUUID() made on 'Guardar': the server's idempotency key. */
  clave: string;
  usr: string;
  /** The inspection. */
  id: number;
  id_caso: number;
  reclamo_nro: string | null;
  resultado: string;
  monto_inspeccion: string;
  /** The inspector confirmed closing before the scheduled date. */
  confirma_anticipada: boolean;
  inspeccion: ArchivoGuardado;
  cotizacion: ArchivoGuardado;
  fotos: FotoGuardada[];
  guardado_en: string;
  /** Finished uploads by the file's role ('inspeccion', 'cotizacion', a photo's clave): not sent twice. */
  subidas: Record<string, string>;
  rechazo: RechazoCierre | null;
};
