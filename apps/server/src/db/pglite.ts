import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** PostgreSQL's shared buffers inside the embedded database (docs/decisions/056). */
export const PGLITE_SHARED_BUFFERS = '32MB';

/**
 * PGlite starts PostgreSQL with `-F` (fsync off), and its file layer (Emscripten's NODEFS) makes
 * fsync a no-op and fdatasync one too: an acknowledged commit sat in the page cache, lost on a
 * power cut. Here fsync is on, the WAL is flushed with fsync() (`wal_sync_method=fsync`), and the
 * file layer's fsync reaches the disk: one real fsync per commit, measured at +0.5 ms per write
 * (docs/decisions/030-durable-embedded-database.md).
 */
export const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'wal_sync_method=fsync',
  // PostgreSQL's 128 MB default is WebAssembly heap the process keeps for good; the data files'
  // pages stay in the OS's cache anyway (docs/decisions/056, amended: RSS of an open 50k office
  // 390 → 279 MB).
  '-c',
  `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
];

type EmscriptenStream = { nfd: number };
type EmscriptenModule = { NODEFS: { stream_ops: { fsync?: (stream: EmscriptenStream) => number } } };

/** PGlite's Node file system whose fsync syncs the file for real. */
export class DurableNodeFS extends NodeFS {
  /** fsyncs done through the file layer, in the thread that runs PGlite (the server's: its worker). */
  static syncCount = 0;

  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const result = await super.init(...args);
    const preRun = (result.emscriptenOpts.preRun ?? []) as ((module: EmscriptenModule) => void)[];
    preRun.push((module) => {
      module.NODEFS.stream_ops.fsync = (stream) => {
        fs.fsyncSync(stream.nfd);
        DurableNodeFS.syncCount++;
        return 0;
      };
    });
    result.emscriptenOpts.preRun = preRun;
    return result;
  }
}

/** PGlite on a durable directory, or in memory (from a dump when given): in this thread. */
export function createPglite(options: { pgdataDir?: string; loadDataDir?: Blob }): Promise<PGlite> {
  return PGlite.create({
    ...(options.pgdataDir ? { fs: new DurableNodeFS(options.pgdataDir), startParams: DURABLE_START_PARAMS } : {}),
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
}
