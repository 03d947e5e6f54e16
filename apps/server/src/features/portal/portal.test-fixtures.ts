import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { insertCaso } from '../../../test/fixtures';
import type { Db } from '../../db/client';
import { portalEnlaces, portalItems } from '../../db/tables/portal';
import { hashSecret, newSecret } from './portal.tokens';

/**
 * Tests of the claimant's side: a link and its asked items written straight to the database, as
 * a staff request would leave them (the live link of the third party revoked first), so those tests
 * do not depend on the staff routes.
 */
export type EnlaceFixture = {
  idCaso: number;
  idTercero: number;
  /** The link's creation time (default: now). */
  creado?: Date;
  /** Default: 30 days after `creado`. */
  expira?: Date;
  revocado?: boolean;
  items?: { tipo: string; nombre: string; explicacion?: string; idRequisito?: number | null }[];
};

export async function insertEnlace(db: Db, fixture: EnlaceFixture): Promise<{ token: string; idEnlace: number; itemIds: number[] }> {
  const creado = fixture.creado ?? new Date();
  const expira = fixture.expira ?? new Date(creado.getTime() + 30 * 86_400_000);
  const token = newSecret();
  return db.transaction(async (tx) => {
    await tx
      .update(portalEnlaces)
      .set({ revocado: creado.toISOString(), revocado_por: 'fixture' })
      .where(and(eq(portalEnlaces.id_tercero, fixture.idTercero), isNull(portalEnlaces.revocado)));
    const [enlace] = await tx
      .insert(portalEnlaces)
      .values({
        id_caso: fixture.idCaso,
        id_tercero: fixture.idTercero,
        token_hash: hashSecret(token),
        creado: creado.toISOString(),
        creado_por: 'fixture@test.local',
        expira: expira.toISOString(),
        revocado: fixture.revocado ? creado.toISOString() : null,
        revocado_por: fixture.revocado ? 'fixture@test.local' : null,
      })
      .returning({ id: portalEnlaces.id });
    const itemIds: number[] = [];
    for (const item of fixture.items ?? []) {
      const [row] = await tx
        .insert(portalItems)
        .values({
          id_caso: fixture.idCaso,
          id_tercero: fixture.idTercero,
          id_requisito: item.idRequisito ?? null,
          tipo: item.tipo,
          nombre: item.nombre,
          explicacion: item.explicacion ?? '',
          solicitado: creado.toISOString(),
        })
        .returning({ id: portalItems.id });
      itemIds.push(row!.id);
    }
    return { token, idEnlace: enlace!.id, itemIds };
  });
}

/** The third party's DNI in a case of `insertCaso` (the first third party's nro_doc). */
export const CLAIMANT_DNI = '30000001';

/**
 * A claimant past the DNI check: a new case with one third party, a live link with `items` asked,
 * the portal cookie its token was exchanged for (as the route × role matrix and the fuzz walk call as 'claimant').
 */
export async function insertClaimant(
  app: FastifyInstance,
  db: Db,
  options: { items?: EnlaceFixture['items']; remoteAddress?: string; creado?: Date } = {},
): Promise<{ cookie: string; token: string; idCaso: number; idTercero: number; idEnlace: number; itemIds: number[] }> {
  const { id: idCaso, terceroIds } = await insertCaso(db, { terceros: 1 });
  const idTercero = terceroIds[0]!;
  const items = options.items ?? [{ tipo: 'DNI', nombre: 'DNI del conductor' }, { tipo: 'Foto', nombre: 'Foto del frente del vehículo' }];
  const enlace = await insertEnlace(db, { idCaso, idTercero, creado: options.creado, items });
  const remoteAddress = options.remoteAddress ?? '127.0.0.1';
  const opened = await app.inject({ method: 'POST', url: '/api/portal/sesion', payload: { token: enlace.token }, remoteAddress });
  const value = opened.cookies.find((cookie) => cookie.name === 'portal_sid')?.value;
  if (opened.statusCode !== 200 || !value) throw new Error(`portal session: ${opened.statusCode} ${opened.body}`);
  const cookie = `portal_sid=${value}`;
  const dni = await app.inject({ method: 'POST', url: '/api/portal/dni', headers: { cookie }, payload: { dni: CLAIMANT_DNI }, remoteAddress });
  if (dni.statusCode !== 200) throw new Error(`portal DNI: ${dni.statusCode} ${dni.body}`);
  return { cookie, token: enlace.token, idCaso, idTercero, idEnlace: enlace.idEnlace, itemIds: enlace.itemIds };
}
