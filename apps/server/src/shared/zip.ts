import { Readable } from 'node:stream';

/** One file of a zip: its name, and its content opened only when the zip reaches it. */
export type ZipEntry = { name: string; open: () => Promise<Readable> | Buffer };

/** A zip streamed while it is written; each entry is opened only when the zip reaches it. */
export async function zipOf(entries: ZipEntry[]): Promise<Readable> {
  const { ZipArchive } = await import('archiver');
  const archive = new ZipArchive({ zlib: { level: 6 } });
  for (const entry of entries) {
    const source = entry.open;
    const body = Readable.from(
      (async function* () {
        const opened = await source();
        if (Buffer.isBuffer(opened)) yield opened;
        else yield* opened;
      })(),
      { objectMode: false },
    );
    archive.append(body, { name: entry.name });
  }
  void archive.finalize().catch((error: unknown) => archive.destroy(error as Error));
  return archive;
}
