import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { jsonRows } from '../../db/json';
import { analistas, companias, estados, inspectores, productos, responsabilidades, tiposDoc } from '../../db/tables/reference';
import { users } from '../../db/tables/users';

/** The Admin-maintained `{id, nombre}` lists. */
export const NAMED_TABLES = { tipoDoc: tiposDoc, companias, responsabilidad: responsabilidades } as const;
export type NamedKind = keyof typeof NAMED_TABLES;

/** listInspectores as a JSON array: a subquery for a statement that reads a case (the detail's one round trip). */
export const inspectoresJson = () =>
  jsonRows<{ id: number; nombre: string; apellido: string }>(
    { id: inspectores.id, nombre: inspectores.nombre, apellido: inspectores.apellido },
    sql`from ${inspectores}`,
    ['apellido', 'nombre'],
  );

/** An analyst as the Admin's list shows it: with their user's username (GET /analistas/abm). */
const ANALISTA_ABM = {
  id: analistas.id,
  nombre: analistas.nombre,
  apellido: analistas.apellido,
  id_usuario: analistas.id_usuario,
  usuario: users.username,
  disponible: analistas.disponible,
};

/** The user an analyst may be linked to: its role and state (docs/decisions/083). */
async function userForLink(db: DbOrTx, idUsuario: number) {
  const [row] = await db.select({ id: users.id, rol: users.rol, username: users.username }).from(users).where(eq(users.id, idUsuario));
  return row;
}

export const referenceRepository = {
  userForLink,

  listNamed(db: DbOrTx, kind: NamedKind) {
    const table = NAMED_TABLES[kind];
    return db.select({ id: table.id, nombre: table.nombre }).from(table).orderBy(asc(table.id));
  },

  async pageNamed(db: DbOrTx, kind: NamedKind, limit: number, offset: number) {
    const table = NAMED_TABLES[kind];
    const [rows, [count]] = await Promise.all([
      db.select({ id: table.id, nombre: table.nombre }).from(table).orderBy(asc(table.id)).limit(limit).offset(offset),
      db.select({ n: sql<number>`count(*)::int` }).from(table),
    ]);
    return { rows, total: count?.n ?? 0 };
  },

  /** The case screens list companies by name (the Admin's list keeps id order). */
  listCompaniasByName(db: DbOrTx) {
    return db.select({ id: companias.id, nombre: companias.nombre }).from(companias).orderBy(asc(companias.nombre), asc(companias.id));
  },

  async existsNamed(db: DbOrTx, kind: NamedKind, id: number) {
    const table = NAMED_TABLES[kind];
    const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
    return Boolean(row);
  },

  async findNamed(db: DbOrTx, kind: NamedKind, id: number) {
    const table = NAMED_TABLES[kind];
    const [row] = await db.select({ id: table.id, nombre: table.nombre }).from(table).where(eq(table.id, id));
    return row;
  },

  async insertNamed(db: DbOrTx, kind: NamedKind, nombre: string) {
    const table = NAMED_TABLES[kind];
    const [row] = await db.insert(table).values({ nombre }).returning({ id: table.id, nombre: table.nombre });
    return row!;
  },

  async updateNamed(db: DbOrTx, kind: NamedKind, id: number, nombre: string) {
    const table = NAMED_TABLES[kind];
    const [row] = await db.update(table).set({ nombre }).where(eq(table.id, id)).returning({ id: table.id, nombre: table.nombre });
    return row;
  },

  /** The analysts as the case screens' selects and names need them: {id, nombre, apellido}. */
  analistaLookups(db: DbOrTx) {
    return db.select({ id: analistas.id, nombre: analistas.nombre, apellido: analistas.apellido }).from(analistas).orderBy(asc(analistas.apellido), asc(analistas.nombre));
  },

  listAnalistas(db: DbOrTx) {
    return db.select(ANALISTA_ABM).from(analistas).leftJoin(users, eq(users.id, analistas.id_usuario)).orderBy(asc(analistas.apellido), asc(analistas.nombre));
  },

  async findAnalista(db: DbOrTx, id: number) {
    const [row] = await db.select(ANALISTA_ABM).from(analistas).leftJoin(users, eq(users.id, analistas.id_usuario)).where(eq(analistas.id, id));
    return row;
  },

  /** The analyst a user is, if any (the link is one-to-one: analistas_id_usuario_uq). */
  async analistaOfUsuario(db: DbOrTx, idUsuario: number) {
    const [row] = await db.select(ANALISTA_ABM).from(analistas).leftJoin(users, eq(users.id, analistas.id_usuario)).where(eq(analistas.id_usuario, idUsuario));
    return row;
  },

  async insertAnalista(db: DbOrTx, values: { nombre: string; apellido: string; id_usuario?: number | null; disponible?: boolean }) {
    const [row] = await db.insert(analistas).values(values).returning({ id: analistas.id });
    return row!;
  },

  async updateAnalista(db: DbOrTx, id: number, values: { nombre?: string; apellido?: string; id_usuario?: number | null; disponible?: boolean }) {
    await db.update(analistas).set(values).where(eq(analistas.id, id));
  },

  listInspectores(db: DbOrTx) {
    return db.select({ id: inspectores.id, nombre: inspectores.nombre, apellido: inspectores.apellido }).from(inspectores).orderBy(asc(inspectores.apellido), asc(inspectores.nombre));
  },

  async findInspector(db: DbOrTx, id: number) {
    const [row] = await db.select().from(inspectores).where(eq(inspectores.id, id));
    return row;
  },

  // The names are picked: a caller's object may carry more (a user's whole sign-up once did).
  async insertInspector(db: DbOrTx, { nombre, apellido }: { nombre: string; apellido: string }) {
    const [row] = await db.insert(inspectores).values({ nombre, apellido }).returning();
    return row!;
  },

  async updateInspector(db: DbOrTx, id: number, { nombre, apellido }: { nombre: string; apellido: string }) {
    await db.update(inspectores).set({ nombre, apellido }).where(eq(inspectores.id, id));
  },

  listEstados(db: DbOrTx) {
    return db.select({ id: estados.id, nombre: estados.nombre }).from(estados).orderBy(asc(estados.id));
  },

  listProductos(db: DbOrTx) {
    return db.select({ id: productos.id, nombre: productos.nombre }).from(productos).orderBy(asc(productos.id));
  },

  async existsProducto(db: DbOrTx, id: number) {
    const [row] = await db.select({ id: productos.id }).from(productos).where(eq(productos.id, id));
    return Boolean(row);
  },
};
