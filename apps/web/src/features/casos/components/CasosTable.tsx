import { ActionIcon, Anchor, Badge, Box, Group, LoadingOverlay, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconFirstAidKit, IconGavel, IconHistory, IconUsersGroup } from '@tabler/icons-react';
import { FLAGS, PLAZO_FILTRO, formatDate, isClosed, type CasoListRow, type PlazoEstados } from '@siniestros/domain';
import classes from './CasosTable.module.css';
import { NEW_TAB } from '../../../components/NewTab';
import type { Seleccion } from '../hooks/use-seleccion';
import { SeleccionCheckbox, SeleccionPagina } from './SeleccionBar';

type Props = {
  cases: CasoListRow[];
  isLoading: boolean;
  isVisited: (id: number) => boolean;
  /** A row click: open the case in a new tab. */
  onOpen: (id: number) => void;
  /** The case link opened it itself (a new tab): remember the visit. */
  onVisit: (id: number) => void;
  onAnalista: (caso: CasoListRow) => void;
  onHistorial: (id: number) => void;
  /** The listed cases with a legal clock por vencer or vencido (docs/decisions/044). */
  plazos?: PlazoEstados;
  /** The bulk actions' selection: a checkbox column before Caso (docs/decisions/097). */
  seleccion?: Seleccion;
};

export const casoUrl = (id: number) => `/casos/detalleCaso/${id}`;

/**
 * Spec §2 case list columns, in this order. Numbers, dates and icons have fixed widths, Estado a
 * share of the table; the other name columns (Tercero, Compañia, Producto, Analistas) share what is left and wrap onto
 * a second line rather than being cut: the list reads whole on the common 1366 px office screen
 * and spreads out, on one line, at 1920.
 */
const COLUMNS: { label: string; width?: number | string }[] = [
  { label: 'Caso', width: 70 },
  { label: 'F Alta', width: 74 },
  { label: 'Tercero' },
  { label: 'Compañia' },
  { label: 'Dominio', width: 80 },
  { label: 'Fecha Siniestro', width: 76 },
  // The longest statuses ('Pendiente Documentación', 'Espera Convenio Firmado') on one line from
  // 1440 px: one-line rows leave 15 or more in view at 1440×900 (docs/decisions/090).
  { label: 'Estado', width: '16%' },
  { label: 'Producto' },
  { label: 'Extras', width: 56 },
  { label: 'Analistas' },
  { label: 'Siniestro Nro', width: 88 },
  { label: 'Acciones', width: 64 },
];

const fullName = (apellido: string | null, nombre: string | null) => [apellido, nombre].filter(Boolean).join(' ');

/** A value of a fixed-width cell; the whole value also on hover. */
function Cell({ value }: { value: string | null | undefined }) {
  return <span title={value ?? undefined}>{value || '-'}</span>;
}

/** A click on a row opens the case, unless it was on a control or ended a text selection. */
function isPlainRowClick(event: React.MouseEvent) {
  const target = event.target as HTMLElement;
  if (target.closest('a, button, input, [role="button"]')) return false;
  return !window.getSelection()?.toString();
}

export function CasosTable({ cases, isLoading, isVisited, onOpen, onVisit, onAnalista, onHistorial, plazos, seleccion }: Props) {
  const columnCount = COLUMNS.length + (seleccion ? 1 : 0);
  return (
    <Box pos="relative" className={classes.scroller} tabIndex={0}>
      <LoadingOverlay visible={isLoading} zIndex={5} overlayProps={{ blur: 0, backgroundOpacity: 0.4 }} loaderProps={{ size: 'sm' }} />
      <Table className={classes.table} withTableBorder horizontalSpacing={6} verticalSpacing={5} aria-label="Casos">
        <Table.Thead>
          <Table.Tr>
            {seleccion && (
              <Table.Th w={28}>
                <SeleccionPagina seleccion={seleccion} />
              </Table.Th>
            )}
            {COLUMNS.map((column) => (
              <Table.Th key={column.label} w={column.width}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        {cases.length === 0 && !isLoading && (
          <Table.Tbody>
            <Table.Tr>
              <Table.Td colSpan={columnCount}>
                <Text size="sm" c="dimmed" ta="center" py="lg">
                  No hay casos para mostrar.
                </Text>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        )}
        {cases.map((caso) => {
          const activeFlags = FLAGS.filter((flag) => caso[flag.key]);
          const analista = fullName(caso.an_apellido, caso.an_nombre);
          const tercero = fullName(caso.t_apellido, caso.t_nombre);
          const visited = isVisited(caso.id);
          return (
            <Table.Tbody key={caso.id} className={classes.caso} data-caso={caso.id}>
              <Table.Tr
                className={activeFlags.length > 0 ? classes.hasFlags : undefined}
                onClick={(event) => isPlainRowClick(event) && onOpen(caso.id)}
              >
                {seleccion && (
                  <Table.Td>
                    <SeleccionCheckbox seleccion={seleccion} id={caso.id} />
                  </Table.Td>
                )}
                <Table.Td>
                  <Anchor
                    href={casoUrl(caso.id)}
                    target="_blank"
                    rel="noopener"
                    size="xs"
                    underline="never"
                    className={visited ? `${classes.id} ${classes.visited}` : classes.id}
                    data-visited={visited || undefined}
                    aria-label={`Abrir caso ${caso.id} ${NEW_TAB}`}
                    onClick={() => onVisit(caso.id)}
                  >
                    {caso.id}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatDate(caso.fecha_creado)}</Table.Td>
                <Table.Td className={classes.wraps}>
                  <Cell value={tercero} />
                </Table.Td>
                <Table.Td className={classes.wraps}>
                  <Cell value={caso.nombre_compania} />
                </Table.Td>
                <Table.Td className={classes.wraps}>
                  <Cell value={caso.t_dominio} />
                </Table.Td>
                <Table.Td>{formatDate(caso.fecha_siniestro)}</Table.Td>
                <Table.Td className={classes.wraps}>
                  <span className={classes.estado} data-closed={isClosed(caso.id_estado) || undefined} title={caso.estado}>
                    {caso.estado}
                  </span>
                  <PlazoMarker estado={plazos?.[caso.id]} />
                </Table.Td>
                <Table.Td className={classes.wraps}>
                  <Cell value={caso.producto} />
                </Table.Td>
                <Table.Td>
                  <Extras caso={caso} />
                </Table.Td>
                <Table.Td className={classes.wraps}>
                  <UnstyledButton
                    className={classes.analista}
                    onClick={() => onAnalista(caso)}
                    aria-label={`${analista || 'Sin Analista'}, analista del caso ${caso.id}`}
                    title="Asignar analista"
                  >
                    {analista ? (
                      analista
                    ) : (
                      <Text span size="xs" c="dimmed" fs="italic">
                        Sin Analista
                      </Text>
                    )}
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>
                  <Cell value={caso.reclamo_nro} />
                </Table.Td>
                <Table.Td>
                  <Tooltip label="Historial" withArrow>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label={`Historial del caso ${caso.id}`}
                      onClick={() => onHistorial(caso.id)}
                    >
                      <IconHistory size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
              {activeFlags.length > 0 && (
                <Table.Tr className={classes.flags}>
                  <Table.Td colSpan={columnCount}>
                    <Group gap={4} aria-label={`Etiquetas del caso ${caso.id}`}>
                      {activeFlags.map((flag) => (
                        <Badge key={flag.key} color={flag.color} size="xs" radius="sm" variant="filled" tt="none">
                          {flag.label}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          );
        })}
      </Table>
    </Box>
  );
}

/** Spec §2: icons for injured person, lawyer and mediation. */
function Extras({ caso }: { caso: CasoListRow }) {
  return (
    <Group gap={4} wrap="nowrap">
      {caso.lesionado && (
        <Tooltip label="Lesionado" withArrow>
          <IconFirstAidKit size={16} color="var(--mantine-color-red-7)" aria-label="Lesionado" role="img" />
        </Tooltip>
      )}
      {caso.id_letrado !== null && caso.id_letrado !== undefined && (
        <Tooltip label="Letrado" withArrow>
          <IconGavel size={16} color="var(--mantine-color-indigo-7)" aria-label="Letrado" role="img" />
        </Tooltip>
      )}
      {caso.mediacion && (
        <Tooltip label="Mediacion" withArrow>
          <IconUsersGroup size={16} color="var(--mantine-color-orange-7)" aria-label="Mediacion" role="img" />
        </Tooltip>
      )}
    </Group>
  );
}

/** A legal clock vencido or por vencer, in words (the colour repeats them). */
function PlazoMarker({ estado }: { estado: PlazoEstados[string] | undefined }) {
  if (!estado) return null;
  return (
    <Badge display="block" mt={2} size="xs" variant="filled" autoContrast color={estado === 'vencido' ? 'red.8' : 'yellow.4'} tt="none" data-plazo={estado}>
      {`Plazo ${PLAZO_FILTRO[estado].toLowerCase()}`}
    </Badge>
  );
}
