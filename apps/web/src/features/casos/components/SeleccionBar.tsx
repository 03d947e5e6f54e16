import { useState } from 'react';
import { Button, Group, Paper, Select, Text } from '@mantine/core';
import { CASO_MESSAGES, FLAGS, MASIVO_MAX_CASOS, MASIVO_MESSAGES, type AnalistaLookup } from '@siniestros/domain';
import {
  CancelarSeleccion,
  SeleccionCheckbox as SeleccionCheckboxBase,
  SeleccionPaginaCheckbox,
} from '../../../components/SeleccionControles';
import { confirmAction } from '../../../lib/confirm';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useAccionMasiva, useExportSeleccion, type MasivoAccion } from '../api/masivo';
import type { Seleccion } from '../hooks/use-seleccion';

/** The checkbox of a case's row. */
export function SeleccionCheckbox({ seleccion, id }: { seleccion: Seleccion; id: number }) {
  return (
    <SeleccionCheckboxBase
      label={`Seleccionar caso ${id}`}
      checked={seleccion.isSelected(id)}
      onToggle={(withShift) => seleccion.toggle(id, withShift)}
    />
  );
}

/** The header's checkbox: the whole page. */
export function SeleccionPagina({ seleccion }: { seleccion: Seleccion }) {
  return <SeleccionPaginaCheckbox label="Seleccionar los casos de la página" seleccion={seleccion} />;
}

type Props = {
  seleccion: Seleccion;
  /** Cases matching the applied filter (0 without a filter), and whether that count stopped at its cap. */
  total: number;
  isTotalCapped: boolean;
  analistas: AnalistaLookup[];
  /** Leaves the selection mode ('Cancelar selección'; Esc does the same). */
  onCancelar: () => void;
};

const nombre = (analista: AnalistaLookup) => `${analista.apellido} ${analista.nombre}`.trim();

/**
 * Bulk actions on the ticked cases, or on every case matching the filter (issue 44 item 2;
 * docs/decisions/097): reassign the analyst, set or clear a flag, export. Each write asks first,
 * naming how many cases.
 */
export function SeleccionBar({ seleccion, total, isTotalCapped, analistas, onCancelar }: Props) {
  const [idAnalista, setIdAnalista] = useState<string | null>(null);
  const [flag, setFlag] = useState<string | null>(null);
  const accion = useAccionMasiva();
  const exporter = useExportSeleccion();
  const { count, seleccion: current } = seleccion;
  const flagElegido = FLAGS.find((each) => String(each.nro) === flag);
  const analistaElegido = analistas.find((each) => String(each.id) === idAnalista);
  const cannotAct = current === null || count > MASIVO_MAX_CASOS;

  const ask = (next: MasivoAccion, pregunta: string) =>
    confirmAction(pregunta, () =>
      accion.mutateAsync(next).then(
        (result) => {
          notifySuccess(result.message);
          seleccion.clear();
        },
        (error: unknown) => notifyApiError(error, CASO_MESSAGES.loadError),
      ),
    );
  const exportar = () =>
    current &&
    exporter.mutate(current, {
      onSuccess: () => notifySuccess(CASO_MESSAGES.exported),
      onError: (error) => notifyApiError(error, CASO_MESSAGES.noResults),
    });

  return (
    <Paper withBorder px="sm" py={6} role="region" aria-label="Acciones masivas">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600} data-testid="seleccionados">
          {MASIVO_MESSAGES.casosLabel(count)} {count === 1 ? 'seleccionado' : 'seleccionados'}
        </Text>
        {!seleccion.todos && total > count && !isTotalCapped && (
          <Button size="compact-sm" variant="subtle" onClick={seleccion.selectTodos}>
            Seleccionar los {total.toLocaleString('es-AR')} que coinciden
          </Button>
        )}
        {!seleccion.todos && isTotalCapped && (
          <Text size="xs" c="dimmed">
            Más de {MASIVO_MAX_CASOS.toLocaleString('es-AR')} casos coinciden: acote el filtro para actuar sobre todos.
          </Text>
        )}
        <Select
          size="xs"
          w={200}
          aria-label="Analista para los casos seleccionados"
          placeholder="Analista"
          data={analistas.map((analista) => ({ value: String(analista.id), label: nombre(analista) }))}
          value={idAnalista}
          onChange={setIdAnalista}
          searchable
          nothingFoundMessage="Sin resultados"
        />
        <Button
          size="compact-sm"
          disabled={!analistaElegido || cannotAct}
          onClick={() =>
            analistaElegido &&
            current &&
            ask(
              { seleccion: current, accion: 'analista', idAnalista: analistaElegido.id },
              MASIVO_MESSAGES.confirm.analista(count, nombre(analistaElegido)),
            )
          }
        >
          Reasignar analista
        </Button>
        <Select
          size="xs"
          w={180}
          aria-label="Etiqueta para los casos seleccionados"
          placeholder="Etiqueta"
          data={FLAGS.map((each) => ({ value: String(each.nro), label: each.label }))}
          value={flag}
          onChange={setFlag}
        />
        {[true, false].map((valor) => (
          <Button
            key={String(valor)}
            size="compact-sm"
            variant="light"
            disabled={!flagElegido || cannotAct}
            onClick={() =>
              flagElegido &&
              current &&
              ask(
                { seleccion: current, accion: 'flag', flag: flagElegido.nro, valor },
                MASIVO_MESSAGES.confirm.flag(count, flagElegido.label, valor),
              )
            }
          >
            {valor ? 'Marcar etiqueta' : 'Quitar etiqueta'}
          </Button>
        ))}
        <Button size="compact-sm" variant="light" onClick={exportar} loading={exporter.isPending} disabled={current === null}>
          Exportar selección
        </Button>
        <CancelarSeleccion onClick={onCancelar} />
      </Group>
    </Paper>
  );
}
