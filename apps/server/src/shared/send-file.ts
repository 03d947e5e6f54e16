import type { FastifyReply } from 'fastify';

/** RFC 5987 value: UTF-8 percent-encoded, with the characters encodeURIComponent leaves alone. */
const encodeExtValue = (name: string) =>
  encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/** An ASCII fallback: accents dropped, anything else outside printable ASCII (and quotes) replaced. */
const asciiFileName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%;]/g, '_');

/** RFC 6266: `filename=` for old clients, `filename*=` with the real name for the rest. */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  return `${kind}; filename="${asciiFileName(name)}"; filename*=UTF-8''${encodeExtValue(name)}`;
}

export function sendFile(reply: FastifyReply, kind: 'attachment' | 'inline', name: string, type: string, body: NodeJS.ReadableStream | Buffer) {
  return reply
    .header('Content-Disposition', contentDisposition(kind, name))
    .header('X-Content-Type-Options', 'nosniff')
    .type(type)
    .send(body);
}
