import { and, eq, isNull } from 'drizzle-orm';
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
