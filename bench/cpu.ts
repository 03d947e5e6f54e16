/**
 * CPU time per request, by process (Linux /proc): what a request costs the server and the
 * database whatever else the machine is doing, where req/s and latencies move with the load
 * beside them. PGlite runs inside the server process, so there the server's figure is all of it.
 */
import fs from 'node:fs';

/** The clock ticks /proc counts in (USER_HZ, 100 on Linux). */
const TICK_MS = 10;

/** utime + stime of a /proc/<pid>/stat line, ms (the command name, in brackets, may hold spaces). */
function statCpuMs(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** CPU ms the process has used since it started; 0 where /proc is missing. */
export function processCpuMs(pid: number): number {
  try {
    return statCpuMs(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return 0;
  }
}

/** CPU ms used so far by every local PostgreSQL process (its backends run the SQL); 0 where /proc is missing. */
export function postgresCpuMs(): number {
  let total = 0;
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.includes('(postgres)')) total += statCpuMs(stat);
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/** CPU ms the whole machine has spent busy (not idle nor waiting on disk), and in all, over every core since boot. */
export function machineCpuMs(): { busy: number; total: number } {
  const ticks = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = ticks[3]! + (ticks[4] ?? 0);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  return { busy: (total - idle) * TICK_MS, total: total * TICK_MS };
}

/** CPU ms this process has used: the benchmark itself, where autocannon makes the requests. */
function ownCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/**
 * CPU ms so far of the server, of the load generator (this process) and, when the database is a
 * local PostgreSQL server, of it.
 */
export type CpuSample = { server: number; client: number; database?: number };

export function cpuSampler(serverPid: number, localPostgres: boolean): () => CpuSample {
  return () => ({ server: processCpuMs(serverPid), client: ownCpuMs(), ...(localPostgres ? { database: postgresCpuMs() } : {}) });
}

/** CPU ms per request between two samples. */
export function cpuPerRequest(before: CpuSample, after: CpuSample, requests: number): CpuSample {
  const per = (ms: number) => Math.round((ms / Math.max(1, requests)) * 1000) / 1000;
  return {
    server: per(after.server - before.server),
    client: per(after.client - before.client),
    ...(before.database !== undefined && after.database !== undefined ? { database: per(after.database - before.database) } : {}),
  };
}
