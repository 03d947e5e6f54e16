import { sql, type SQL } from 'drizzle-orm';
import { MAX_DUPLICADOS, type DuplicadoMotivo } from '@siniestros/domain';
import type { DbOrTx } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';

/** What a new case is compared on (docs/decisions/080): raw, as typed; drizzle/0039's functions normalise both sides. */
export type DuplicadoClaves = {
  id_compania: number;
  reclamo_nro: string;
  fecha_siniestro: string;
  dominios: readonly string[];
  documentos: readonly string[];
};

export type DuplicadoRow = {
  id: number;
  reclamo_nro: string;
  compania: string;
  fecha_siniestro: string | null;
  estado: string;
  motivo: DuplicadoMotivo;
  /** The existing case's value that matched, as it was stored. */
  valor: string;
  /** The third party's surname (empty for the claim number). */
  apellido: string;
};

/** What the statement is given: the values (EXPLAIN in the test) or the named statement's placeholders. */
type Params = Record<'compania' | 'reclamo' | 'fecha' | 'dominios' | 'documentos', unknown>;

/**
 * The existing cases that may be the same loss, newest first, one row per case and reason: three
 * lookups on drizzle/0039's expression indexes (casos by company and claim number; terceros by
 * plate and by document, then their case's loss date by its primary key). The plates and documents
 * are array parameters, so the text never changes whatever the number of third parties.
 */
function duplicadosSql(p: Params): SQL {
  return sql`
    select m.id, m.orden, c.reclamo_nro, co.nombre as compania, c.fecha_siniestro::text as fecha_siniestro, e.nombre as estado,
      m.motivo, m.valor, m.apellido
    from (
      select distinct on (k.id, k.orden) k.id, k.orden, k.motivo, k.valor, k.apellido
      from (
        select c.id, 1 as orden, 'reclamo' as motivo, c.reclamo_nro as valor, '' as apellido
        from casos c
        where c.id_compania = ${p.compania}::int and duplicado_clave(c.reclamo_nro) = duplicado_clave(${p.reclamo}::text)
        union all
        select t.id_caso, 2, 'dominio', t.dominio, t.apellido
        from terceros t join casos c on c.id = t.id_caso
        where duplicado_clave(t.dominio) = any(array(select duplicado_clave(v) from unnest(${p.dominios}::text[]) v))
          and c.fecha_siniestro = ${p.fecha}::date
        union all
        select t.id_caso, 3, 'documento', t.nro_doc, t.apellido
        from terceros t join casos c on c.id = t.id_caso
        where duplicado_documento(t.nro_doc) = any(array(select duplicado_documento(v) from unnest(${p.documentos}::text[]) v))
          and c.fecha_siniestro = ${p.fecha}::date
      ) k
      order by k.id desc, k.orden, k.valor
      limit ${sql.raw(String(MAX_DUPLICADOS))}
    ) m
    join casos c on c.id = m.id
    join companias co on co.id = c.id_compania
    join estados e on e.id = c.id_estado
    order by m.id desc, m.orden`;
}

const paramsOf = (claves: DuplicadoClaves) => ({
  compania: claves.id_compania,
  reclamo: claves.reclamo_nro,
  fecha: claves.fecha_siniestro,
  dominios: [...claves.dominios],
  documentos: [...claves.documentos],
});

/** The statement with these values written in as parameters: what the test EXPLAINs. */
export function duplicadosQuery(claves: DuplicadoClaves): SQL {
  const values = paramsOf(claves);
  return duplicadosSql({ ...values, dominios: sql.param(values.dominios), documentos: sql.param(values.documentos) });
}

/**
 * Named, so each connection parses it once and keeps its plan: unnamed, PostgreSQL planned it on
 * every creation (1-2 ms of planning for 0.2 ms of lookups at 1M cases; docs/decisions/080).
 */
const duplicadosStatement = preparedPerDatabase((db) =>
  db
    .select({
      id: sql<number>`d.id`,
      reclamo_nro: sql<string>`d.reclamo_nro`,
      compania: sql<string>`d.compania`,
      fecha_siniestro: sql<string | null>`d.fecha_siniestro`,
      estado: sql<string>`d.estado`,
      motivo: sql<DuplicadoMotivo>`d.motivo`,
      valor: sql<string>`d.valor`,
      apellido: sql<string>`d.apellido`,
    })
    .from(
      sql`(${duplicadosSql({
        compania: sql.placeholder('compania'),
        reclamo: sql.placeholder('reclamo'),
        fecha: sql.placeholder('fecha'),
        dominios: sql.placeholder('dominios'),
        documentos: sql.placeholder('documentos'),
      })}) as d`,
    )
    .orderBy(sql`d.id desc, d.orden`)
    .prepare('casos_duplicados'),
);

export const casosDuplicadosRepository = {
  async find(db: DbOrTx, claves: DuplicadoClaves): Promise<DuplicadoRow[]> {
    const rows = await duplicadosStatement(db).execute(paramsOf(claves));
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  },
};
