import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { casoPersonasSearch, type PersonaSearchFields } from '@siniestros/domain';
import { resultRows, type Db } from '../../db/client';

/** Cases a fill transaction takes: short, so that an edit of one of them waits little (docs/decisions/072). */
export const BUSQUEDA_PERSONAS_BATCH = 100;

type Pending = { id: number; asegurado: PersonaSearchFields; terceros: PersonaSearchFields[] };

/**
 * Fills `busqueda_apellidos` and `busqueda_dominios` of the newest cases still without them
 * (written before drizzle/0035) from their people, as casoPersonasSearch builds them for every
 * writer; returns how many it filled (0: none left). The cases are locked and skipped when locked:
 * an edit in flight writes the columns itself, and two nodes fill different cases.
 */
export async function fillBusquedaPersonasBatch(db: Db, batchSize = BUSQUEDA_PERSONAS_BATCH): Promise<number> {
  return db.transaction(async (tx) => {
    const pending = resultRows<Pending>(
      await tx.execute(sql`
        select c.id,
          json_build_object('apellido', a.apellido, 'dominio', a.dominio) as asegurado,
          coalesce((select json_agg(json_build_object('apellido', t.apellido, 'dominio', t.dominio) order by t.orden) from terceros t where t.id_caso = c.id), '[]') as terceros
        from casos c join asegurados a on a.id = c.id_asegurado
        where c.id in (select id from casos where busqueda_apellidos is null order by id desc nulls last limit ${batchSize} for update skip locked)`),
    );
    if (pending.length === 0) return 0;
    // Written newest first, the new row versions lie on the pages in the order the lists walk
    // them; in any order, each case of a walked page was a page of its own (1.7× the time).
    pending.sort((a, b) => b.id - a.id);
    const filled = pending.map((caso) => casoPersonasSearch(caso));
    await tx.execute(sql`
      update casos set busqueda_apellidos = v.apellidos, busqueda_dominios = v.dominios
      from unnest(${sql.param(pending.map((caso) => caso.id))}::int4[], ${sql.param(filled.map((lines) => lines.busqueda_apellidos))}::text[],
        ${sql.param(filled.map((lines) => lines.busqueda_dominios))}::text[]) as v(id, apellidos, dominios)
      where casos.id = v.id`);
    return pending.length;
  });
}

/**
 * Fills every case still without its search columns, a batch at a time, until none is left or
 * `signal` aborts; returns how many. After each batch it rests as long as the batch took, so that
 * the fill takes at most half of a database core and the office's requests the rest.
 */
export async function fillBusquedaPersonas(
  db: Db,
  options: { signal?: AbortSignal; onBatch?: (filled: number) => void } = {},
): Promise<number> {
  let total = 0;
  while (!options.signal?.aborted) {
    const started = performance.now();
    const filled = await fillBusquedaPersonasBatch(db);
    if (filled === 0) break;
    total += filled;
    options.onBatch?.(total);
    await delay(performance.now() - started, undefined, { ref: false });
  }
  return total;
}
