import { lazy, Suspense, type ReactNode } from 'react';
import { Anchor, Loader, SimpleGrid, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  COND_CASOS,
  SIN_ANALISTA,
  TABLERO_INSPECCION_ATRASADA_DIAS,
  TABLERO_TRAMOS,
  formatDate,
  formatDateTime,
  tableroFiltroAntiguedad,
  tableroFiltroAudiencias,
  tableroFiltroInspecciones,
  tableroFiltroTareas,
  type Tablero,
  type TableroTramos,
} from '@siniestros/domain';
import { Cifra, numero, Tarjeta } from '../../../components/Cifras';
import { TableHeader } from '../../../components/ListTableParts';
import { PageTitle } from '../../../components/PageTitle';
import { useTablero } from '../api/get-tablero';
import { PagosTarjeta } from '../../pagos';
import { casosUrl } from '../../casos';

/** The charts (recharts, ~100 KB gzipped) load after the figures, in a chunk of their own. */
const TableroGraficos = lazy(() => import('./TableroGraficos').then((module) => ({ default: module.TableroGraficos })));

const withQuery = (path: string, filtro: Record<string, string>) => `${path}?${new URLSearchParams(filtro)}`;

/**
 * Where each figure leads: its list, with the filter that makes the figure in the URL (the lists
 * start filtered from it; the filters are packages/domain's tableroFiltro*, which the server test
 * also asks each list with, so a figure equals its list's total — docs/decisions/049, 053).
 */
const LISTA = {
  casos: (filtro: Record<string, string> = {}) => casosUrl({ condCasos: COND_CASOS.VIGENTES, ...filtro }),
  audiencias: (hoy: string) => withQuery('/audiencias/allaudiencias', tableroFiltroAudiencias(hoy)),
  inspecciones: (hoy: string, options?: Parameters<typeof tableroFiltroInspecciones>[1]) =>
    withQuery('/inspecciones/allinspecciones', tableroFiltroInspecciones(hoy, options)),
  tareas: (...args: Parameters<typeof tableroFiltroTareas>) => withQuery('/tareas', tableroFiltroTareas(...args)),
};

/** A card whose figures are a table, one row a person (or an empty-state text, when given). */
function TarjetaTabla<T>({
  id,
  title,
  columnas,
  filas,
  fila,
  vacia,
}: {
  id: string;
  title: string;
  columnas: string[];
  filas: readonly T[];
  fila: (item: T) => ReactNode;
  vacia?: string;
}) {
  return (
    <Tarjeta id={id} title={title}>
      {vacia && filas.length === 0 ? (
        <Text size="sm" c="dimmed">
          {vacia}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={240}>
          <Table striped aria-labelledby={id}>
            <TableHeader cells={columnas} />
            <Table.Tbody>{filas.map(fila)}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Tarjeta>
  );
}

/** A row of such a table: the name, a link to the list that makes its figure, the figure and any further cells. */
function FilaCifra({ nombre, to, valor, children }: { nombre: string; to: string; valor: number; children?: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={to}>
          {nombre}
        </Anchor>
      </Table.Td>
      <Table.Td ta="right">{numero.format(valor)}</Table.Td>
      {children}
    </Table.Tr>
  );
}

function Tramos({ tramos, hoy, desdeEl }: { tramos: TableroTramos; hoy: string; desdeEl: 'alta' | 'estado' }) {
  return TABLERO_TRAMOS.map((tramo) => (
    <Cifra
      key={tramo.key}
      label={tramo.label}
      value={tramos[tramo.key]}
      to={LISTA.casos(tableroFiltroAntiguedad(hoy, tramo.key, desdeEl))}
    />
  ));
}

function TareasCifras({ cuenta, equipo }: { cuenta: Tablero['tareas']['mias']; equipo?: boolean }) {
  return (
    <>
      <Cifra label="Vencidas" value={cuenta.vencidas} to={LISTA.tareas('vencidas', { equipo })} />
      <Cifra label="Hoy" value={cuenta.hoy} to={LISTA.tareas('hoy', { equipo })} />
      <Cifra label="Esta semana" value={cuenta.semana} to={LISTA.tareas('semana', { equipo })} />
    </>
  );
}

/** The signed-in analyst's own open cases by status ('míos'; the team's are the card beside it, decision 083). */
function MisCasos({ mios }: { mios: NonNullable<Tablero['casos']['mios']> }) {
  const analista = String(mios.id_analista);
  return (
    <Tarjeta id="tablero-mis-casos" title="Mis casos abiertos">
      <Cifra label="Total míos" value={mios.abiertos} to={LISTA.casos({ analista })} />
      {mios.porEstado.map((estado) => (
        <Cifra key={estado.id_estado} label={estado.estado} value={estado.total} to={LISTA.casos({ analista, estado: String(estado.id_estado) })} />
      ))}
    </Tarjeta>
  );
}

/** The Tablero (/tablero): the home screen of Admin and User (issue 18 item 1). */
export function TableroScreen() {
  const tablero = useTablero();
  const data = tablero.data;
  return (
    <>
      <PageTitle>Tablero</PageTitle>
      {!data ? (
        <Loader role="status" aria-label="Cargando el tablero" />
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="md">
            Cifras al {formatDate(data.hoy)}. Cada cifra abre la lista que la forma.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <Tarjeta id="tablero-mis-tareas" title="Mis tareas">
              <TareasCifras cuenta={data.tareas.mias} />
            </Tarjeta>
            <Tarjeta id="tablero-equipo" title="Tareas del equipo">
              <TareasCifras cuenta={data.tareas.equipo} equipo />
            </Tarjeta>
            <Tarjeta id="tablero-agenda" title="Agenda y plazos">
              <Cifra label="Audiencias de los próximos 7 días" value={data.audiencias.proximas} to={LISTA.audiencias(data.hoy)} />
              <Cifra
                label="Casos con plazo por vencer"
                value={data.plazos.porVencer}
                to={LISTA.casos({ plazo: 'por_vencer', condCasos: COND_CASOS.TODOS })}
              />
              <Cifra
                label="Casos con plazo vencido"
                value={data.plazos.vencidos}
                to={LISTA.casos({ plazo: 'vencido', condCasos: COND_CASOS.TODOS })}
              />
              {/* Counted every few minutes, not per request (docs/decisions/052): said beside the figures. */}
              <Text size="xs" c="dimmed">
                Plazos contados el {formatDateTime(data.plazos.calculado)}
              </Text>
              <Cifra label="Inspecciones pendientes" value={data.inspecciones.pendientes} to={LISTA.inspecciones(data.hoy)} />
              <Cifra
                label={`Inspecciones con más de ${TABLERO_INSPECCION_ATRASADA_DIAS} días`}
                value={data.inspecciones.atrasadas}
                to={LISTA.inspecciones(data.hoy, { atrasadas: true })}
              />
              {/* What claimants sent through the portal and nobody reviewed (issue 42, docs/decisions/084). */}
              <Cifra label="Documentos recibidos sin revisar" value={data.portal.recibidosSinRevisar} to="/recibidos" />
            </Tarjeta>
            {data.casos.mios && <MisCasos mios={data.casos.mios} />}
            <Tarjeta id="tablero-estados" title="Casos abiertos por estado">
              <Cifra label="Total abiertos" value={data.casos.abiertos} to={LISTA.casos()} />
              {data.casos.porEstado.map((estado) => (
                <Cifra
                  key={estado.id_estado}
                  label={estado.estado}
                  value={estado.total}
                  to={LISTA.casos({ estado: String(estado.id_estado) })}
                />
              ))}
            </Tarjeta>
            <Tarjeta id="tablero-alta" title="Antigüedad desde el alta">
              <Tramos tramos={data.casos.antiguedadAlta} hoy={data.hoy} desdeEl="alta" />
            </Tarjeta>
            <Tarjeta id="tablero-estado" title="Días en el estado actual">
              <Tramos tramos={data.casos.antiguedadEstado} hoy={data.hoy} desdeEl="estado" />
            </Tarjeta>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md" mt="md">
            <TarjetaTabla
              id="tablero-analistas"
              title="Casos abiertos por analista"
              columnas={['Analista', 'Abiertos']}
              filas={data.analistas}
              fila={(analista) => (
                <FilaCifra
                  key={analista.id_analista ?? 'sin'}
                  nombre={analista.analista}
                  to={LISTA.casos({ analista: analista.id_analista === null ? SIN_ANALISTA : String(analista.id_analista) })}
                  valor={analista.abiertos}
                />
              )}
            />
            <TarjetaTabla
              id="tablero-usuarios"
              title="Tareas vencidas por usuario"
              columnas={['Usuario', 'Vencidas']}
              filas={data.usuarios}
              fila={(usuario) => (
                <FilaCifra
                  key={usuario.id_usuario}
                  nombre={usuario.usuario}
                  to={LISTA.tareas('vencidas', { usuario: usuario.id_usuario })}
                  valor={usuario.vencidas}
                />
              )}
            />
            <TarjetaTabla
              id="tablero-inspectores"
              title="Inspecciones pendientes por inspector"
              columnas={['Inspector', 'Pendientes', `Más de ${TABLERO_INSPECCION_ATRASADA_DIAS} días`]}
              filas={data.inspecciones.porInspector}
              vacia="No hay inspecciones pendientes."
              fila={(inspector) => (
                <FilaCifra
                  key={inspector.id_inspector}
                  nombre={inspector.inspector}
                  to={LISTA.inspecciones(data.hoy, { inspector: inspector.id_inspector })}
                  valor={inspector.pendientes}
                >
                  <Table.Td ta="right">
                    {inspector.atrasadas === 0 ? (
                      '0'
                    ) : (
                      <Anchor
                        component={Link}
                        to={LISTA.inspecciones(data.hoy, { inspector: inspector.id_inspector, atrasadas: true })}
                        aria-label={`${inspector.inspector}: ${inspector.atrasadas} con más de ${TABLERO_INSPECCION_ATRASADA_DIAS} días`}
                      >
                        {numero.format(inspector.atrasadas)}
                      </Anchor>
                    )}
                  </Table.Td>
                </FilaCifra>
              )}
            />
          </SimpleGrid>
          <PagosTarjeta />
          <Suspense fallback={null}>
            <TableroGraficos data={data} />
          </Suspense>
        </>
      )}
    </>
  );
}
