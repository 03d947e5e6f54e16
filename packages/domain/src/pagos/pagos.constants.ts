import { ESTADO } from '../casos/casos.constants';
import { addDiasHabiles } from '../shared/dias-habiles';
import { formatDate, formatPesos } from '../shared/format';

/** Issue 41 item 6, docs/decisions/082: who is paid, and the life of a payment. */
export const PAGO_BENEFICIARIOS = ['tercero', 'letrado'] as const;
export type PagoBeneficiario = (typeof PAGO_BENEFICIARIOS)[number];
export const PAGO_BENEFICIARIO_LABELS: Record<PagoBeneficiario, string> = { tercero: 'Tercero', letrado: 'Letrado del tercero' };

export const PAGO_ESTADOS = ['ordenado', 'pagado', 'anulado'] as const;
export type PagoEstado = (typeof PAGO_ESTADOS)[number];
export const PAGO_ESTADO_LABELS: Record<PagoEstado, string> = { ordenado: 'Ordenado', pagado: 'Pagado', anulado: 'Anulado' };

/** The receipt of a transfer is a case document of one of these types. */
export const COMPROBANTE_PAGO = 'Comprobante de pago';
export const PAGO_COMPROBANTE_TIPOS = ['Doc Final', COMPROBANTE_PAGO] as const;

/** An order still unpaid this many working days after it was requested is overdue (the Tablero). */
export const PAGO_VENCIDO_DIAS_HABILES = 10;
/** An unpaid order requested before this day is overdue on `hoy`. */
export const pagoVencidoAntesDe = (hoy: string): string => addDiasHabiles(hoy, -PAGO_VENCIDO_DIAS_HABILES);
/** The Tablero lists this many of the oldest unpaid orders. */
export const PAGOS_TABLERO_LISTA = 10;

/** Payments are ordered once the signed convenio is back ('Se recibe Convenio', 6 → 7). */
export const PAGO_DESDE_ESTADO = ESTADO.A_FINALIZAR;

/** The status a case closes into "con acuerdo": 17 by the Cierre dialog, 8 by 'Finalizar Caso' from 7. */
export const CERRADO_CON_ACUERDO = 17;
export function cierraConAcuerdo(desde: number, hacia: number): boolean {
  return hacia === CERRADO_CON_ACUERDO || (desde === ESTADO.A_FINALIZAR && hacia === ESTADO.FINALIZADO);
}

/** Pesos as whole cents, so sums of numeric(15,2) strings are exact. */
export const centavos = (value: string | number | null | undefined): number => Math.round(Number(value ?? 0) * 100);
export const pesosDeCentavos = (cents: number): string => (cents / 100).toFixed(2);

/** A CBU shown with all but its last 4 digits hidden. */
export const cbuEnmascarado = (cbu: string): string => `${'•'.repeat(Math.max(0, cbu.length - 4))}${cbu.slice(-4)}`;

export const PAGO_MESSAGES = {
  loadError: 'Error al obtener los pagos',
  notFound: 'El pago no existe',
  ordenado: 'Pago ordenado',
  registrado: 'Pago registrado',
  anulado: 'Pago anulado',
  antesDeConvenio: "Los pagos se ordenan después de recibir el convenio firmado ('Se recibe Convenio')",
  casoCerrado: 'No se ordenan pagos en un caso cerrado',
  sinAcordado: 'El caso no tiene valor acordado',
  excede: (pendiente: string) => `El monto supera lo que falta ordenar del valor acordado (pendiente ${pendiente})`,
  montoPositivo: 'El monto debe ser mayor que cero',
  terceroNoEsDelCaso: 'El tercero no pertenece al caso',
  sinLetrado: 'El caso no tiene letrado: no se le puede ordenar el pago',
  sinCbu: 'Debe indicar el CBU del beneficiario',
  noOrdenado: 'Solo se registra o anula un pago ordenado',
  noAnulable: 'El pago ya está anulado',
  stale: 'El pago fue modificado por otra persona mientras usted lo editaba. Recargue para ver sus cambios.',
  comprobante: `El comprobante debe ser un documento del caso de tipo ${PAGO_COMPROBANTE_TIPOS.join(' o ')}`,
  motivo: 'Indique el motivo',
  pendienteAlCerrar: (pendiente: string) => `El valor acordado no está pagado por completo (pendiente ${pendiente})`,
  acordadoBajoComprometido: (comprometido: string) =>
    `El valor acordado no puede ser menor que lo ya ordenado o pagado (${comprometido}); anule antes los pagos ordenados que sobren`,
  soloAdminFuerza: 'Solo un Admin puede cerrar con acuerdo un caso con el valor acordado pendiente de pago',
  /** The Admin's dialog when 'Finalizar Caso' meets an unpaid agreed amount (docs/decisions/082). */
  finalizarPendiente: {
    title: 'Finalizar con pago pendiente',
    aviso: 'Como Admin puede finalizar el caso igualmente; el motivo queda en el historial.',
    motivo: 'Motivo',
    confirmar: 'Finalizar igualmente',
  },
  history: {
    ordenado: (monto: string, beneficiario: string) => `Se ordena pago de ${formatPesos(monto)} a ${beneficiario}`,
    pagado: (monto: string, fechaPago: string) => `Se registra pago de ${formatPesos(monto)} (transferencia del ${formatDate(fechaPago)})`,
    anulado: (monto: string, motivo: string) => `Se anula el pago de ${formatPesos(monto)}. Motivo: ${motivo}`,
    cierreConPendiente: (pendiente: string, motivo: string) =>
      `Se cierra con acuerdo con el valor acordado pendiente de pago (${formatPesos(pendiente)}). Motivo: ${motivo}`,
    avisoEnviado: (mail: string) => `Se envió aviso de pago por correo a ${mail}`,
    avisoNoEnviado: (motivo: string) => `No se envió aviso de pago por correo: ${motivo}`,
  },
  aviso: {
    subject: (idCaso: number) => `Pago registrado - caso ${idCaso}`,
    text: (input: { nombre: string; monto: string; fechaPago: string; idCaso: number; org: string }) =>
      [
        `Estimado/a ${input.nombre}:`,
        '',
        `Le informamos que el ${formatDate(input.fechaPago)} se transfirió ${formatPesos(input.monto)} correspondiente al caso ${input.idCaso}.`,
        '',
        input.org,
      ].join('\n'),
    sinCorreo: 'el caso no tiene correo del tercero',
    sinSmtp: 'el correo no está configurado',
    fallo: 'el servidor de correo no respondió',
  },
} as const;
