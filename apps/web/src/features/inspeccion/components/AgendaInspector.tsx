import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Box, Button, Card, Center, Group, Loader, Pagination, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconMapPin, IconPhone } from '@tabler/icons-react';
import {
  agendaGrupos,
  CIERRE_SALIDA_TEXTS,
  formatAgendaDay,
  formatDate,
  formatTime,
  INSPECCION_AGENDA_TEXTS,
  INSPECCION_AGENDA_VISTAS,
  isInspeccionPending,
  mapsSearchUrl,
  telHref,
  todayIso,
  type InspeccionAgendaItem,
  type InspeccionAgendaVista,
} from '@siniestros/domain';
import { useAgenda } from '../api/get-agenda';
import { useSession } from '../../../lib/session';
import type { CierrePendiente } from '../../../lib/device/salida';
import { CierrePendienteCard } from '../salida/CierrePendiente';
import { useCierresPendientes } from '../salida/use-salida';
import type { EstadoEnvio } from '../salida/cola';
import { CardLine } from './CardLine';
import { EstadoBadge } from './EstadoBadge';

const VISTAS = Object.entries(INSPECCION_AGENDA_VISTAS) as [InspeccionAgendaVista, string][];

/**
 * 'Mis Inspecciones' for the Inspector role (issue 43 item 1, docs/decisions/086): the pending visits
 * under Atrasadas, Hoy and Próximas (each coming day its own heading), the finalized ones on their own
 * tab, newest first. One card a visit, drawn for a phone: the hour, the claim, the address as a map
 * link, the third party's phone as a call, the vehicle and the button that opens the close.
 * `now`: the clock (tests pass a fixed one); 'today' is Argentina's (todayIso).
 */
export function AgendaInspector({ now = () => new Date() }: { now?: () => Date }) {
  const [vista, setVista] = useState<InspeccionAgendaVista>('pendientes');
  const [pages, setPages] = useState<Record<InspeccionAgendaVista, number>>({ pendientes: 1, finalizadas: 1 });
  const page = pages[vista];
  const agenda = useAgenda(vista, page, true);
  // Closes saved on the device (issue 43 item 3): their own cards, and no second close offered.
  const salida = useCierresPendientes(useSession().data?.usr);
  const guardados = new Set(salida.cierres.map((cierre) => cierre.id));
  const rows = (agenda.data?.data ?? []).filter((visita) => !(vista === 'pendientes' && guardados.has(visita.id)));
  const totalPages = agenda.data?.totalPages ?? 0;

  let content: React.ReactNode;
  const enSalida = vista === 'pendientes' && salida.cierres.length > 0 && (
    <CierresGuardados cierres={salida.cierres} estadoDe={salida.estadoDe} />
  );
  if (agenda.isPending)
    content = (
      <Center py="xl">
        <Loader role="status" aria-label="Cargando inspecciones" />
      </Center>
    );
  else if (rows.length === 0) content = <Empty>{vista === 'pendientes' ? INSPECCION_AGENDA_TEXTS.emptyPendientes : INSPECCION_AGENDA_TEXTS.emptyFinalizadas}</Empty>;
  else if (vista === 'pendientes') content = <Pendientes rows={rows} today={todayIso(now())} />;
  else content = <VisitList label={INSPECCION_AGENDA_VISTAS.finalizadas} rows={rows} showDate />;

  return (
    <Tabs value={vista} onChange={(value) => setVista((value as InspeccionAgendaVista | null) ?? 'pendientes')} keepMounted={false}>
      <Tabs.List mb="sm" grow>
        {VISTAS.map(([key, label]) => (
          <Tabs.Tab key={key} value={key}>
            {label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {VISTAS.map(([key]) => (
        <Tabs.Panel key={key} value={key}>
          <Stack gap="md">
            {enSalida}
            {content}
            {totalPages > 1 && (
              <Center>
                <Pagination total={totalPages} value={page} onChange={(next) => setPages((current) => ({ ...current, [vista]: next }))} siblings={1} boundaries={1} size="sm" />
              </Center>
            )}
          </Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

function CierresGuardados({ cierres, estadoDe }: { cierres: CierrePendiente[]; estadoDe: (clave: string) => EstadoEnvio | null }) {
  return (
    <Grupo title={CIERRE_SALIDA_TEXTS.seccion} detail={String(cierres.length)}>
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="sm" role="list" aria-label={CIERRE_SALIDA_TEXTS.seccion}>
        {cierres.map((cierre) => (
          <CierrePendienteCard key={cierre.clave} cierre={cierre} estado={estadoDe(cierre.clave)} />
        ))}
      </SimpleGrid>
    </Grupo>
  );
}

function Empty({ children }: { children: string }) {
  return (
    <Text ta="center" c="dimmed" py="md">
      {children}
    </Text>
  );
}

/** Atrasadas (only when there are), Hoy (always, with its empty text) and Próximas by day. */
function Pendientes({ rows, today }: { rows: InspeccionAgendaItem[]; today: string }) {
  const grupos = agendaGrupos(rows, today);
  return (
    <>
      {grupos.atrasadas.length > 0 && (
        <Grupo title={INSPECCION_AGENDA_TEXTS.atrasadas} detail={String(grupos.atrasadas.length)}>
          <VisitList label={INSPECCION_AGENDA_TEXTS.atrasadas} rows={grupos.atrasadas} showDate />
        </Grupo>
      )}
      <Grupo title={INSPECCION_AGENDA_TEXTS.hoy} detail={formatDate(today)}>
        {grupos.hoy.length > 0 ? <VisitList label={INSPECCION_AGENDA_TEXTS.hoy} rows={grupos.hoy} /> : <Empty>{INSPECCION_AGENDA_TEXTS.emptyHoy}</Empty>}
      </Grupo>
      {grupos.proximas.length > 0 && (
        <Grupo title={INSPECCION_AGENDA_TEXTS.proximas}>
          {grupos.proximas.map((dia) => (
            <Dia key={dia.fecha} fecha={dia.fecha} rows={dia.items} />
          ))}
        </Grupo>
      )}
    </>
  );
}

function Grupo({ title, detail, children }: { title: string; detail?: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <Stack component="section" aria-labelledby={id} gap="xs">
      <Group gap="xs" align="baseline">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {detail && (
          <Text c="dimmed" size="sm">
            {detail}
          </Text>
        )}
      </Group>
      {children}
    </Stack>
  );
}

function Dia({ fecha, rows }: { fecha: string; rows: InspeccionAgendaItem[] }) {
  const titulo = formatAgendaDay(fecha);
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {titulo}
      </Title>
      <VisitList label={titulo} rows={rows} />
    </Stack>
  );
}

function VisitList({ label, rows, showDate = false }: { label: string; rows: InspeccionAgendaItem[]; showDate?: boolean }) {
  return (
    // One column on a phone; side by side where there is room.
    <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="sm" role="list" aria-label={label}>
      {rows.map((visita) => (
        <VisitCard key={visita.id} visita={visita} showDate={showDate} />
      ))}
    </SimpleGrid>
  );
}

function VisitCard({ visita, showDate }: { visita: InspeccionAgendaItem; showDate: boolean }) {
  const { tercero } = visita;
  const tel = telHref(tercero?.telefono);
  const hora = visita.hora_inspeccion ? formatTime(visita.hora_inspeccion) : INSPECCION_AGENDA_TEXTS.sinHora;
  const cuando = showDate ? `${formatDate(visita.fecha_inspeccion)} · ${hora}` : hora;
  const vehiculo = [tercero?.marca_modelo, tercero?.dominio].filter(Boolean).join(' · ');
  return (
    <Card withBorder padding="sm" role="listitem" aria-label={`Caso ${visita.id_caso}`} style={{ display: 'flex', flexDirection: 'column' }}>
      <Group justify="space-between" wrap="nowrap" gap="xs" mb={4}>
        <Text fw={700} size="lg" data-testid="visita-hora">
          {cuando}
        </Text>
        <EstadoBadge estado={visita.estado} />
      </Group>
      <Text size="sm" fw={600}>
        {`Siniestro ${visita.reclamo_nro} · Caso ${visita.id_caso}`}
      </Text>
      <Text size="sm" c="dimmed" mb={6}>
        {visita.compania}
      </Text>
      {visita.fecha_cierre && <CardLine label="Finalizada">{formatDate(visita.fecha_cierre)}</CardLine>}
      <Anchor href={mapsSearchUrl(visita.direccion)} target="_blank" rel="noopener" size="sm" style={{ overflowWrap: 'anywhere' }} display="flex" py={4}>
        <IconMapPin size={18} aria-hidden style={{ flex: 'none', marginRight: 6 }} />
        {visita.direccion}
      </Anchor>
      {tercero && (
        <>
          <CardLine label="Tercero">{[tercero.apellido, tercero.nombre].filter(Boolean).join(' ')}</CardLine>
          {tel ? (
            <Anchor href={tel} size="sm" display="flex" py={4}>
              <IconPhone size={18} aria-hidden style={{ flex: 'none', marginRight: 6 }} />
              {tercero.telefono}
            </Anchor>
          ) : (
            <CardLine label="Teléfono">{INSPECCION_AGENDA_TEXTS.sinTelefono}</CardLine>
          )}
          {vehiculo && <CardLine label="Vehículo">{vehiculo}</CardLine>}
        </>
      )}
      {visita.detalle && <CardLine label="Observaciones">{visita.detalle}</CardLine>}
      {isInspeccionPending(visita.estado) && (
        // At the card's foot, level across a row of cards.
        <Box mt="auto" pt="xs">
          <Button component={Link} to={`/inspecciones/detalleInspeccion/${visita.id}`} fullWidth aria-label={`Ver inspeccion ${visita.id}`}>
            Ver
          </Button>
        </Box>
      )}
    </Card>
  );
}
