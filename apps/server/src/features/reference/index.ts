import type { DbOrTx } from '../../db/client';
import { referenceRepository } from './reference.repository';

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
