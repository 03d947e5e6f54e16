/**
 * What the benchmark asks the server, with parameters taken from the loaded data (the most
 * common surname, a plate fragment, a DNI, a claim number...), and the target each one is held to.
 */
import { COUNT_CAP, INSPECCION_ESTADOS, normalizeSearch } from '@siniestros/domain';
import { DEMO_MOST_COMMON_APELLIDO, DEMO_RARE_APELLIDO } from '../apps/server/src/demo/demo-data';
import { COLLECT_COST_PER_MATCH } from '../apps/server/src/features/casos/casos.list.repository';

export type HttpRequest = { method: 'GET' | 'POST' | 'PATCH'; path: string; body?: unknown };

/** p95 at 1 connection, ms; every read is also held to TARGETS.readRps at 20 connections. */
export type Target = { p95Ms: number };

export type Scenario = {
  key: string;
  title: string;
  /** One request, or several that the connections cycle through (case detail). */
  requests: HttpRequest[];
  target?: Target;
};

/** Values read from the database that the scenarios need. */
export type Probes = {
  cases: number;
  lastPage: number;
  /** Open cases ('Vigentes') and the last page of their list. */
  vigentes: number;
  vigentesLastPage: number;
  apellido: string;
  /** The rarest surname of the demo's distribution, and how many cases it matches. */
  rareApellido: string;
  rareApellidoCases: number;
  /**
   * The surname whose matches are nearest where walking to a capped search's last page and
   * collecting every match cost the same (docs/decisions/069): its deepest page is the dearest.
   */
  evenApellido: string;
  evenApellidoCases: number;
  plateFragment: string;
  dni: string;
  reclamo: string;
  detailIds: number[];
  threeFilters: { estado: string; compania: string; analista: string };
  valores: { fechaDesde: string; fechaHasta: string };
  inspecciones: { estado: string; inspector: string; fechaDesde: string; fechaHasta: string };
  /** The inspection state fewest inspections have (none may), and how many: a state alone is the filter that walked them all. */
  rareInspeccionEstado: { estado: string; inspecciones: number };
  audiencias: { compania: string; fechaDesde: string; fechaHasta: string };
  /** The product most inspections' cases have. */
  inspeccionProducto: string;
  /** Four digits of a hearing's number: the filter by number (contains). */
  audienciaNro: string;
  /** Every inspection, every hearing and the team's open tasks: the last page of each list. */
  inspeccionesLastPage: number;
  audienciasLastPage: number;
  tareasLastPage: number;
  exportFilter: { fechaDesde: string };
  exportRows: number;
};

const PAGE_SIZE = 20;
export const LIST_PAGE_SIZE = PAGE_SIZE;
const page = (n: number) => `page=${n}&pageSize=${PAGE_SIZE}`;
const lastPageOf = (rows: number) => Math.max(1, Math.ceil(rows / PAGE_SIZE));
const quick = (term: string, n = 1): HttpRequest => ({ method: 'POST', path: `/api/casos/filtro/?${page(n)}`, body: { busquedaRapida: term } });
/** The filter panel's surname (the insured party's or a third party's), page n. */
/** A page of the filter panel's 'Apellido' or 'Dominio' alone. */
const personaPage = (field: 'apellido' | 'dominio', value: string, n: number): HttpRequest => ({ method: 'POST', path: `/api/casos/filtro/?${page(n)}`, body: { [field]: value } });

/** The targets of the issue (p95 at 1 connection unless said otherwise). */
export const TARGETS = {
  listFirst: { p95Ms: 10 },
  /** Every read at 20 connections (issue 17 item 2 at 1M on PostgreSQL; item 5 on PGlite at 50k). */
  readRps: { postgres: 1000, pglite: 300 },
  filters: { p95Ms: 10 },
  /** One round trip (issue 17 item 2). */
  detail: { p95Ms: 5 },
  /** Any page of any list, filter or search (issue 17 item 1). */
  anyPage: { p95Ms: 50 },
  rareSearch: { p95Ms: 25 },
  /** Issue 17 item 2. */
  commonSearch: { p95Ms: 30 },
  /** Issue 17 item 4 (issue 6 asked for 10 s), under load too. */
  exportSeconds: 5,
  exportRssMb: 250,
  loginJsKb: 150,
  listJsKb: 300,
} as const;

const vigentesPage = (n: number): HttpRequest => ({ method: 'POST', path: `/api/casos/filtro/?${page(n)}`, body: { condCasos: '1' } });

/** The last page a capped filter offers (10,000 matches at 20 a page): the deepest a person can ask for. */
const CAPPED_LAST_PAGE = 500;
const plazoPage = (plazo: 'vencido' | 'por_vencer', n: number): HttpRequest => ({ method: 'POST', path: `/api/casos/filtro/?${page(n)}`, body: { plazo } });

export function scenarios(probes: Probes): Scenario[] {
  const page500 = Math.min(500, probes.lastPage);
  const middle = Math.max(1, Math.ceil(probes.lastPage / 2));
  const vigentesMiddle = Math.max(1, Math.ceil(probes.vigentesLastPage / 2));
  const valoresMiddle = Math.max(1, Math.ceil((probes.cases - probes.vigentes) / PAGE_SIZE / 2));
  return [
    { key: 'list-1', title: 'Case list, page 1', requests: [{ method: 'GET', path: `/api/casos/?${page(1)}` }], target: TARGETS.listFirst },
    {
      key: 'list-500',
      title: `Case list, page ${page500}`,
      requests: [{ method: 'GET', path: `/api/casos/?${page(page500)}` }],
      target: TARGETS.anyPage,
    },
    {
      key: 'list-last',
      title: `Case list, last page (${probes.lastPage})`,
      requests: [{ method: 'GET', path: `/api/casos/?${page(probes.lastPage)}` }],
      target: TARGETS.anyPage,
    },
    {
      key: 'list-middle',
      title: `Case list, middle page (${middle})`,
      requests: [{ method: 'GET', path: `/api/casos/?${page(middle)}` }],
      target: TARGETS.anyPage,
    },
    { key: 'vigentes-1', title: "'Vigentes', page 1", requests: [vigentesPage(1)], target: TARGETS.anyPage },
    {
      key: 'vigentes-middle',
      title: `'Vigentes', middle page (${vigentesMiddle})`,
      requests: [vigentesPage(vigentesMiddle)],
      target: TARGETS.anyPage,
    },
    {
      key: 'vigentes-last',
      title: `'Vigentes', last page (${probes.vigentesLastPage})`,
      requests: [vigentesPage(probes.vigentesLastPage)],
      target: TARGETS.anyPage,
    },
    {
      key: 'search-rare-apellido',
      title: `Quick search, rare surname (${probes.rareApellido}, ${probes.rareApellidoCases} cases)`,
      requests: [quick(probes.rareApellido)],
      target: TARGETS.rareSearch,
    },
    {
      key: 'search-apellido',
      title: `Quick search, most common surname (${probes.apellido})`,
      requests: [quick(probes.apellido)],
      target: TARGETS.commonSearch,
    },
    {
      key: 'search-apellido-deep',
      title: `Quick search, most common surname (${probes.apellido}), page ${CAPPED_LAST_PAGE}`,
      requests: [quick(probes.apellido, CAPPED_LAST_PAGE)],
      target: TARGETS.anyPage,
    },
    {
      key: 'search-even-deep',
      title: `Quick search, page ${CAPPED_LAST_PAGE} of the dearest surname (${probes.evenApellido}, ${probes.evenApellidoCases} cases)`,
      requests: [quick(probes.evenApellido, CAPPED_LAST_PAGE)],
      target: TARGETS.anyPage,
    },
    {
      key: 'filter-apellido',
      title: `Filter 'Apellido', most common surname (${probes.apellido})`,
      requests: [personaPage('apellido', probes.apellido, 1)],
      target: TARGETS.commonSearch,
    },
    {
      key: 'filter-apellido-deep',
      title: `Filter 'Apellido', most common surname (${probes.apellido}), page ${CAPPED_LAST_PAGE}`,
      requests: [personaPage('apellido', probes.apellido, CAPPED_LAST_PAGE)],
      target: TARGETS.anyPage,
    },
    {
      key: 'filter-dominio',
      title: `Filter 'Dominio', plate fragment (${probes.plateFragment})`,
      requests: [personaPage('dominio', probes.plateFragment, 1)],
      target: TARGETS.rareSearch,
    },
    {
      key: 'search-plate',
      title: `Quick search, plate fragment (${probes.plateFragment})`,
      requests: [quick(probes.plateFragment)],
      target: TARGETS.rareSearch,
    },
    { key: 'search-dni', title: 'Quick search, full DNI', requests: [quick(probes.dni)], target: TARGETS.rareSearch },
    { key: 'search-claim', title: 'Quick search, full claim number', requests: [quick(probes.reclamo)], target: TARGETS.rareSearch },
    {
      key: 'filter-3',
      title: 'Filter: status + company + analyst',
      requests: [{ method: 'POST', path: `/api/casos/filtro/?${page(1)}`, body: probes.threeFilters }],
      target: TARGETS.filters,
    },
    {
      key: 'detail',
      title: 'Case detail',
      requests: probes.detailIds.map((id) => ({ method: 'GET' as const, path: `/api/casos/${id}` })),
      target: TARGETS.detail,
    },
    {
      key: 'valores',
      title: 'Values report, closing-date range',
      requests: [{ method: 'POST', path: `/api/casos/filtrovalores/?${page(1)}`, body: { compania: '', ...probes.valores } }],
    },
    {
      // The deepest page to reach: the middle of every closed case (either end is read directly).
      key: 'valores-middle',
      title: `Values report, all closed cases, middle page (${valoresMiddle})`,
      requests: [{ method: 'GET', path: `/api/casos/valores/?${page(valoresMiddle)}` }],
      target: TARGETS.anyPage,
    },
    // Issue 18: the Tablero, 'Mis tareas' and the Plazo filter (docs/decisions/052).
    { key: 'tablero', title: 'Tablero', requests: [{ method: 'GET', path: '/api/tablero' }], target: TARGETS.anyPage },
    { key: 'tareas-mias', title: "'Mis tareas', Todas", requests: [{ method: 'GET', path: `/api/tareas?vista=todas&${page(1)}` }], target: TARGETS.anyPage },
    {
      key: 'tareas-equipo',
      title: "'Mis tareas', the team's Vencidas",
      requests: [{ method: 'GET', path: `/api/tareas?vista=vencidas&equipo=1&${page(1)}` }],
      target: TARGETS.anyPage,
    },
    {
      key: 'tareas-equipo-middle',
      title: `'Mis tareas', all the team's, middle page (${Math.ceil(probes.tareasLastPage / 2)})`,
      requests: [{ method: 'GET', path: `/api/tareas?vista=todas&equipo=1&${page(Math.ceil(probes.tareasLastPage / 2))}` }],
      target: TARGETS.anyPage,
    },
    { key: 'plazo-vencido-1', title: "Filter 'Plazo vencido', page 1", requests: [plazoPage('vencido', 1)], target: TARGETS.anyPage },
    {
      key: 'plazo-vencido-deep',
      title: `Filter 'Plazo vencido', page ${CAPPED_LAST_PAGE}`,
      requests: [plazoPage('vencido', CAPPED_LAST_PAGE)],
      target: TARGETS.anyPage,
    },
    { key: 'plazo-por-vencer-1', title: "Filter 'Plazo por vencer', page 1", requests: [plazoPage('por_vencer', 1)], target: TARGETS.anyPage },
    { key: 'inspecciones', title: 'All inspections', requests: [{ method: 'GET', path: `/api/inspeccion/all/?${page(1)}` }] },
    {
      key: 'inspecciones-filtro',
      title: 'All inspections, filtered (state + inspector + dates)',
      requests: [{ method: 'POST', path: `/api/inspeccion/filtro/?${page(1)}`, body: probes.inspecciones }],
    },
    {
      key: 'inspecciones-estado',
      title: `All inspections, the rarest state alone (${probes.rareInspeccionEstado.estado}: ${probes.rareInspeccionEstado.inspecciones})`,
      requests: [{ method: 'POST', path: `/api/inspeccion/filtro/?${page(1)}`, body: { estado: probes.rareInspeccionEstado.estado } }],
      target: TARGETS.anyPage,
    },
    {
      key: 'inspecciones-producto',
      title: 'All inspections, filtered by the commonest product',
      requests: [{ method: 'POST', path: `/api/inspeccion/filtro/?${page(1)}`, body: { producto: probes.inspeccionProducto } }],
      target: TARGETS.anyPage,
    },
    {
      key: 'inspecciones-middle',
      title: `All inspections, middle page (${Math.ceil(probes.inspeccionesLastPage / 2)})`,
      requests: [{ method: 'GET', path: `/api/inspeccion/all/?${page(Math.ceil(probes.inspeccionesLastPage / 2))}` }],
      target: TARGETS.anyPage,
    },
    { key: 'audiencias', title: 'All hearings', requests: [{ method: 'GET', path: `/api/mediacion/?${page(1)}` }] },
    {
      // What the hearings screen opens on: the agenda's coming half.
      key: 'audiencias-proximas',
      title: 'Hearings, the agenda ahead (Próximas)',
      requests: [{ method: 'GET', path: `/api/mediacion/?${page(1)}&cuando=proximas` }],
    },
    {
      key: 'audiencias-middle',
      title: `All hearings, middle page (${Math.ceil(probes.audienciasLastPage / 2)})`,
      requests: [{ method: 'GET', path: `/api/mediacion/?${page(Math.ceil(probes.audienciasLastPage / 2))}` }],
      target: TARGETS.anyPage,
    },
    {
      key: 'audiencias-numero',
      title: `All hearings, filtered by number (contains ${probes.audienciaNro})`,
      requests: [{ method: 'POST', path: `/api/mediacion/filter/?${page(1)}`, body: { audienciaNro: probes.audienciaNro } }],
      target: TARGETS.anyPage,
    },
    {
      key: 'audiencias-filtro',
      title: 'All hearings, filtered (company + dates)',
      requests: [{ method: 'POST', path: `/api/mediacion/filter/?${page(1)}`, body: probes.audiencias }],
    },
  ];
}

/**
 * The mixed load (issue 17 item 2): half the connections search the commonest surname, the other
 * half list page 1; page 1's p99 must stay ≤ 25 ms.
 */
export const MIXED_TARGET = { listingP99Ms: 25 } as const;
/** Issue 17 item 3: 20 connections writing, with no deadlock and exact counters afterwards. */
export const WRITES_TARGET = { perSecond: 500 } as const;

export function mixedLoad(probes: Probes, connections: number) {
  const half = Math.max(1, Math.floor(connections / 2));
  return [
    { key: 'searching', title: `Searching the commonest surname (${probes.apellido})`, requests: [quick(probes.apellido)], connections: half },
    { key: 'listing', title: 'Listing page 1', requests: [{ method: 'GET' as const, path: `/api/casos/?${page(1)}` }], connections: Math.max(1, connections - half) },
  ];
}

export function exportRequest(probes: Probes): HttpRequest {
  return { method: 'POST', path: '/api/casos/export', body: { formato: 'excel', ...probes.exportFilter } };
}

type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** The number of cases whose `busqueda` holds the surname. */
async function casesHolding(one: (text: string, params?: unknown[]) => Promise<Record<string, unknown>>, apellido: string): Promise<number> {
  return Number((await one('SELECT count(*)::int AS n FROM casos WHERE busqueda LIKE $1', [`%${normalizeSearch(apellido)}%`])).n);
}

/**
 * The surname whose cases are nearest sqrt(COUNT_CAP × cases / COLLECT_COST_PER_MATCH), where the
 * walk to the capped total's last page and the collection of every match cost the same (decision
 * 069). Counting each surname's cases would read every case per surname: the insured parties'
 * counts are scaled by the commonest surname's cases per insured party instead.
 */
async function evenApellido(one: (text: string, params?: unknown[]) => Promise<Record<string, unknown>>, cases: number) {
  const target = Math.sqrt((COUNT_CAP * cases) / COLLECT_COST_PER_MATCH);
  const common = Number((await one('SELECT count(*)::int AS n FROM asegurados WHERE apellido = $1', [DEMO_MOST_COMMON_APELLIDO])).n);
  const perAsegurado = common > 0 ? (await casesHolding(one, DEMO_MOST_COMMON_APELLIDO)) / common : 1;
  const nearest = await one('SELECT apellido FROM asegurados GROUP BY 1 HAVING count(*) * $2::float8 > $3 ORDER BY abs(count(*) * $2::float8 - $1), 1 LIMIT 1', [
    target,
    perAsegurado,
    COUNT_CAP,
  ]);
  const apellido = String(nearest.apellido ?? DEMO_MOST_COMMON_APELLIDO);
  return { apellido, cases: await casesHolding(one, apellido) };
}

/** Picks the scenario parameters from the loaded data (deterministic: no random choice). */
export async function findProbes(query: Query, exportTarget: number): Promise<Probes> {
  const one = async (text: string, params?: unknown[]) => (await query(text, params))[0] ?? {};
  const cases = Number((await one('SELECT count(*)::int AS n FROM casos')).n);
  const [middle] = await query('SELECT id FROM casos ORDER BY id OFFSET $1 LIMIT 1', [Math.floor(cases / 2)]);
  const middleId = Number(middle?.id ?? 1);
  const tercero = await one(
    'SELECT t.nro_doc, t.dominio, c.reclamo_nro FROM terceros t JOIN casos c ON c.id = t.id_caso WHERE t.id_caso >= $1 AND t.dominio ~ $2 ORDER BY t.id_caso LIMIT 1',
    [middleId, '^[A-Z]{2}[0-9]{3}[A-Z]{2}$'],
  );
  const detail = await query('SELECT id FROM casos WHERE id >= $1 ORDER BY id LIMIT 50', [middleId]);
  // Three filters that a handler would combine: the busiest company, an analyst, Ofrecimiento.
  const compania = await one('SELECT id_compania AS id FROM casos GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1');
  const analista = await one(
    'SELECT id_analista AS id FROM casos WHERE id_analista IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1',
  );
  const newest = String((await one('SELECT max(fecha_creado)::text AS d FROM casos')).d ?? '2026-01-01');
  const yearBefore = (iso: string, years: number) => `${Number(iso.slice(0, 4)) - years}${iso.slice(4)}`;
  const inspector = await one('SELECT id_inspector AS id FROM inspecciones GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1');
  const hearing = await one("SELECT mediacion_nro AS nro FROM audiencias WHERE mediacion_nro ~ '^[0-9]{6}' ORDER BY id OFFSET $1 LIMIT 1", [
    Math.floor(Number((await one('SELECT count(*)::int AS n FROM audiencias')).n) / 2),
  ]);
  const rareEstado = await one(
    'SELECT e.estado, (SELECT count(*)::int FROM inspecciones i WHERE i.estado = e.estado) AS n FROM unnest($1::text[]) AS e(estado) ORDER BY 2, 1 LIMIT 1',
    [Object.values(INSPECCION_ESTADOS)],
  );
  const exportFrom = await one('SELECT fecha_creado::text AS d FROM casos ORDER BY id DESC OFFSET $1 LIMIT 1', [
    Math.max(0, Math.min(exportTarget, cases) - 1),
  ]);
  const exportFilter = { fechaDesde: String(exportFrom.d ?? '1900-01-01') };
  const exportRows = Number((await one('SELECT count(*)::int AS n FROM casos WHERE fecha_creado >= $1', [exportFilter.fechaDesde])).n);
  const plate = String(tercero.dominio ?? 'AB123CD');
  const vigentes = Number((await one('SELECT total AS n FROM caso_contadores WHERE NOT cerrado')).n ?? 0);
  const rareApellidoCases = await casesHolding(one, DEMO_RARE_APELLIDO);
  const even = await evenApellido(one, cases);
  return {
    cases,
    lastPage: lastPageOf(cases),
    vigentes,
    vigentesLastPage: lastPageOf(vigentes),
    apellido: DEMO_MOST_COMMON_APELLIDO,
    rareApellido: DEMO_RARE_APELLIDO,
    rareApellidoCases,
    evenApellido: even.apellido,
    evenApellidoCases: even.cases,
    plateFragment: plate.slice(0, 5),
    dni: String(tercero.nro_doc ?? '12345678'),
    reclamo: String(tercero.reclamo_nro ?? '1'),
    detailIds: detail.map((row) => Number(row.id)),
    threeFilters: { estado: '4', compania: String(compania.id ?? ''), analista: String(analista.id ?? '') },
    valores: { fechaDesde: yearBefore(newest, 1), fechaHasta: newest },
    inspecciones: { estado: 'Finalizada', inspector: String(inspector.id ?? ''), fechaDesde: yearBefore(newest, 1), fechaHasta: newest },
    audiencias: { compania: String(compania.id ?? ''), fechaDesde: yearBefore(newest, 1), fechaHasta: newest },
    audienciaNro: String(hearing.nro ?? '1234').slice(1, 5),
    inspeccionProducto: String(
      (await one('SELECT c.id_producto AS id FROM inspecciones i JOIN casos c ON c.id = i.id_caso WHERE c.id_producto IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1')).id ?? '',
    ),
    rareInspeccionEstado: { estado: String(rareEstado.estado), inspecciones: Number(rareEstado.n) },
    inspeccionesLastPage: lastPageOf(Number((await one('SELECT count(*)::int AS n FROM inspecciones')).n)),
    audienciasLastPage: lastPageOf(Number((await one('SELECT count(*)::int AS n FROM audiencias')).n)),
    tareasLastPage: lastPageOf(Number((await one('SELECT count(*)::int AS n FROM tareas WHERE hecha IS NULL')).n)),
    exportFilter,
    exportRows,
  };
}
