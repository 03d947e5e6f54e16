import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { casos, editVersion, terceros } from './casos';
import { documentos } from './documentacion';
import { productos } from './reference';

/** The claimant portal (drizzle/0042, docs/decisions/084). */
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

// The rows of a case's portal go with their case, third party, item or link (ON DELETE CASCADE).
function ownedByCaso() {
  return integer('id_caso')
    .notNull()
    .references(() => casos.id, { onDelete: 'cascade' });
}
function ownedByTercero() {
  return integer('id_tercero')
    .notNull()
    .references(() => terceros.id, { onDelete: 'cascade' });
}
function ownedByItem() {
  return integer('id_item')
    .notNull()
    .references(() => portalItems.id, { onDelete: 'cascade' });
}
function ownedByEnlace() {
  return integer('id_enlace')
    .notNull()
    .references(() => portalEnlaces.id, { onDelete: 'cascade' });
}

/** What a product (NULL: every product) requires of a third party, and when (PORTAL_CONDICIONES). */
export const documentacionRequerida = pgTable(
  'documentacion_requerida',
  {
    id: serial('id').primaryKey(),
    id_producto: integer('id_producto').references(() => productos.id, { onDelete: 'cascade' }),
    /** One of the spec's 19 upload types (DOCUMENT_TYPES): the received file is named by it. */
    tipo: varchar('tipo', { length: 50 }).notNull(),
    /** What the claimant reads: 'Foto del frente del vehículo'. */
    nombre: varchar('nombre', { length: 150 }).notNull(),
    condicion: varchar('condicion', { length: 20 }).notNull().default('siempre'),
    explicacion: varchar('explicacion', { length: 500 }).notNull().default(''),
    /** An example picture in the storage driver. */
    ejemplo_key: varchar('ejemplo_key', { length: 200 }),
    ejemplo_mime: varchar('ejemplo_mime', { length: 100 }),
    orden: smallint('orden').notNull().default(0),
    activo: boolean('activo').notNull().default(true),
  },
  (table) => [index('documentacion_requerida_producto_idx').on(table.id_producto, table.orden)],
);

/** The capability link of one third party: only the SHA-256 of its token is kept; one live link each. */
export const portalEnlaces = pgTable(
  'portal_enlaces',
  {
    id: serial('id').primaryKey(),
    id_caso: ownedByCaso(),
    id_tercero: ownedByTercero(),
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    creado: at('creado').notNull().defaultNow(),
    creado_por: varchar('creado_por', { length: 150 }).notNull(),
    expira: at('expira').notNull(),
    revocado: at('revocado'),
    revocado_por: varchar('revocado_por', { length: 150 }),
    intentos_fallidos: integer('intentos_fallidos').notNull().default(0),
    bloqueado_hasta: at('bloqueado_hasta'),
    /** The conditions the handler states when asking (PORTAL_CONDICIONES). */
    destruccion_total: boolean('destruccion_total').notNull().default(false),
    no_titular: boolean('no_titular').notNull().default(false),
    ultimo_acceso: at('ultimo_acceso'),
  },
  (table) => [
    uniqueIndex('portal_enlaces_token_uq').on(table.token_hash),
    uniqueIndex('portal_enlaces_vivo_uq')
      .on(table.id_tercero)
      .where(sql`${table.revocado} is null`),
    index('portal_enlaces_caso_idx').on(table.id_caso, table.id),
  ],
);

/** What a token is exchanged for: a session scoped to its link, by the SHA-256 of its id. */
export const portalSesiones = pgTable(
  'portal_sesiones',
  {
    id_hash: varchar('id_hash', { length: 64 }).primaryKey(),
    id_enlace: ownedByEnlace(),
    creado: at('creado').notNull().defaultNow(),
    expira: at('expira').notNull(),
    /** The claimant typed their DNI: personal data may show. */
    dni_ok: boolean('dni_ok').notNull().default(false),
  },
  (table) => [index('portal_sesiones_enlace_idx').on(table.id_enlace)],
);

/** Wrong DNI tries per client address, across links. */
export const portalIntentos = pgTable('portal_intentos', {
  direccion: varchar('direccion', { length: 64 }).primaryKey(),
  intentos: integer('intentos').notNull().default(0),
  desde: at('desde').notNull().defaultNow(),
  bloqueado_hasta: at('bloqueado_hasta'),
});

/** The checklist of one third party of a case (PORTAL_ITEM_ESTADOS). */
export const portalItems = pgTable(
  'portal_items',
  {
    id: serial('id').primaryKey(),
    id_caso: ownedByCaso(),
    id_tercero: ownedByTercero(),
    id_requisito: integer('id_requisito').references(() => documentacionRequerida.id, { onDelete: 'set null' }),
    tipo: varchar('tipo', { length: 50 }).notNull(),
    nombre: varchar('nombre', { length: 150 }).notNull(),
    explicacion: varchar('explicacion', { length: 500 }).notNull().default(''),
    estado: varchar('estado', { length: 10 }).notNull().default('pendiente'),
    /** Why it was rejected: the claimant reads it. */
    motivo: varchar('motivo', { length: 1000 }),
    solicitado: at('solicitado'),
    recibido: at('recibido'),
    revisado: at('revisado'),
    revisado_por: varchar('revisado_por', { length: 150 }),
    version: editVersion(),
  },
  (table) => [
    uniqueIndex('portal_items_requisito_uq').on(table.id_tercero, table.id_requisito),
    index('portal_items_caso_idx').on(table.id_caso, table.id_tercero, table.id),
    index('portal_items_recibidos_idx')
      .on(table.recibido, table.id)
      .where(sql`${table.estado} = 'recibido'`),
  ],
);

/** The documents sent for an item; `clave` (the client's upload key) makes a retried upload land once. */
export const portalItemDocumentos = pgTable(
  'portal_item_documentos',
  {
    id_item: ownedByItem(),
    id_documento: integer('id_documento')
      .notNull()
      .references(() => documentos.id, { onDelete: 'cascade' }),
    clave: varchar('clave', { length: 100 }),
    creado: at('creado').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'portal_item_documentos_pk', columns: [table.id_item, table.id_documento] }),
    uniqueIndex('portal_item_documentos_clave_uq').on(table.id_item, table.clave),
    index('portal_item_documentos_documento_idx').on(table.id_documento),
  ],
);

/** Messages between the claimant ('reclamante') and the office ('oficina'). */
export const portalMensajes = pgTable(
  'portal_mensajes',
  {
    id: serial('id').primaryKey(),
    id_caso: ownedByCaso(),
    id_tercero: ownedByTercero(),
    autor: varchar('autor', { length: 10 }).notNull(),
    usuario: varchar('usuario', { length: 150 }),
    texto: varchar('texto', { length: 2000 }).notNull(),
    creado: at('creado').notNull().defaultNow(),
  },
  (table) => [index('portal_mensajes_tercero_idx').on(table.id_tercero, table.id)],
);

/** Every send to a claimant (PORTAL_CANALES). */
export const portalEnvios = pgTable(
  'portal_envios',
  {
    id: serial('id').primaryKey(),
    id_enlace: ownedByEnlace(),
    canal: varchar('canal', { length: 20 }).notNull(),
    destino: varchar('destino', { length: 300 }),
    creado: at('creado').notNull().defaultNow(),
    usuario: varchar('usuario', { length: 150 }),
    ok: boolean('ok').notNull().default(true),
    detalle: varchar('detalle', { length: 500 }),
  },
  (table) => [index('portal_envios_enlace_idx').on(table.id_enlace, table.canal, table.id)],
);

/** The office's portal settings: one row (id 1). */
export const portalAjustes = pgTable('portal_ajustes', {
  id: smallint('id').primaryKey().default(1),
  dias_validez: integer('dias_validez').notNull().default(30),
  /** 0: the whole DNI; else its last N digits. */
  digitos_dni: smallint('digitos_dni').notNull().default(0),
  max_intentos: smallint('max_intentos').notNull().default(5),
  recordatorios_dias: smallint('recordatorios_dias')
    .array()
    .notNull()
    .default(sql`'{3,7,10}'`),
  firma_electronica: boolean('firma_electronica').notNull().default(false),
});

/** An electronic signature of a published convenio (drizzle/0043): where and how the claimant signed. */
export const portalFirmas = pgTable(
  'portal_firmas',
  {
    id: serial('id').primaryKey(),
    id_caso: ownedByCaso(),
    id_tercero: ownedByTercero(),
    id_item: ownedByItem(),
    firmado: at('firmado').notNull(),
    direccion: varchar('direccion', { length: 64 }).notNull(),
    user_agent: varchar('user_agent', { length: 500 }).notNull(),
    destino: varchar('destino', { length: 300 }).notNull(),
    /** The certificate, a document of the case. */
    id_documento: integer('id_documento').references(() => documentos.id, { onDelete: 'set null' }),
  },
  (table) => [index('portal_firmas_tercero_idx').on(table.id_tercero, table.id)],
);

/** The convenio files published to a third party's portal (drizzle/0043); `retirado` null: live. */
export const portalConvenios = pgTable(
  'portal_convenios',
  {
    id: serial('id').primaryKey(),
    id_caso: ownedByCaso(),
    id_tercero: ownedByTercero(),
    /** The item 'Convenio firmado' the signed copy goes to. */
    id_item: ownedByItem(),
    plantilla: varchar('plantilla', { length: 100 }).notNull(),
    nombre: varchar('nombre', { length: 200 }).notNull(),
    /** Under portal/convenios/{id_caso}/, outside the cases' keys: the orphan sweeper leaves it. */
    archivo_key: varchar('archivo_key', { length: 200 }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    bytes: integer('bytes').notNull(),
    /** Hex SHA-256 of the published bytes: the certificate of a signature names it. */
    sha256: varchar('sha256', { length: 64 }).notNull(),
    publicado: at('publicado').notNull(),
    publicado_por: varchar('publicado_por', { length: 150 }).notNull(),
    retirado: at('retirado'),
    id_firma: integer('id_firma').references(() => portalFirmas.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('portal_convenios_vivos_idx')
      .on(table.id_tercero, table.id)
      .where(sql`${table.retirado} is null`),
    index('portal_convenios_caso_idx').on(table.id_caso, table.id),
    index('portal_convenios_tercero_idx').on(table.id_tercero, table.id),
  ],
);

/** The one-time codes of the electronic signature: SHA-256 of salt, link and code only. */
export const portalFirmaCodigos = pgTable(
  'portal_firma_codigos',
  {
    id: serial('id').primaryKey(),
    id_enlace: ownedByEnlace(),
    codigo_hash: varchar('codigo_hash', { length: 64 }).notNull(),
    sal: varchar('sal', { length: 64 }).notNull(),
    destino: varchar('destino', { length: 300 }).notNull(),
    enviado: at('enviado').notNull(),
    expira: at('expira').notNull(),
    intentos: smallint('intentos').notNull().default(0),
    usado: at('usado'),
  },
  (table) => [index('portal_firma_codigos_enlace_idx').on(table.id_enlace, table.enviado)],
);
