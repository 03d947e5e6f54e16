import {
  CASO_MESSAGES,
  PAGO_COMPROBANTE_TIPOS,
  PAGO_DESDE_ESTADO,
  PAGO_MESSAGES,
  PAGOS_TABLERO_LISTA,
  pagoVencidoAntesDe,
  todayIso,
  centavos,
  formatPesos,
  isClosed,
  pesosDeCentavos,
  type Pago,
  type PagosDelCaso,
  type PagosTablero,
  type anularPagoSchema,
  type ordenarPagoSchema,
  type registrarPagoSchema,
} from '@siniestros/domain';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { isCurrentVersion } from '../../db/edit-version';
import { conflict, notFound, unprocessable } from '../../shared/errors';
import { setAuditActor } from '../audit';
import type { HistorialService } from '../historial';
import type { Mailer } from '../notificaciones';
import { pagosRepository as repo, type CasoDelPago, type Persona } from './pagos.repository';

export type PagosService = ReturnType<typeof createPagosService>;
type Log = { warn: (object: object, message: string) => void };

const fullName = (persona: Persona) => [persona.nombre, persona.apellido].filter(Boolean).join(' ');

/** The addresses of a stored mail list ('a@b; c@d', or 'S/D'). */
const direcciones = (mail: string | null) => (mail ?? '').split(';').map((part) => part.trim()).filter((part) => part.includes('@'));

/**
 * Payments of the agreed amount (issue 41 item 6, docs/decisions/082): ordered once the signed
 * convenio is back, paid with a receipt, or annulled; the non-annulled never add up to more than the
 * agreed amount. Each write locks the case row (as the life cycle does) and writes its history row
 * in the same transaction.
 */
export function createPagosService(deps: { db: Db; historial: HistorialService; mailer?: Mailer; org: string; log?: Log; today?: () => string }) {
  const { db, historial } = deps;
  const today = deps.today ?? (() => todayIso());

  async function lockCaso(tx: DbOrTx, idCaso: number): Promise<CasoDelPago> {
    const caso = await repo.lockCaso(tx, idCaso);
    if (!caso) throw notFound(CASO_MESSAGES.notFound);
    return caso;
  }

  async function lockPago(tx: DbOrTx, idCaso: number, idPago: number, version: number | null | undefined): Promise<Pago> {
    const pago = await repo.lockPago(tx, idCaso, idPago);
    if (!pago) throw notFound(PAGO_MESSAGES.notFound);
    if (!isCurrentVersion(version, pago.version)) throw conflict(PAGO_MESSAGES.stale);
    if (pago.estado !== 'ordenado') throw conflict(pago.estado === 'anulado' ? PAGO_MESSAGES.noAnulable : PAGO_MESSAGES.noOrdenado);
    return pago;
  }

  async function totales(db: DbOrTx, caso: CasoDelPago) {
    const { pagado, ordenado } = await repo.totals(db, caso.id);
    const acordado = centavos(caso.valor_acordado);
    return {
      acordado: caso.valor_acordado,
      pagado: pesosDeCentavos(centavos(pagado)),
      ordenado: pesosDeCentavos(centavos(ordenado)),
      pendiente: pesosDeCentavos(Math.max(0, acordado - centavos(pagado))),
      por_ordenar: pesosDeCentavos(Math.max(0, acordado - centavos(pagado) - centavos(ordenado))),
    };
  }

  /** The claimant hears of the transfer when SMTP is set and the third party has an address; a failure never undoes the payment. */
  async function avisar(pago: Pago, tercero: Persona | undefined, usuario: string) {
    const para = direcciones(tercero?.mail ?? null);
    let nota: string;
    if (!para.length || !tercero) nota = PAGO_MESSAGES.history.avisoNoEnviado(PAGO_MESSAGES.aviso.sinCorreo);
    else if (!deps.mailer) nota = PAGO_MESSAGES.history.avisoNoEnviado(PAGO_MESSAGES.aviso.sinSmtp);
    else {
      try {
        await deps.mailer.send({
          to: para.join(', '),
          subject: PAGO_MESSAGES.aviso.subject(pago.id_caso),
          text: PAGO_MESSAGES.aviso.text({ nombre: fullName(tercero), monto: pago.monto, fechaPago: pago.fecha_pago!, idCaso: pago.id_caso, org: deps.org }),
        });
        nota = PAGO_MESSAGES.history.avisoEnviado(para.join(', '));
      } catch (error) {
        deps.log?.warn({ err: error, idCaso: pago.id_caso }, 'payment e-mail not sent');
        nota = PAGO_MESSAGES.history.avisoNoEnviado(PAGO_MESSAGES.aviso.fallo);
      }
    }
    await historial.add(db, pago.id_caso, usuario, nota);
  }

  return {
    /** The Tablero's card 'Pagos': orders not paid yet, the overdue ones (PAGO_VENCIDO_DIAS_HABILES) and the oldest. */
    async tablero(): Promise<PagosTablero> {
      const hoy = today();
      const vencidoAntesDe = pagoVencidoAntesDe(hoy);
      return { hoy, vencidoAntesDe, ...(await repo.tablero(db, vencidoAntesDe, PAGOS_TABLERO_LISTA)) };
    },

    async list(idCaso: number): Promise<PagosDelCaso> {
      const caso = await repo.casoExists(db, idCaso);
      if (!caso) throw notFound(CASO_MESSAGES.notFound);
      const [pagos, sums] = await Promise.all([repo.list(db, idCaso), totales(db, caso)]);
      return { ...sums, pagos };
    },

    /** The paid total in cents, for the closing's check (the life cycle's port). */
    async pagado(tx: DbOrTx, idCaso: number): Promise<number> {
      return centavos((await repo.totals(tx, idCaso)).pagado);
    },

    /** Paid plus ordered in cents: the least the agreed amount may be corrected to. */
    async comprometido(tx: DbOrTx, idCaso: number): Promise<number> {
      const { pagado, ordenado } = await repo.totals(tx, idCaso);
      return centavos(pagado) + centavos(ordenado);
    },

    async ordenar(idCaso: number, input: z.output<typeof ordenarPagoSchema>, usuario: string): Promise<Pago> {
      return db.transaction(async (tx) => {
        await setAuditActor(tx, usuario);
        const caso = await lockCaso(tx, idCaso);
        if (isClosed(caso.id_estado)) throw conflict(PAGO_MESSAGES.casoCerrado);
        if (caso.id_estado < PAGO_DESDE_ESTADO) throw conflict(PAGO_MESSAGES.antesDeConvenio);
        if (!(centavos(caso.valor_acordado) > 0)) throw conflict(PAGO_MESSAGES.sinAcordado);
        const { por_ordenar } = await totales(tx, caso);
        if (centavos(input.monto) > centavos(por_ordenar)) throw conflict(PAGO_MESSAGES.excede(formatPesos(por_ordenar)));
        const tercero = await repo.tercero(tx, idCaso, input.id_tercero);
        if (!tercero) throw unprocessable(PAGO_MESSAGES.terceroNoEsDelCaso);
        const beneficiario = input.beneficiario === 'letrado' ? await repo.letrado(tx, idCaso) : tercero;
        if (!beneficiario) throw unprocessable(PAGO_MESSAGES.sinLetrado);
        const cbu = input.cbu ?? beneficiario.cbu;
        if (!cbu) throw unprocessable(PAGO_MESSAGES.sinCbu);
        const nombre = fullName(beneficiario);
        const pago = await repo.insert(tx, {
          id_caso: idCaso,
          id_tercero: tercero.id,
          beneficiario: input.beneficiario,
          beneficiario_nombre: nombre,
          cbu: cbu.replace(/[\s-]/g, ''),
          monto: input.monto,
          fecha_solicitud: input.fecha_solicitud,
          creado_por: usuario,
        });
        await historial.add(tx, idCaso, usuario, PAGO_MESSAGES.history.ordenado(input.monto, nombre));
        return pago;
      });
    },

    /** 'Registrar pago': the transfer date and its receipt, a document of the case of type Doc Final or Comprobante de pago. */
    async registrar(idCaso: number, idPago: number, input: z.output<typeof registrarPagoSchema>, usuario: string): Promise<Pago> {
      const { pago, tercero } = await db.transaction(async (tx) => {
        await setAuditActor(tx, usuario);
        await lockCaso(tx, idCaso);
        const current = await lockPago(tx, idCaso, idPago, input.version);
        const documento = await repo.documento(tx, idCaso, input.documento);
        if (!documento || !(PAGO_COMPROBANTE_TIPOS as readonly string[]).includes(documento.tipo)) throw unprocessable(PAGO_MESSAGES.comprobante);
        const pago = await repo.update(tx, current, { estado: 'pagado', fecha_pago: input.fecha_pago, id_documento: documento.id });
        await historial.add(tx, idCaso, usuario, PAGO_MESSAGES.history.pagado(pago.monto, input.fecha_pago));
        return { pago, tercero: pago.id_tercero ? await repo.tercero(tx, idCaso, pago.id_tercero) : undefined };
      });
      await avisar(pago, tercero, usuario);
      return pago;
    },

    async anular(idCaso: number, idPago: number, input: z.output<typeof anularPagoSchema>, usuario: string): Promise<Pago> {
      return db.transaction(async (tx) => {
        await setAuditActor(tx, usuario);
        await lockCaso(tx, idCaso);
        const pago = await repo.lockPago(tx, idCaso, idPago);
        if (!pago) throw notFound(PAGO_MESSAGES.notFound);
        if (!isCurrentVersion(input.version, pago.version)) throw conflict(PAGO_MESSAGES.stale);
        if (pago.estado === 'anulado') throw conflict(PAGO_MESSAGES.noAnulable);
        const anulado = await repo.update(tx, pago, { estado: 'anulado', motivo_anulacion: input.motivo });
        await historial.add(tx, idCaso, usuario, PAGO_MESSAGES.history.anulado(pago.monto, input.motivo));
        return anulado;
      });
    },
  };
}
