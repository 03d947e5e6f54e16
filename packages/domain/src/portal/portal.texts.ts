/**
 * The portal's texts and state names (issue 42, docs/decisions/084). This file imports nothing:
 * the claimant's page is its own small bundle (issue 42 item 8) and takes its words from here
 * without pulling zod and the rest of the domain; portal.schemas.ts re-exports all of it.
 */

/** An item of a third party's checklist, as staff read it. */
export const PORTAL_ITEM_ESTADOS = {
  pendiente: 'Pendiente',
  recibido: 'Recibido (a revisar)',
  aceptado: 'Aceptado',
  rechazado: 'Rechazado',
} as const;
export type PortalItemEstado = keyof typeof PORTAL_ITEM_ESTADOS;

/** The same states in the claimant's words. */
export const PORTAL_ITEM_ESTADOS_RECLAMANTE: Record<PortalItemEstado, string> = {
  pendiente: 'Falta enviar',
  recibido: 'Recibido, lo estamos revisando',
  aceptado: 'Aceptado',
  rechazado: 'Hay que enviarlo de nuevo',
};

/** The claimant's status line, in order (Recibimos su reclamo → … → Pago realizado). */
export const PORTAL_ETAPAS = {
  recibido: 'Recibimos su reclamo',
  documentacion: 'Documentación completa',
  inspeccion: 'Inspección coordinada',
  ofrecimiento: 'Ofrecimiento',
  convenio: 'Convenio para firmar',
  pago: 'Pago realizado',
} as const;
export type PortalEtapa = keyof typeof PORTAL_ETAPAS;

export const PORTAL_MESSAGES = {
  // Staff
  requisitoCreado: 'Documento requerido creado',
  requisitoActualizado: 'Documento requerido actualizado',
  requisitoNoExiste: 'El documento requerido no existe',
  tipoInvalido: 'Elija un tipo de documento de la lista',
  terceroNoEsDelCaso: 'El tercero no pertenece al caso',
  /** The claimant proves who they are with it: without one on file the link could never open. */
  terceroSinDni: 'El tercero no tiene número de documento cargado: cárguelo antes de pedirle documentación',
  sinItems: 'Elija al menos un documento para pedir',
  pedidoEnviado: 'Pedido de documentación enviado',
  pedidoSinCorreo: 'El tercero no tiene correo electrónico: copie el enlace o envíelo por WhatsApp',
  enlaceRevocado: 'Enlace revocado',
  itemNoExiste: 'El documento pedido no existe',
  itemNoRecibido: 'Solo se revisa un documento recibido',
  itemAceptado: 'Documento aceptado',
  itemRechazado: 'Documento rechazado',
  motivoRequerido: 'Indique el motivo del rechazo',
  documentacionCompleta: 'Documentación completa',
  respuestaEnviada: 'Mensaje enviado al reclamante',
  ajustesGuardados: 'Ajustes del portal guardados',
  stale: 'El documento fue revisado por otra persona mientras usted lo veía. Recargue para ver su estado.',
  productoNoExiste: 'El producto no existe',
  sinEnlace: 'El tercero no tiene un enlace vigente',
  pedidoSinSmtp: 'El correo no está configurado: copie el enlace o envíelo por WhatsApp',
  pedidoCorreoFallo: 'No se pudo enviar el correo: copie el enlace o envíelo por WhatsApp',
  ejemploGuardado: 'Imagen de ejemplo guardada',
  ejemploInvalido: 'La imagen de ejemplo debe ser una foto JPG, PNG o WebP',
  ejemploMuyGrande: 'La imagen de ejemplo debe pesar hasta 2 MB',
  sinEjemplo: 'El documento requerido no tiene imagen de ejemplo',
  // Claimant
  enlaceInvalido: 'El enlace no es válido o ya venció. Pida uno nuevo a quien lo atiende.',
  dniIncorrecto: 'El DNI no coincide. Revise el número e intente de nuevo.',
  bloqueado: 'Hubo demasiados intentos. Espere unos minutos o pida un enlace nuevo.',
  sesionVencida: 'Su sesión terminó. Vuelva a abrir el enlace que le enviamos.',
  archivoSubido: 'Archivo recibido',
  archivoInvalido: 'El archivo debe ser una foto (JPG, PNG) o un PDF',
  mensajeEnviado: 'Mensaje enviado',
  mensajeVacio: 'Escriba su mensaje',
} as const;

/** The claimant's page (apps/web/src/portal): plain words, the person is addressed as "usted". */
export const PORTAL_PAGINA = {
  titulo: 'Su reclamo',
  cargando: 'Cargando…',
  sinConexion: 'No hay conexión. Revise su internet e intente de nuevo.',
  errorServidor: 'No pudimos completar la operación. Intente de nuevo en unos minutos.',
  // Before any personal data: the DNI.
  dniTitulo: 'Para ver su reclamo, confirme que es usted',
  dniEtiqueta: (digitos: number) => (digitos > 0 ? `Últimos ${digitos} números de su DNI` : 'Número de DNI'),
  dniAyuda: 'Solo números, sin puntos ni espacios.',
  continuar: 'Continuar',
  // The case.
  reclamo: (numero: string, compania: string) => `Su reclamo N° ${numero} ante ${compania}`,
  atiende: (oficina: string) => `Lo atiende ${oficina}.`,
  vence: (fecha: string) => `Este enlace vence el ${fecha}.`,
  etapasTitulo: 'En qué etapa está',
  etapaActual: 'etapa actual',
  etapaHecha: 'hecho',
  documentosTitulo: 'Documentos que necesitamos',
  sinDocumentos: 'No hay documentos pedidos por ahora.',
  motivo: 'Por qué:',
  verEjemplo: (nombre: string) => `Ver un ejemplo de ${nombre}`,
  archivosEnviados: (cantidad: number) => (cantidad === 1 ? 'Nos envió 1 archivo.' : `Nos envió ${cantidad} archivos.`),
  sacarFoto: 'Sacar una foto',
  elegirArchivo: 'Elegir foto o PDF guardado',
  puedeVarios: 'Puede enviar varias fotos (por ejemplo, frente y dorso).',
  preparando: 'Preparando…',
  enviando: 'Enviando…',
  porcentaje: (porcentaje: number) => `${porcentaje} %`,
  enviado: 'Enviado',
  noSeEnvio: 'No se pudo enviar.',
  reintentar: 'Reintentar',
  quitar: 'Quitar',
  // Messages.
  mensajesTitulo: 'Mensajes',
  sinMensajes: 'Todavía no hay mensajes.',
  mensajeEtiqueta: 'Escriba su consulta',
  enviar: 'Enviar',
  autorReclamante: 'Usted',
  autorOficina: (oficina: string) => oficina,
  salir: 'Salir',
  salio: 'Salió del portal. Para volver, abra el enlace que le enviamos.',
} as const;

/**
 * The convenio a distancia on the claimant's page (issue 42 item 7, decision 084 'Convenio a
 * distancia'): the published files, the signed copy through the item 'Convenio firmado', and where
 * the office allows it the electronic signature (Ley 25.506) with the DNI and an e-mailed code.
 */
export const PORTAL_CONVENIO_PAGINA = {
  titulo: 'Convenio para firmar',
  instrucciones:
    'Lea el convenio. Para firmarlo, imprímalo, firme cada hoja y envíenos una foto o un escaneo de cada hoja en «Convenio firmado», más abajo.',
  /** One published file: 'Ver el convenio (PDF, 85 KB)'; with several, each by its name. */
  verArchivo: (nombre: string | null, formato: string, tamano: string) =>
    `${formato === 'PDF' ? 'Ver' : 'Descargar'} ${nombre ?? 'el convenio'} (${formato}, ${tamano})`,
  formatoPdf: 'PDF',
  formatoWord: 'Word',
  // The electronic signature.
  firmaTitulo: 'Firmar sin imprimir',
  firmaExplicacion:
    'También puede firmarlo aquí mismo: le enviamos un código a su correo electrónico y lo confirma con su DNI. Vale como firma electrónica (Ley 25.506).',
  /** What the claimant accepts; the certificate quotes it word for word. */
  acepto: 'Leí el convenio y acepto sus términos',
  aceptarRequerido: 'Marque que leyó el convenio y acepta sus términos.',
  enviarCodigo: 'Enviarme el código',
  enviarOtroCodigo: 'Enviarme otro código',
  enviandoCodigo: 'Enviando el código…',
  esperar: (segundos: number) => `Podrá pedir otro código en ${segundos} s`,
  esperarFirma: (segundos: number) => `Podrá intentar de nuevo en ${segundos} s`,
  codigoA: (destino: string) => `El código irá a ${destino}.`,
  dniEtiqueta: 'Su número de DNI completo',
  dniAyuda: 'Solo números, sin puntos ni espacios.',
  dniRequerido: 'Escriba su número de DNI.',
  codigoEtiqueta: 'Código que le enviamos por correo',
  codigoAyuda: '6 números. Si no llega, revise la carpeta de correo no deseado.',
  codigoSeisNumeros: 'El código tiene 6 números.',
  firmar: 'Firmar el convenio',
  firmando: 'Firmando…',
  firmado: (fechaHora: string) => `Firmó el convenio el ${fechaHora}.`,
} as const;

/**
 * The convenio a distancia on the staff's side (the case's 'Seleccionar Convenios' and its portal
 * panel): how the claimant was told once it is published.
 */
export const PORTAL_CONVENIO_OFICINA = {
  publicar: 'Publicar en el portal',
  publicarTitulo: 'Publicar convenio en el portal',
  sinPdf: 'No se pudo convertir a PDF: se publicó el archivo de Word (.docx).',
  /** A new link (the third party had none live): shown once, as a request's. */
  enlaceNuevo: 'El tercero no tenía un enlace vigente: se creó uno nuevo. Se muestra solo ahora: el sistema no lo guarda.',
  /** The third party keeps the link they have. */
  enlaceVigente: 'El reclamante ve el convenio con el enlace que ya tiene.',
  avisoEnviado: 'Se le avisó por correo electrónico.',
  avisoSinCorreo: 'El tercero no tiene correo electrónico: avísele por teléfono o WhatsApp que tiene el convenio en el portal.',
  avisoSinSmtp: 'El correo no está configurado: avísele por teléfono o WhatsApp que tiene el convenio en el portal.',
  avisoError: 'No se pudo enviar el correo: avísele por teléfono o WhatsApp que tiene el convenio en el portal.',
  publicado: (fechaHora: string, usuario: string) => `Publicado el ${fechaHora} por ${usuario}`,
  firmado: (fechaHora: string) => `Firmado electrónicamente el ${fechaHora}`,
  firmaDetalle: (direccion: string, destino: string) => `Desde la dirección ${direccion}; código enviado a ${destino}`,
  sinPublicar: 'Todavía no se publicó el convenio en el portal.',
  /** Every third party's signed copy is accepted (status 6: 'Se recibe Convenio' follows). */
  aceptado: 'Convenio firmado aceptado',
  /** Nothing came back yet: neither the signed copy nor the electronic signature. */
  sinFirma: 'Todavía no llegó la copia firmada: llega como el documento «Convenio firmado», o firmada electrónicamente.',
} as const;
