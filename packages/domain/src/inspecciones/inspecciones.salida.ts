/**
 * Issue 43 item 3 (the phone's half): the close saved on the device while it waits to be sent
 * (the outbox), sent by itself when the network returns (docs/decisions/091).
 */
export const CIERRE_SALIDA = {
  /** The sender's waits between rounds while closes wait (ms), the last one repeated. */
  reintentosMs: [5_000, 15_000, 30_000, 60_000, 120_000, 300_000],
  /** One sender across the device's tabs (navigator.locks). */
  candado: 'siniestros-salida-cierres',
  /** Tabs tell each other the outbox changed (BroadcastChannel). */
  canal: 'siniestros-salida-cierres',
} as const;

export const CIERRE_SALIDA_TEXTS = {
  pendiente: 'Pendiente de envío',
  seccion: 'Cierres pendientes de envío',
  sinConexion: 'Se enviará cuando vuelva la conexión',
  enviando: 'Enviando',
  esperando: 'Se reintentará en unos momentos',
  descartar: 'Descartar cierre',
  confirmarDescartar: 'El cierre guardado en este dispositivo se borra y no se envía. ¿Descartar el cierre?',
  descartado: 'Cierre descartado',
  guardado: 'Cierre guardado en el dispositivo: se enviará solo',
  noGuardado: 'No se pudo guardar el cierre en el dispositivo: vuelva a intentar',
  enviado: 'Cierre enviado',
  archivos: 'Archivos del cierre',
  salirConPendientes: (n: number) =>
    `Tiene ${n} ${n === 1 ? 'cierre pendiente' : 'cierres pendientes'} de envío. Si sale ahora se pierden. ¿Salir igual?`,
  sesionVencida: 'Su sesión venció: inicie sesión para enviar el cierre',
  rechazoDesconocido: 'El servidor no aceptó el cierre',
} as const;
