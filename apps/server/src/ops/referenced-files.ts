import { getTableName } from 'drizzle-orm';
import { documentos } from '../db/tables/documentacion';
import { documentacionRequerida, portalConvenios } from '../db/tables/portal';

/**
 * Every stored file the database references, which backups and `migrate-to` copy: the case
 * documents, the portal requirements' example pictures and the convenios published to the portal
 * (retired ones too: a signature's certificate names their SHA-256; docs/decisions/084). A file no
 * row references is not part of the office (an upload whose row never committed).
 */
export const REFERENCED_KEYS_SQL =
  `select storage_key as key from ${getTableName(documentos)} ` +
  `union select ejemplo_key from ${getTableName(documentacionRequerida)} where ejemplo_key is not null ` +
  `union select archivo_key from ${getTableName(portalConvenios)} order by 1`;
