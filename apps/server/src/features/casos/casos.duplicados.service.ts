import { DUPLICADO_MESSAGES, type AltaInput, type CasoDuplicado } from '@siniestros/domain';
import type { DbOrTx } from '../../db/client';
import { casosDuplicadosRepository, type DuplicadoRow } from './casos.duplicados.repository';

const detalleOf = ({ motivo, valor, apellido }: Pick<DuplicadoRow, 'motivo' | 'valor' | 'apellido'>): string => {
  const { detalle } = DUPLICADO_MESSAGES;
  if (motivo === 'reclamo') return detalle.reclamo(valor);
  return motivo === 'dominio' ? detalle.dominio(valor, apellido) : detalle.documento(valor, apellido);
};

/**
 * Duplicates at intake (issue 41 item 4, docs/decisions/080): the existing cases (closed ones too)
 * with the new case's company and claim number, or one of its third parties' plates or documents
 * and its loss date. The insured party is not compared: one insured may have several claims.
 */
export async function findDuplicados(db: DbOrTx, alta: AltaInput): Promise<CasoDuplicado[]> {
  const rows = await casosDuplicadosRepository.find(db, {
    id_compania: alta.caso.id_compania,
    reclamo_nro: alta.caso.reclamo_nro,
    fecha_siniestro: alta.caso.fecha_siniestro,
    dominios: alta.terceros.map((tercero) => tercero.dominio),
    documentos: alta.terceros.map((tercero) => tercero.nro_doc),
  });
  return rows.map(({ valor, apellido, ...caso }) => ({ ...caso, detalle: detalleOf({ motivo: caso.motivo, valor, apellido }) }));
}

/** The new case's history row when it was created despite the matches. */
export const duplicadosHistory = (duplicados: readonly CasoDuplicado[]) =>
  DUPLICADO_MESSAGES.history([...new Set(duplicados.map((caso) => caso.id))]);
