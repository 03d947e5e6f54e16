import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { DOCUMENTACION_MESSAGES, TEXT_EXTENSIONS, type AllowedExtension } from '@siniestros/domain';
import { tooLarge, unsupportedContent } from '../../shared/errors';

type FileKind = { mime: string; /** what file-type may detect in a genuine file of this extension */ signatures: readonly string[] };

/**
 * What each allowed extension must look like inside (ASVS 5.2.2): the content's magic bytes,
 * not the client's name or Content-Type, decide. OOXML/ODF files are zips whose kind is only
 * certain past the first bytes, so a zip signature is enough for them.
 */
const FILE_KINDS: Record<AllowedExtension, FileKind> = {
  pdf: { mime: 'application/pdf', signatures: ['pdf'] },
  jpg: { mime: 'image/jpeg', signatures: ['jpg'] },
  jpeg: { mime: 'image/jpeg', signatures: ['jpg'] },
  png: { mime: 'image/png', signatures: ['png', 'apng'] },
  gif: { mime: 'image/gif', signatures: ['gif'] },
  webp: { mime: 'image/webp', signatures: ['webp'] },
  heic: { mime: 'image/heic', signatures: ['heic'] },
  tif: { mime: 'image/tiff', signatures: ['tif'] },
  tiff: { mime: 'image/tiff', signatures: ['tif'] },
  bmp: { mime: 'image/bmp', signatures: ['bmp'] },
  doc: { mime: 'application/msword', signatures: ['cfb', 'rtf'] },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', signatures: ['docx', 'zip'] },
  xls: { mime: 'application/vnd.ms-excel', signatures: ['cfb'] },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', signatures: ['xlsx', 'zip'] },
  odt: { mime: 'application/vnd.oasis.opendocument.text', signatures: ['odt', 'zip'] },
  ods: { mime: 'application/vnd.oasis.opendocument.spreadsheet', signatures: ['ods', 'zip'] },
  txt: { mime: 'text/plain; charset=utf-8', signatures: [] },
  csv: { mime: 'text/csv; charset=utf-8', signatures: [] },
  zip: { mime: 'application/zip', signatures: ['zip'] },
  mp4: { mime: 'video/mp4', signatures: ['mp4', 'm4v', 'mov', '3gp'] },
  mov: { mime: 'video/quicktime', signatures: ['mov', 'mp4', 'm4v'] },
};

/** file-type's recommended sample size. */
const HEAD_BYTES = 4100;

export function fileKindOf(extension: string): FileKind | undefined {
  return Object.hasOwn(FILE_KINDS, extension) ? FILE_KINDS[extension as AllowedExtension] : undefined;
}

/** The stored mime when it is one we accept; anything else is served as plain bytes. */
export function safeContentType(mime: string | null): string {
  const known = Object.values(FILE_KINDS).some((kind) => kind.mime === mime);
  return known && mime ? mime : 'application/octet-stream';
}

/** A busboy file stream: `truncated` turns true when the size limit cut it. */
type UploadStream = Readable & { truncated?: boolean };

/**
 * The upload's bytes, checked while they stream: the first bytes must match the extension,
 * text formats must be UTF-8 all the way, and a stream cut by the size limit fails with 413
 * so the storage driver drops what it wrote.
 */
export function checkedContent(stream: UploadStream, extension: AllowedExtension): Readable {
  const kind = FILE_KINDS[extension];
  const isText = TEXT_EXTENSIONS.includes(extension);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const assertText = (chunk: Buffer) => {
    if (!isText) return;
    try {
      decoder.decode(chunk, { stream: true });
    } catch {
      throw unsupportedContent(DOCUMENTACION_MESSAGES.badContent);
    }
    if (chunk.includes(0)) throw unsupportedContent(DOCUMENTACION_MESSAGES.badContent);
  };
  const assertComplete = () => {
    if (stream.truncated) throw tooLarge(DOCUMENTACION_MESSAGES.tooLarge);
  };

  async function* content() {
    const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    while (size < HEAD_BYTES) {
      const next = await iterator.next();
      if (next.done) {
        done = true;
        break;
      }
      chunks.push(next.value);
      size += next.value.length;
    }
    assertComplete();
    const head = Buffer.concat(chunks);
    if (isText) assertText(head);
    else if (!kind.signatures.includes((await fileTypeFromBuffer(head))?.ext ?? ''))
      throw unsupportedContent(DOCUMENTACION_MESSAGES.badContent);
    yield head;
    while (!done) {
      const next = await iterator.next();
      if (next.done) break;
      assertText(next.value);
      yield next.value;
    }
    assertComplete();
    if (isText) {
      try {
        decoder.decode();
      } catch {
        throw unsupportedContent(DOCUMENTACION_MESSAGES.badContent);
      }
    }
  }
  return Readable.from(content(), { objectMode: false });
}
