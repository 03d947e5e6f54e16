import { useState } from 'react';
import { Anchor, Group, Paper, Select, Stack, Switch, Table, Tabs, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { TAREA_MESSAGES, TAREA_ORIGEN, TAREA_VISTAS, tareasQuery, type TareaOrigen, type TareaVista } from '@siniestros/domain';
import { EmptyTableRow, ListPagination } from '../../../components/ListTableParts';
import { PageTitle } from '../../../components/PageTitle';
import { useAsignables, useTareas } from '../api/get-tareas';
import { useSeleccionIds } from '../../../lib/use-seleccion-ids';
import { useModoSeleccion } from '../../../lib/use-modo-seleccion';
import { EntrarSeleccion } from '../../../components/SeleccionControles';
import { TareaActions } from './TareaActions';
import { TareaCheckbox, TareasHeader, TareasSeleccionBar } from './TareasSeleccionBar';
import { VenceBadge } from './VenceBadge';

const VISTAS = Object.entries(TAREA_VISTAS) as [TareaVista, string][];

/**
 * The tab, the team's view and the assignee a link opens (`?vista=vencidas&equipo=1&usuario=7`,
 * the Tablero's figures), checked with the API's own query schema; a URL it refuses opens Vencidas.
 */
function vistaFromUrl(params: URLSearchParams) {
  const parsed = tareasQuery.safeParse({
    vista: params.get('vista') ?? 'vencidas',
    equipo: params.get('equipo') ?? undefined,
    usuario: params.get('usuario') ?? undefined,
  });
  if (!parsed.success) return { vista: 'vencidas' as const, isEquipo: false, usuario: null };
  const isEquipo = parsed.data.equipo === '1';
  return { vista: parsed.data.vista, isEquipo, usuario: isEquipo ? (parsed.data.usuario ?? null) : null };
}

/** 'Mis tareas' (/tareas): the signed-in user's open tasks by tab, or the team's (issue 18 item 2). */
export function MisTareasScreen() {
  const [params] = useSearchParams();
  const [fromUrl] = useState(() => vistaFromUrl(params));
  const [vista, setVista] = useState<TareaVista>(fromUrl.vista);
  const [isEquipo, setEquipo] = useState(fromUrl.isEquipo);
  const [usuario, setUsuario] = useState<number | null>(fromUrl.usuario);
  const [page, setPage] = useState(1);
  const tareas = useTareas(vista, isEquipo, usuario, page);
  const asignables = useAsignables();
  const contadores = tareas.data?.contadores;
  const rows = tareas.data?.data ?? [];
  const seleccion = useSeleccionIds(rows.map((tarea) => tarea.id));
  const modo = useModoSeleccion(seleccion.clear);

  return (
    <>
      <PageTitle>{isEquipo ? 'Tareas del equipo' : 'Mis tareas'}</PageTitle>
      <Group justify="flex-end" align="flex-end" mb="sm">
        {isEquipo && (
          <Select
            label="Asignadas a"
            placeholder="Todos"
            clearable
            searchable
            w={260}
            maw="100%"
            data={(asignables.data ?? []).map((item) => ({ value: String(item.id), label: item.nombre }))}
            value={usuario === null ? null : String(usuario)}
            onChange={(value) => {
              setUsuario(value ? Number(value) : null);
              setPage(1);
            }}
          />
        )}
        {!modo.isActive && <EntrarSeleccion onClick={modo.entrar} visibleFrom="sm" />}
        <Switch
          label="Ver las del equipo"
          checked={isEquipo}
          onChange={(event) => {
            setEquipo(event.currentTarget.checked);
            setPage(1);
          }}
        />
      </Group>
      <Tabs
        value={vista}
        onChange={(value) => {
          setVista((value as TareaVista | null) ?? 'todas');
          setPage(1);
        }}
        keepMounted={false}
      >
        <Tabs.List mb="sm">
          {VISTAS.map(([key, label]) => (
            <Tabs.Tab key={key} value={key}>
              {contadores ? `${label} (${contadores[key]})` : label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {modo.isActive && <TareasSeleccionBar seleccion={seleccion} onCancelar={modo.salir} />}
      {/* A phone reads one card per task; wider screens the table. */}
      <Stack gap="xs" hiddenFrom="sm">
        {tareas.data && rows.length === 0 && (
          <Text c="dimmed" ta="center" py="md">
            {TAREA_MESSAGES.empty}
          </Text>
        )}
        {rows.map((tarea) => (
          <Paper key={tarea.id} withBorder p="sm" component="article" aria-label={tarea.texto}>
            <Group justify="space-between" gap="xs" mb={4}>
              <VenceBadge vence={tarea.vence} />
              <Anchor component={Link} to={`/casos/detalleCaso/${tarea.id_caso}`} size="sm">
                {`Caso ${tarea.id_caso}`}
              </Anchor>
            </Group>
            <Text size="sm" mb={4}>
              {tarea.texto}
            </Text>
            <Text size="xs" c="dimmed" mb="xs">
              {[isEquipo ? tarea.usuario : null, TAREA_ORIGEN[tarea.origen as TareaOrigen] ?? tarea.origen].filter(Boolean).join(' · ')}
            </Text>
            <TareaActions tarea={tarea} />
          </Paper>
        ))}
      </Stack>
      <Table.ScrollContainer minWidth={760} visibleFrom="sm">
        <Table striped highlightOnHover aria-label={`Tareas: ${TAREA_VISTAS[vista]}`}>
          <TareasHeader seleccion={modo.isActive ? seleccion : undefined} cells={['Vence', 'Caso', 'Tarea', ...(isEquipo ? ['Asignada a'] : []), 'Origen', 'Acciones']} />
          <Table.Tbody>
            {tareas.data && rows.length === 0 && <EmptyTableRow colSpan={(isEquipo ? 6 : 5) + (modo.isActive ? 1 : 0)}>{TAREA_MESSAGES.empty}</EmptyTableRow>}
            {rows.map((tarea) => (
              <Table.Tr key={tarea.id}>
                {modo.isActive && (
                  <Table.Td>
                    <TareaCheckbox seleccion={seleccion} id={tarea.id} texto={tarea.texto} />
                  </Table.Td>
                )}
                <Table.Td>
                  <VenceBadge vence={tarea.vence} />
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/casos/detalleCaso/${tarea.id_caso}`}>
                    {`Caso ${tarea.id_caso}`}
                  </Anchor>
                  {tarea.reclamo_nro && (
                    <Text size="xs" c="dimmed">
                      {`Siniestro ${tarea.reclamo_nro}`}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{tarea.texto}</Table.Td>
                {isEquipo && <Table.Td>{tarea.usuario}</Table.Td>}
                <Table.Td>{TAREA_ORIGEN[tarea.origen as TareaOrigen] ?? tarea.origen}</Table.Td>
                <Table.Td>
                  <TareaActions tarea={tarea} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListPagination totalPages={tareas.data?.totalPages ?? 0} page={page} onChange={setPage} />
    </>
  );
}
