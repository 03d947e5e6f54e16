import { ADVANCE, CLOSING_REASONS, ESTADO, FIRST_CLOSED_ESTADO, MSG_ACORDADO_POSITIVO } from './casos.constants';

/** The advance button's label at each status (spec §4). */
export const ADVANCE_LABELS: Readonly<Record<number, string>> = {
  [ESTADO.INSPECCION]: 'Avanzar Caso',
  [ESTADO.OFRECIMIENTO]: 'Acepta Ofreciemiento',
  [ESTADO.CONVENIO]: 'Convenio Enviado',
  [ESTADO.ESPERA_CONVENIO]: 'Se recibe Convenio',
  [ESTADO.A_FINALIZAR]: 'Finalizar Caso',
};

/** The success toast of each advance (spec §8). */
export const ADVANCE_TOASTS: Readonly<Record<number, string>> = {
  [ESTADO.CONVENIO]: 'Convenio enviado',
};

/** Spec §9: the page reloads this long after a case is closed from the Cierre dialog. */
export const CIERRE_RELOAD_MS = 1500;

export const CICLO_MESSAGES = {
  advanced: 'Caso avanzado',
  returned: 'Caso retrocedido',
  closed: 'Cierre guardado exitosamente',
  reopened: 'Se reabriró el caso exitosamente',
  reinspected: 'Se reinspeccionó el caso exitosamente',
  statusUpdated: 'Estado actualizado',
  confirmReopen: 'Esta seguro de Reabrir el caso?',
  confirmReinspect: 'Esta seguro de reinspeccionar el caso?',
  cannotAdvance: 'El caso no puede avanzar desde su estado actual',
  staleEstado: 'El caso cambió de estado mientras tanto. Recargue la página e intente nuevamente.',
  pendingInspection: 'El caso tiene una inspeccion pendiente: debe finalizarla o eliminarla antes de avanzar',
  cannotReturn: 'Solo se puede retroceder un caso en Análisis y sin inspeccion',
  cannotClose: 'El caso ya está cerrado',
  cannotReopen: 'Solo se puede reabrir un caso cerrado',
  cannotReinspect: 'Solo se puede reinspeccionar un caso entre Análisis y A Finalizar',
  cannotAnalyze: 'El analisis y ofrecimiento se carga con el caso en Análisis',
  cannotReconsider: 'Solo se puede reconsiderar la oferta de un caso en Ofrecimiento',
  acordadoOnlyOnAccept: 'El valor acordado se carga al aceptar el ofrecimiento',
  acordadoPositivo: MSG_ACORDADO_POSITIVO,
  acordadoCorregido: 'Valor acordado corregido',
  /** The correction is for a case that has an agreed amount and is still open (docs/decisions/074). */
  cannotCorregirAcordado: 'Solo se corrige el valor acordado de un caso abierto que ya tiene uno (después de aceptar el ofrecimiento)',
  history: {
    advanced: (estado: string) => `Se avanza el caso a ${estado}`,
    accepted: (estado: string, valorAcordado: string) =>
      `Se acepta el ofrecimiento, valor acordado ${valorAcordado}; se avanza el caso a ${estado}`,
    returned: (estado: string) => `Se retrocede el caso a ${estado}`,
    closed: (motivo: string) => `Cierre del caso: ${motivo}`,
    reopened: (estado: string) => `Se reabrio el caso, vuelve a ${estado}`,
    reinspected: 'Se reinspecciona el caso, vuelve a Coordinar Inspección',
    statusChanged: (estado: string) => `Se cambia el estado del caso a ${estado}`,
    completaDoc: 'Documentación completa, se avanza el caso a Coordinar Inspección',
    acordadoCorregido: (anterior: string, nuevo: string, motivo: string) => `Se corrige el valor acordado de ${anterior} a ${nuevo}. Motivo: ${motivo}`,
  },
} as const;

export function nextEstado(idEstado: number): number | undefined {
  return ADVANCE[idEstado];
}

export function closingReasonName(idEstado: number): string | undefined {
  return CLOSING_REASONS.find((reason) => reason.id === idEstado)?.nombre;
}

/** Reabrir returns to the status the case was closed from (decision 000), 1 if unknown. */
export function reopenTarget(idEstadoPrevio: number | null): number {
  return idEstadoPrevio && idEstadoPrevio < FIRST_CLOSED_ESTADO ? idEstadoPrevio : ESTADO.INICIAL;
}
