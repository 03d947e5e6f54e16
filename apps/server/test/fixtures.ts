import { sql } from 'drizzle-orm';
import { todayIso } from '@siniestros/domain';
import type { Db } from '../src/db/client';
import { asegurados, casos, terceros } from '../src/db/tables/casos';
import { historial } from '../src/db/tables/historial';
import { companias } from '../src/db/tables/reference';

export type CasoFixture = {
  idEstado?: number;
  terceros?: number;
  usuario?: string;
  reclamoNro?: string;
  idCompania?: number;
  idProducto?: number | null;
  fechaCierre?: string | null;
  valorOfertado?: string | null;
  valorAcordado?: string | null;
};

/**
 * A case written straight to the database (with its insured party, third parties and the
 * 'Alta caso' row), for tests whose subject is not case creation itself.
 */
export async function insertCaso(
  db: Db,
  fixture: CasoFixture = {},
): Promise<{ id: number; idAsegurado: number; idCompania: number; terceroIds: number[] }> {
  const idCompania = fixture.idCompania ?? (await ensureCompania(db));
  return db.transaction(async (tx) => {
    const [asegurado] = await tx
      .insert(asegurados)
      .values({ apellido: 'González', nombre: 'María José', id_tipo_doc: 1, nro_doc: '28123456', marca_modelo: 'Ford Ka', dominio: 'AB123CD' })
      .returning({ id: asegurados.id });
    const [caso] = await tx
      .insert(casos)
      .values({
        id_compania: idCompania,
        reclamo_nro: fixture.reclamoNro ?? String(100000 + Math.floor(Math.random() * 900000)),
        gestor: 'Gestor Test',
        fecha_creado: todayIso(),
        fecha_siniestro: '2026-10-01',
        fecha_denuncia: '2026-10-02',
        usuario: fixture.usuario ?? 'fixture@test.local',
        id_estado: fixture.idEstado ?? 1,
        fecha_estado: todayIso(),
        id_asegurado: asegurado!.id,
        id_producto: fixture.idProducto ?? null,
        fecha_cierre: fixture.fechaCierre ?? null,
        valor_ofertado: fixture.valorOfertado ?? null,
        valor_acordado: fixture.valorAcordado ?? null,
        busqueda: 'gonzalez maria jose 28123456 ab123cd',
      })
      .returning({ id: casos.id });
    const terceroIds: number[] = [];
    for (let orden = 1; orden <= (fixture.terceros ?? 1); orden++) {
      const [tercero] = await tx
        .insert(terceros)
        .values({
          id_caso: caso!.id,
          orden,
          apellido: `Tercero${orden}`,
          nombre: 'Juan',
          id_tipo_doc: 1,
          nro_doc: `3000000${orden}`,
          marca_modelo: 'Fiat Cronos',
          dominio: `AC${orden}00ZZ`,
        })
        .returning({ id: terceros.id });
      terceroIds.push(tercero!.id);
    }
    await tx.insert(historial).values({ id_caso: caso!.id, usuario: fixture.usuario ?? 'fixture@test.local', msg: 'Alta caso' });
    return { id: caso!.id, idAsegurado: asegurado!.id, idCompania, terceroIds };
  });
}

/**
 * `copies` more cases copied from case `id` (same insured party, no third parties or history):
 * many cases quickly, in statements of at most `perStatement` so that none nears the statement
 * timeout on a busy machine. Their ids follow in order.
 */
export async function copyCaso(db: Db, id: number, copies: number, perStatement = 5_000): Promise<void> {
  for (let done = 0; done < copies; done += perStatement) {
    await db.execute(sql`
      insert into casos (id_compania, reclamo_nro, gestor, fecha_creado, fecha_siniestro, fecha_denuncia, usuario, id_estado, fecha_estado, id_asegurado, busqueda)
      select id_compania, reclamo_nro, gestor, fecha_creado, fecha_siniestro, fecha_denuncia, usuario, id_estado, fecha_estado, id_asegurado, busqueda
      from casos, generate_series(1, ${Math.min(perStatement, copies - done)}::int) where id = ${id}`);
  }
}

export async function ensureCompania(db: Db, nombre = 'Compañía Test'): Promise<number> {
  const existing = await db.execute<{ id: number }>(sql`SELECT id FROM companias WHERE nombre = ${nombre} LIMIT 1`);
  const rows = (existing as unknown as { rows: { id: number }[] }).rows;
  if (rows[0]) return Number(rows[0].id);
  const [row] = await db.insert(companias).values({ nombre }).returning({ id: companias.id });
  return row!.id;
}
