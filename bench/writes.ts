/**
 * The write scenario (issue 17 item 3): N connections each create a case (with an
 * Idempotency-Key), advance it, add a history message and, every other time, close it and reopen
 * it — the close / reopen pair is the one whose counter locks could cross (docs/decisions/052).
 * Afterwards the trigger-kept counters are compared with a real count.
 */
import { randomUUID } from 'node:crypto';
import { ESTADO } from '@siniestros/domain';
import type { Db } from '../apps/server/src/db/client';
import { differingCounterRows } from '../apps/server/src/db/counters-check';
import type { HttpRequest } from './scenarios';
import { cpuPerRequest, machineCpuMs, type CpuSample } from './cpu';

export type WriteResult = {
  seconds: number;
  connections: number;
  /** Successful write requests (2xx). */
  writes: number;
  writesPerSecond: number;
  /** Cases created. */
  created: number;
  /** Requests that failed (non-2xx or network), by status. */
  errors: number;
  statuses: Record<string, number>;
  p50: number;
  p99: number;
  /** CPU ms per successful write, of the server, the load generator and the database (bench/cpu.ts). */
  cpu?: CpuSample;
  /** The share of the machine's CPU time that was busy during the round (1 = every core, all the time). */
  busyShare: number;
};

export type CounterCheck = {
  /** Rows of each counter table that differ from a count of the cases (0 = exact). */
  contadores: number;
  bloques: number;
  tramos: number;
  estados: number;
  dias: number;
};

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (value: number) => Math.round(value * 100) / 100;

/** Numbers the cases created across rounds: a round repeating an earlier one's claim numbers would meet the duplicate check (409). */
let sequence = 0;

/** A case as the creation form sends it (the smallest complete one). */
export function altaBody(idCompania: number, n: number) {
  return {
    caso: {
      id_compania: idCompania,
      reclamo_nro: `9${String(n).padStart(9, '0')}`,
      gestor: 'Benchmark',
      fecha_siniestro: '2026-11-01',
      hora_siniestro: '10:00',
      fecha_denuncia: '2026-11-02',
      lugar_siniestro: 'Av. Corrientes 1234, CABA',
      declaracion_asegurado: 'Me chocaron de atrás',
      id_producto: 1,
    },
    asegurado: { apellido: 'Bench', nombre: 'Asegurado', id_tipo_doc: 1, nro_doc: '28123456', marca_modelo: 'Ford Ka', dominio: 'AB123CD' },
    // A third party of its own: a new loss, so the duplicate check (docs/decisions/080) finds nothing and the case is created.
    terceros: [{ apellido: 'Bench', nombre: 'Tercero', id_tipo_doc: 1, nro_doc: String(60_000_000 + n), marca_modelo: 'Fiat Cronos', dominio: `BW${String(n).padStart(7, '0')}` }],
  };
}

export async function measureWrites(options: {
  url: string;
  cookie: string;
  csrf?: string;
  seconds: number;
  /** Iterations per connection instead of seconds (the smoke test). */
  amount?: number;
  connections: number;
  idCompania: number;
  /** CPU ms so far of the server, the load generator and the database (bench/cpu.ts). */
  cpu?: () => CpuSample;
}): Promise<WriteResult> {
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  let writes = 0;
  let errors = 0;
  let created = 0;
  const headers = { cookie: options.cookie, 'content-type': 'application/json', ...(options.csrf ? { 'x-csrf-token': options.csrf } : {}) };
  const send = async (request: HttpRequest, extra: Record<string, string> = {}): Promise<unknown> => {
    const started = performance.now();
    let status = 0;
    try {
      const response = await fetch(`${options.url}${request.path}`, {
        method: request.method,
        headers: { ...headers, ...extra },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
      });
      status = response.status;
      const body = await response.json().catch(() => null);
      latencies.push(performance.now() - started);
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status >= 200 && status < 300) {
        writes++;
        return body;
      }
    } catch {
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
    errors++;
    return undefined;
  };

  const deadline = performance.now() + options.seconds * 1000;
  const started = performance.now();
  const cpuBefore = options.cpu?.();
  const machineBefore = machineCpuMs();
  const worker = async () => {
    for (let i = 0; options.amount ? i < options.amount : performance.now() < deadline; i++) {
      const n = ++sequence;
      const alta = (await send({ method: 'POST', path: '/api/casos/alta', body: altaBody(options.idCompania, n) }, { 'idempotency-key': randomUUID() })) as
        | { id: number }
        | undefined;
      if (!alta) continue;
      created++;
      await send({ method: 'PATCH', path: `/api/casos/avanza/${alta.id}`, body: { id_estado: ESTADO.INICIAL } });
      await send({ method: 'POST', path: '/api/historial', body: { id_caso: alta.id, msg: `Mensaje del benchmark ${n}` } });
      if (n % 2 === 0) {
        await send({ method: 'PATCH', path: `/api/casos/cerrar/t/${alta.id}`, body: { id_estado: ESTADO.SIN_ACUERDO, msg: 'Cierre del benchmark' } });
        await send({ method: 'PATCH', path: `/api/casos/reabrir/${alta.id}`, body: {} });
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuBefore && cpuPerRequest(cpuBefore, options.cpu!(), writes);
  const machineAfter = machineCpuMs();
  latencies.sort((a, b) => a - b);
  return {
    seconds: round(seconds),
    connections: options.connections,
    writes,
    writesPerSecond: round(writes / Math.max(0.001, seconds)),
    created,
    errors,
    statuses,
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    ...(cpu ? { cpu } : {}),
    busyShare: round((machineAfter.busy - machineBefore.busy) / Math.max(1, machineAfter.total - machineBefore.total)),
  };
}

/** Each counter table the writes move against a count of the cases: how many of its rows differ (0 = exact). */
export async function checkCounters(db: Db): Promise<CounterCheck> {
  const differing = await differingCounterRows(db, ['caso_contadores', 'caso_bloques', 'caso_tramos', 'caso_contadores_estado', 'caso_contadores_dia']);
  return {
    contadores: differing.caso_contadores,
    bloques: differing.caso_bloques,
    tramos: differing.caso_tramos,
    estados: differing.caso_contadores_estado,
    dias: differing.caso_contadores_dia,
  };
}
