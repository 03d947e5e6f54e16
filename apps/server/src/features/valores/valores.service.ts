import type { Db } from '../../db/client';

export type ValoresService = ReturnType<typeof createValoresService>;

// TODO(stub): filled in by the feature's issue.
export function createValoresService(deps: { db: Db }) {
  void deps;
  return {};
}
