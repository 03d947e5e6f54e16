import zlib from 'node:zlib';
import type Docxtemplater from 'docxtemplater';
import type PizZip from 'pizzip';
import { CONVENIO_CAMPOS, PLANTILLA_MESSAGES, type ConvenioDatos } from '@siniestros/domain';
import { unprocessable } from '../../shared/errors';

/** A template's parts once unpacked: far above any real convenio (~100 KB), far below a zip bomb's. */
const MAX_UNPACKED_BYTES = 20 * 1024 * 1024;

/** 'word/document.xml', never '/etc/x', '../x', 'a/./b', 'C:x' or 'a\\b'. */
function isSafePartName(name: string): boolean {
  const segments = name.replace(/\/$/, '').split('/');
  return segments.every((segment) => segment !== '' && segment !== '.' && segment !== '..' && !/[\\:\0]/.test(segment));
}

type ZipEntryData = { compressionMethod: string; getCompressedContent(): Uint8Array };

/**
 * Opens a .docx, unpacking every part once within MAX_UNPACKED_BYTES: a small upload that
 * inflates to gigabytes is refused before the templating library reads it.
 */
async function openZip(bytes: Buffer): Promise<PizZip> {
  // Loaded on the first convenio or template, not at start (like ExcelJS and pdfkit).
  const { default: PizZipClass } = await import('pizzip');
  let zip: PizZip;
  try {
    zip = new PizZipClass(bytes);
  } catch {
    throw unprocessable(PLANTILLA_MESSAGES.notDocx);
  }
  // A part's name is a path inside the package (OPC, ECMA-376 part 2 §6.2.2): relative, '/'-separated,
  // no '.' or '..' segment. Any other name would be copied into every convenio made from it.
  const unsafe = Object.keys(zip.files).find((name) => !isSafePartName(name));
  if (unsafe !== undefined) throw unprocessable(PLANTILLA_MESSAGES.unsafeEntry(unsafe.slice(0, 100)));
  let unpacked = 0;
  for (const file of Object.values(zip.files)) {
    if (file.dir) continue;
    const data = (file as unknown as { _data?: ZipEntryData })._data;
    if (!data?.getCompressedContent) throw unprocessable(PLANTILLA_MESSAGES.notDocx);
    const raw = Buffer.from(data.getCompressedContent());
    const deflated = data.compressionMethod === '\x08\x00';
    try {
      unpacked += deflated ? zlib.inflateRawSync(raw, { maxOutputLength: MAX_UNPACKED_BYTES - unpacked + 1 }).length : raw.length;
    } catch {
      throw unprocessable(PLANTILLA_MESSAGES.notDocx);
    }
    if (unpacked > MAX_UNPACKED_BYTES) throw unprocessable(PLANTILLA_MESSAGES.notDocx);
  }
  if (!zip.file('word/document.xml')) throw unprocessable(PLANTILLA_MESSAGES.notDocx);
  return zip;
}

type TemplateErrorDetail = { properties?: { id?: string; xtag?: string } };

/** docxtemplater's compile errors (English, per tag) as one Spanish line. */
function describeTagErrors(error: unknown): string | null {
  const properties = (error as { properties?: { id?: string; errors?: TemplateErrorDetail[] } }).properties;
  if (!properties) return null;
  const errors = properties.errors ?? [error as TemplateErrorDetail];
  const describe = ({ properties: detail }: TemplateErrorDetail) => {
    const tag = detail?.xtag ?? '';
    switch (detail?.id) {
      case 'unopened_tag':
        return `«${tag}» cierra una llave que no se abrió`;
      case 'unclosed_tag':
        return `«{${tag}» no cierra su llave`;
      case 'duplicate_open_tag':
      case 'duplicate_close_tag':
        return `«${tag}» tiene llaves de más`;
      default:
        return `«${tag || detail?.id || '?'}» está mal formada`;
    }
  };
  return errors.map(describe).join('; ');
}

/** Compiles the template; each tag's name (`{campo}`, `{#campo}`…) is reported to `onTag` as it is parsed. */
async function compile(zip: PizZip, onTag: (name: string) => void = () => {}): Promise<Docxtemplater> {
  const { default: DocxtemplaterClass } = await import('docxtemplater');
  try {
    return new DocxtemplaterClass(zip, {
      paragraphLoop: true,
      linebreaks: true,
      // Errors become the Spanish 422; docxtemplater would also print each to the console.
      errorLogging: false,
      // Missing values print empty; every field the server fills is a string (ConvenioDatos).
      nullGetter: () => '',
      parser: (tag) => {
        onTag(tag);
        return { get: (scope: Record<string, unknown>) => (tag === '.' ? scope : scope[tag]) };
      },
    });
  } catch (error) {
    const detail = describeTagErrors(error);
    throw unprocessable(detail ? PLANTILLA_MESSAGES.badTags(detail) : PLANTILLA_MESSAGES.notDocx);
  }
}

/**
 * Refuses (422, in Spanish) a file that is not a .docx, has malformed tags, uses a field the server
 * does not fill or leaves out one its type must print (`required`).
 */
export async function checkTemplate(bytes: Buffer, required: readonly string[]): Promise<void> {
  const tags = new Set<string>();
  await compile(await openZip(bytes), (name) => tags.add(name));
  const unknown = [...tags].filter((name) => !Object.hasOwn(CONVENIO_CAMPOS, name));
  if (unknown.length > 0) throw unprocessable(PLANTILLA_MESSAGES.unknownFields(unknown));
  const missing = required.filter((name) => !tags.has(name));
  if (missing.length > 0) throw unprocessable(PLANTILLA_MESSAGES.missingFields(missing));
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Sets Dublin Core properties of docProps/core.xml, replacing the element or adding it. */
function setCoreProperties(xml: string, properties: Record<string, string>): string {
  return Object.entries(properties).reduce((current, [element, value]) => {
    const tag = `<${element}>${escapeXml(value)}</${element}>`;
    const existing = new RegExp(`<${element}(?:\\s[^>]*)?(?:/>|>[\\s\\S]*?</${element}>)`);
    return existing.test(current) ? current.replace(existing, () => tag) : current.replace('</cp:coreProperties>', `${tag}</cp:coreProperties>`);
  }, xml);
}

const CUIT_RE = /\b(\d{2})-(\d{8})-(\d)\b/g;
const NO_BREAK_HYPHEN = '</w:t><w:noBreakHyphen/><w:t xml:space="preserve">';

/** A CUIT's hyphens as Word's non-breaking hyphens, so '27-22333444-5' never breaks across lines. */
export function keepCuitsWhole(xml: string): string {
  return xml.replace(/(<w:t(?:\s[^>]*)?>)([^<]*)(<\/w:t>)/g, (_match, open: string, text: string, close: string) =>
    `${open}${text.replace(CUIT_RE, `$1${NO_BREAK_HYPHEN}$2${NO_BREAK_HYPHEN}$3`)}${close}`,
  );
}

/** The template filled with one convenio's data; the document's author and title are the office's. */
export async function renderTemplate(bytes: Buffer, datos: ConvenioDatos, meta: { creator: string; title: string }): Promise<Buffer> {
  const document = await compile(await openZip(bytes));
  document.render(datos);
  const zip = document.getZip();
  const body = zip.file('word/document.xml');
  if (body) zip.file('word/document.xml', keepCuitsWhole(body.asText()));
  const core = zip.file('docProps/core.xml');
  if (core) {
    zip.file('docProps/core.xml', setCoreProperties(core.asText(), { 'dc:creator': meta.creator, 'cp:lastModifiedBy': meta.creator, 'dc:title': meta.title }));
  }
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}
