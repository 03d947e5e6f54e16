import { and, asc, desc, eq, gt, gte, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { sessions, users } from '../../db/tables/users';

const publicColumns = {
  id: users.id,
  apellido: users.apellido,
  nombre: users.nombre,
  username: users.username,
  rol: users.rol,
  id_tipo_usuario: users.rol,
  id_inspect: users.id_inspect,
  activo: users.activo,
  limite_ofrecimiento: users.limite_ofrecimiento,
  totp: sql<boolean>`${users.totp_secret} is not null`,
  /** The analyst this user is (docs/decisions/083), by the one-to-one link's unique index. */
  // Written out: Drizzle leaves a column of a one-table select unqualified, and bare "id" would be the analyst's.
  id_analista: sql<number | null>`(select a.id from analistas a where a.id_usuario = "usuarios"."id")`,
};

export type UserRow = typeof users.$inferSelect;

/** The session and its user, read by every signed-in request. */
const selectSession = preparedPerDatabase((db) =>
  db
    .select({
      sessionId: sessions.id,
      expira: sessions.expira,
      ultimoUso: sessions.ultimo_uso,
      creado: sessions.creado,
      id: users.id,
      username: users.username,
      nombre: users.nombre,
      apellido: users.apellido,
      rol: users.rol,
      idInspect: users.id_inspect,
      hasTotp: sql<boolean>`${users.totp_secret} is not null`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expira, sql.placeholder('now')), eq(users.activo, true)))
    .prepare('session_user'),
);

const liveSessionsOf = (userId: number, window: { now: Date; idleSince: Date }) =>
  and(eq(sessions.user_id, userId), gt(sessions.expira, window.now), gte(sessions.ultimo_uso, window.idleSince));

export const usersRepository = {
  list(db: DbOrTx) {
    return db.select(publicColumns).from(users).orderBy(asc(users.id));
  },

  async findPublicById(db: DbOrTx, id: number) {
    const [row] = await db.select(publicColumns).from(users).where(eq(users.id, id));
    return row;
  },

  async findByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
    return row;
  },

  async count(db: DbOrTx): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
    return row?.n ?? 0;
  },

  async insert(db: DbOrTx, values: typeof users.$inferInsert) {
    const [row] = await db.insert(users).values(values).returning({ id: users.id });
    return row!.id;
  },

  async update(db: DbOrTx, id: number, values: Partial<typeof users.$inferInsert>) {
    const rows = await db.update(users).set(values).where(eq(users.id, id)).returning({ id: users.id });
    return rows.length > 0;
  },

  async insertSession(db: DbOrTx, values: typeof sessions.$inferInsert) {
    await db.insert(sessions).values(values);
  },

  async findSession(db: DbOrTx, id: string, now: Date) {
    const [row] = await selectSession(db).execute({ id, now });
    return row;
  },

  /** Refresh: the same row under a new token hash, so its public id, address and device stay. */
  async renameSession(db: DbOrTx, id: string, newId: string, now: Date): Promise<boolean> {
    const rows = await db.update(sessions).set({ id: newId, ultimo_uso: now }).where(eq(sessions.id, id)).returning({ id: sessions.id });
    return rows.length > 0;
  },

  /** A user's live sessions (neither expired nor idle since `idleSince`), last used first; served by sesiones_user_idx. */
  pageUserSessions(db: DbOrTx, userId: number, currentId: string, window: { now: Date; idleSince: Date }, limit: number, offset: number) {
    return db
      .select({
        ref: sessions.ref,
        ip: sessions.ip,
        userAgent: sessions.user_agent,
        creado: sessions.creado,
        ultimoUso: sessions.ultimo_uso,
        expira: sessions.expira,
        isCurrent: sql<boolean>`${sessions.id} = ${currentId}`,
      })
      .from(sessions)
      .where(liveSessionsOf(userId, window))
      .orderBy(desc(sessions.ultimo_uso), desc(sessions.creado))
      .limit(limit)
      .offset(offset);
  },

  async countUserSessions(db: DbOrTx, userId: number, window: { now: Date; idleSince: Date }): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sessions).where(liveSessionsOf(userId, window));
    return row?.n ?? 0;
  },

  /** Deletes the user's session with public id `ref`; returns its token hash, or null when there is none. */
  async deleteUserSession(db: DbOrTx, userId: number, ref: string): Promise<string | null> {
    const [row] = await db.delete(sessions).where(and(eq(sessions.user_id, userId), eq(sessions.ref, ref))).returning({ id: sessions.id });
    return row?.id ?? null;
  },

  /**
   * The active Admins, locked until the transaction ends: two Admins demoting each other at once
   * wait for one another, so one Admin always stays (the last-Admin rule).
   */
  async lockActiveAdmins(db: DbOrTx, rol: number): Promise<number[]> {
    const rows = await db.select({ id: users.id }).from(users).where(and(eq(users.rol, rol), eq(users.activo, true))).for('update');
    return rows.map((row) => row.id);
  },

  async touchSession(db: DbOrTx, id: string, now: Date) {
    await db.update(sessions).set({ ultimo_uso: now }).where(eq(sessions.id, id));
  },

  async deleteSession(db: DbOrTx, id: string) {
    await db.delete(sessions).where(eq(sessions.id, id));
  },

  async deleteUserSessions(db: DbOrTx, userId: number) {
    await db.delete(sessions).where(eq(sessions.user_id, userId));
  },

  async deleteOtherSessions(db: DbOrTx, userId: number, keepSessionId: string) {
    await db.delete(sessions).where(and(eq(sessions.user_id, userId), ne(sessions.id, keepSessionId)));
  },

  async findById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  },

  async setTotpPending(db: DbOrTx, id: number, secret: string) {
    await db.update(users).set({ totp_pending_secret: secret }).where(eq(users.id, id));
  },

  /** The pending secret becomes the user's second factor; `step` is the code just used. */
  async enableTotp(db: DbOrTx, id: number, secret: string, step: number) {
    await db.update(users).set({ totp_secret: secret, totp_pending_secret: null, totp_last_step: step }).where(eq(users.id, id));
  },

  async clearTotp(db: DbOrTx, id: number) {
    await db.update(users).set({ totp_secret: null, totp_pending_secret: null, totp_last_step: null }).where(eq(users.id, id));
  },

  /**
   * Accepts a TOTP time step once: true only if no code of this step or a later one was used
   * before. One conditional UPDATE, so two requests with the same code cannot both win.
   */
  async consumeTotpStep(db: DbOrTx, id: number, step: number): Promise<boolean> {
    const rows = await db
      .update(users)
      .set({ totp_last_step: step })
      .where(and(eq(users.id, id), or(isNull(users.totp_last_step), lt(users.totp_last_step, step))))
      .returning({ id: users.id });
    return rows.length > 0;
  },

  async deleteExpiredSessions(db: DbOrTx, now: Date) {
    await db.delete(sessions).where(sql`${sessions.expira} <= ${now}`);
  },

  /** Unlock links (table desbloqueos, migration 0037, docs/decisions/079): only the token's hash is kept. */
  async lastUnlockSince(db: DbOrTx, usuario: string, since: Date): Promise<boolean> {
    const result = (await db.execute(sql`select 1 from desbloqueos where usuario = ${usuario} and creado > ${since} limit 1`)) as unknown as { rows: unknown[] };
    return result.rows.length > 0;
  },

  async insertUnlock(db: DbOrTx, values: { hash: string; usuario: string; creado: Date; vence: Date }) {
    await db.execute(sql`delete from desbloqueos where vence <= ${values.creado}`);
    await db.execute(sql`insert into desbloqueos (hash, usuario, creado, vence) values (${values.hash}, ${values.usuario}, ${values.creado}, ${values.vence})`);
  },

  /** The username of a live link, which is used up by the same statement (single use), or null. */
  async consumeUnlock(db: DbOrTx, hash: string, now: Date): Promise<string | null> {
    const result = (await db.execute(sql`delete from desbloqueos where hash = ${hash} and vence > ${now} returning usuario`)) as unknown as {
      rows: { usuario: string }[];
    };
    return result.rows[0]?.usuario ?? null;
  },
};
