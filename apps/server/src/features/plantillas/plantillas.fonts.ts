import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';

/**
 * The report's typeface: DejaVu Sans (Latin, Greek and Cyrillic whole), as shipped by the npm package
 * @fontsource/dejavu-sans (SIL Open Font License): nothing is downloaded at install or at run time.
 * pdfkit's built-in Helvetica knows only WinAnsi (Latin-1): «Łukasz» or «Nguyễn» came out as garbage.
 */
export const REPORT_FONT = { regular: 'Texto', bold: 'Texto-Negrita' } as const;
const FILES = { [REPORT_FONT.regular]: 'dejavu-sans-latin-400-normal.woff', [REPORT_FONT.bold]: 'dejavu-sans-latin-700-normal.woff' };

/**
 * WOFF 1.0 (W3C, §4-§5) unpacked to the TrueType file it wraps: the same tables, inflated, behind an
 * sfnt header. pdfkit's font library reads WOFF too, but inflates it in JavaScript on every
 * document: a report took ~10× longer than from the plain TrueType file.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font');
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.subarray(entry, entry + 4),
      checksum: woff.readUInt32BE(entry + 16),
      data: compLength < origLength ? zlib.inflateSync(stored) : stored,
    };
  });
  const header = Buffer.alloc(12 + numTables * 16);
  const entrySelector = Math.floor(Math.log2(numTables));
  header.writeUInt32BE(woff.readUInt32BE(4), 0); // the wrapped font's own version (flavor)
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(2 ** entrySelector * 16, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - 2 ** entrySelector * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    table.tag.copy(header, record);
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.data.length, record + 12);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

let loaded: Promise<Record<string, Buffer>> | undefined;

/** The report's fonts as TrueType, read once per process. */
export function reportFonts(): Promise<Record<string, Buffer>> {
  loaded ??= (async () => {
    const require = createRequire(import.meta.url);
    const entries = await Promise.all(
      Object.entries(FILES).map(async ([name, file]) => [name, woffToSfnt(await fs.readFile(require.resolve(`@fontsource/dejavu-sans/files/${file}`)))] as const),
    );
    return Object.fromEntries(entries);
  })().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}
