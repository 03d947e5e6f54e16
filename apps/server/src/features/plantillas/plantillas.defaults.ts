import fs from 'node:fs/promises';
import path from 'node:path';
import { convenioSlug, type ConvenioTemplate } from '@siniestros/domain';
import { SERVER_DIR } from '../../paths';

/** The shipped templates, written by scripts/convenio-templates.ts and kept in the repo. */
export const DEFAULTS_DIR = path.join(SERVER_DIR, 'templates/convenios');

export const defaultTemplatePath = (template: ConvenioTemplate) => path.join(DEFAULTS_DIR, `${convenioSlug(template)}.docx`);

const cache = new Map<number, Promise<Buffer>>();

/** A shipped template's bytes (they never change while the server runs). */
export function readDefaultTemplate(template: ConvenioTemplate): Promise<Buffer> {
  let bytes = cache.get(template.id);
  if (!bytes) {
    bytes = fs.readFile(defaultTemplatePath(template));
    cache.set(template.id, bytes);
  }
  return bytes;
}
