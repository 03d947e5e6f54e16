import type { DbOrTx } from '../../db/client';
import { referenceRepository } from './reference.repository';
import { linkAnalista } from './reference.service';

export { referenceRoutes } from './reference.routes';
export { createReferenceService, type CaseLookups, type ReferenceService } from './reference.service';

/** Every inspector (id, nombre, apellido by surname) as JSON, a subquery for the statement that reads a case (docs/decisions/042). */
export { inspectoresJson } from './reference.repository';

/** The inspector records behind Inspector users: the users feature writes them in its own transactions. */
export const inspectorRecords = {
  find: (tx: DbOrTx, id: number) => referenceRepository.findInspector(tx, id),
  insert: (tx: DbOrTx, names: { nombre: string; apellido: string }) => referenceRepository.insertInspector(tx, names),
  update: (tx: DbOrTx, id: number, names: { nombre: string; apellido: string }) => referenceRepository.updateInspector(tx, id, names),
};

/**
 * The analyst behind a user (docs/decisions/083): the users feature links, unlinks or creates one
 * in its own transactions, through the same rule as the Analistas screen.
 */
export const analistaRecords = {
  ofUsuario: (tx: DbOrTx, idUsuario: number) => referenceRepository.analistaOfUsuario(tx, idUsuario),
  insert: (tx: DbOrTx, names: { nombre: string; apellido: string }) => referenceRepository.insertAnalista(tx, { nombre: names.nombre, apellido: names.apellido }),
  link: (tx: DbOrTx, idAnalista: number, idUsuario: number | null) => linkAnalista(tx, idAnalista, idUsuario, false),
};

/** The inspection's photo checklist (issue 43 item 4): its routes, and its read for the close (wired in app.ts). */
export { createFotoChecklistService, fotoChecklistRepository, type FotoChecklistService } from './reference.fotos';
export { fotoChecklistRoutes } from './reference.fotos.routes';
