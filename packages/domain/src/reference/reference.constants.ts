/** Case statuses (decision 000). "Vigentes" = id < 8; "Cerrados" = id >= 8. */
export const ESTADOS = [
  { id: 1, nombre: 'Pendiente Documentación' },
  { id: 2, nombre: 'Coordinar Inspección' },
  { id: 3, nombre: 'Análisis' },
  { id: 4, nombre: 'Ofrecimiento' },
  { id: 5, nombre: 'Convenio' },
  { id: 6, nombre: 'Espera Convenio Firmado' },
  { id: 7, nombre: 'A Finalizar' },
  { id: 8, nombre: 'Finalizado' },
  { id: 9, nombre: 'Cierre - Sin Acuerdo' },
  { id: 10, nombre: 'Tercero no Encontrado' },
  { id: 11, nombre: 'Tercero sin Datos' },
  { id: 12, nombre: 'Mediacion' },
  { id: 13, nombre: 'Tercero Responsable' },
  { id: 14, nombre: 'Anulado' },
  { id: 15, nombre: 'Duplicado' },
  { id: 16, nombre: 'Suspendido' },
  { id: 17, nombre: 'Cerrado con Acuerdo' },
  { id: 18, nombre: 'Vehiculo Hallado' },
  { id: 19, nombre: 'Cleas' },
] as const;

/** Products a case can be filed under; seeded by a migration (not named by the spec). */
export const PRODUCTOS_INICIALES = [
  'Daños Materiales',
  'Lesiones',
  'Destrucción Total',
  'Robo Total',
  'Cristales',
  'Granizo',
] as const;

/** Person document types seeded at install; also the web app's local fallback (spec §3). */
export const TIPOS_DOC_INICIALES = ['DNI', 'Pasaporte', 'Cedula', 'LC'] as const;

/**
 * The four Admin-maintained lists share one screen shape (spec §2, reference-data screens);
 * this is what differs between them: labels, paths and the spec §8 messages.
 */
export const REFERENCE_SCREENS = {
  tipoDoc: {
    route: '/tipoDoc',
    title: 'Tipos de Documento',
    newLabel: 'Nuevo Tipo de Documento',
    hasApellido: false,
    created: 'Documento creado exitosamente',
    updated: 'Tipo de Doc actualizado exitosamente',
    loadError: 'Error al obtener los documentos',
    createError: 'Error al crear el documento',
  },
  analistas: {
    route: '/analistas',
    title: 'Analistas',
    newLabel: 'Nuevo Analista',
    hasApellido: true,
    created: 'Analista creado exitosamente',
    updated: 'analista actualizado exitosamente',
    loadError: 'Error al obtener los analistas',
    createError: 'Error al crear el analista',
  },
  companias: {
    route: '/companias',
    title: 'Compañias',
    newLabel: 'Nueva Compañia',
    hasApellido: false,
    created: 'Compania creada exitosamente',
    updated: 'Compañia actualizada exitosamente',
    loadError: 'Error al obtener los companias',
    createError: 'Error al crear el companias',
  },
  responsabilidad: {
    route: '/responsabilidad',
    title: 'Responsabilidades',
    newLabel: 'Nueva Responsabilidad',
    hasApellido: false,
    created: 'Responsabilidad creada exitosamente',
    updated: 'Responsabilidad actualizada exitosamente',
    loadError: 'Error al obtener la responsabilidad',
    createError: 'Error al crear la responsabilidad',
  },
} as const;
export type ReferenceKind = keyof typeof REFERENCE_SCREENS;

/** Redirect back to the screen route after an edit (spec §9). */
export const REFERENCE_EDIT_REDIRECT_MS = 3000;
