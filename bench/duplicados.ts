/**
 * The duplicate check at intake (issue 41 item 4, docs/decisions/080): what it adds to each case
 * creation. Its one statement (casos.duplicados.repository.ts) is timed from the client, round trip
 * included, as a creation waits for it: for a new loss (nothing matches, the usual case) and for a
 * copy of a loaded case (its claim number, plates and documents match); a primary-key lookup, the
 * cheapest statement there is, gives the scale.
 */
import { sql } from 'drizzle-orm';
import { resultRows, type Database } from '../apps/server/src/db/client';
import { casosDuplicadosRepository, type DuplicadoClaves } from '../apps/server/src/features/casos/casos.duplicados.repository';
import { median } from './load';

export type DuplicadosResult = {
  runs: number;
  /** Median ms of the check when nothing matches. */
  nuevoMs: number;
  /** Median ms of the check for a copy of a loaded case, and how many rows it answered. */
  copiaMs: number;
  copiaMatches: number;
  /** Median ms of `select id from casos where id = $1`. */
  lookupMs: number;
};

/** The goal of issue 41: the check adds at most this many ms to a creation at 1M cases. */
export const DUPLICADOS_TARGET_MS = 5;

async function timed(runs: number, work: (run: number) => Promise<unknown>): Promise<{ ms: number; last: unknown }> {
  const times: number[] = [];
  let last: unknown;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    last = await work(run);
    times.push(performance.now() - started);
  }
  return { ms: median(times), last };
}

export async function measureDuplicados(database: Database, runs = 50): Promise<DuplicadosResult> {
  const rows = async <T>(statement: ReturnType<typeof sql>) => resultRows<T>(await database.db.execute(statement));
  // The newest cases with a third party: each run asks for another one's values, so no run reads a cache the previous one warmed.
  const loaded = await rows<{ id_compania: number; reclamo_nro: string; fecha_siniestro: string; dominio: string; nro_doc: string }>(sql`
    select c.id_compania, c.reclamo_nro, c.fecha_siniestro::text as fecha_siniestro, t.dominio, t.nro_doc
    from casos c join terceros t on t.id_caso = c.id and t.orden = 1
    order by c.id desc limit ${runs}`);
  if (loaded.length === 0) throw new Error('No case with a third party to copy');
  const copia = (run: number): DuplicadoClaves => {
    const caso = loaded[run % loaded.length]!;
    return { ...caso, id_compania: Number(caso.id_compania), dominios: [caso.dominio], documentos: [caso.nro_doc] };
  };
  const nuevo = (run: number): DuplicadoClaves => ({
    id_compania: Number(loaded[0]!.id_compania),
    reclamo_nro: String(9_900_000_000 + run),
    fecha_siniestro: '2026-11-01',
    dominios: [`ZZ${String(run).padStart(3, '0')}ZZ`],
    documentos: [String(99_000_000 + run)],
  });
  // The server's own statement (named, kept per connection), as a creation runs it.
  const check = (claves: DuplicadoClaves) => casosDuplicadosRepository.find(database.db, claves);
  const [maxId] = await rows<{ id: number }>(sql`select max(id) as id from casos`);
  const lookup = await timed(runs, (run) => database.db.execute(sql`select id from casos where id = ${Number(maxId!.id) - run}`));
  const nuevoRuns = await timed(runs, (run) => check(nuevo(run)));
  const copiaRuns = await timed(runs, (run) => check(copia(run)));
  const copiaMatches = (copiaRuns.last as unknown[]).length;
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return { runs, nuevoMs: round(nuevoRuns.ms), copiaMs: round(copiaRuns.ms), copiaMatches, lookupMs: round(lookup.ms) };
}
