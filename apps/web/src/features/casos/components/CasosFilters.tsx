import { Box, Button, Collapse, Group, Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconChevronUp, IconFileSpreadsheet, IconFilter, IconSearch } from '@tabler/icons-react';
import { COND_CASOS } from '@siniestros/domain';
import type { CasoFiltroDraft } from '../api/filtro-draft';
import type { CasosSummary } from '../api/get-casos';
import { DateField } from '../../../components/DateField';
import { FilterPanel, lookupOptions } from '../../../components/FilterPanel';
import {
  analistaOptions,
  COND_OPTIONS,
  FILTRO_LABELS as L,
  FILTRO_SIN_CAMPO,
  FLAG_OPTIONS,
  PLAZO_OPTIONS,
  type FiltroChip,
  type FiltroChipKey,
} from './filtro-chips';
import { FiltrosChips } from './FiltrosChips';

type Props = {
  form: UseFormReturnType<CasoFiltroDraft>;
  summary: CasosSummary | undefined;
  isExpanded: boolean;
  onToggle: () => void;
  onSubmit: (event?: React.FormEvent<HTMLFormElement>) => void;
  onReset: () => void;
  onExport: () => void;
  isExporting: boolean;
  /** The applied filter's fields, shown as chips while the panel is folded (those without a field in it, FILTRO_SIN_CAMPO, open too). */
  chips: FiltroChip[];
  onRemoveChip: (key: FiltroChipKey) => void;
};

const PANEL_ID = 'casos-filtros';

/**
 * Spec §2 case list: the quick search with Filtrar, '+ Filtros', Limpiar Filtros and Exportar,
 * and the expanded panel with Filtrar, Volver and Exportar. One form: Enter in any text field filters.
 * Folded (docs/decisions/090), the applied filters show on the same line as removable chips and
 * '+ Filtros (3)' says how many; 'Ocultar filtros' folds the open panel without touching its filter.
 */
export function CasosFilters({
  form,
  summary,
  isExpanded,
  onToggle,
  onSubmit,
  onReset,
  onExport,
  isExporting,
  chips,
  onRemoveChip,
}: Props) {
  const digitsOnly = (field: 'nroCaso' | 'nroSiniestro') => ({
    ...form.getInputProps(field),
    inputMode: 'numeric' as const,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => form.setFieldValue(field, event.currentTarget.value.replace(/\D/g, '')),
  });
  const select = (field: keyof CasoFiltroDraft) => {
    const props = form.getInputProps(field);
    return {
      ...props,
      value: props.value || null,
      onChange: (value: string | null) => form.setFieldValue(field, value ?? ''),
      clearable: true,
      searchable: true,
    };
  };
  const exportButton = (
    <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} onClick={onExport} loading={isExporting}>
      Exportar
    </Button>
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Group gap="xs">
        <TextInput
          aria-label="Búsqueda rápida"
          placeholder="Nombre, apellido, doc, dominio, nro siniestro"
          leftSection={<IconSearch size={16} />}
          w={380}
          maw="100%"
          maxLength={100}
          {...form.getInputProps('busquedaRapida')}
        />
        {!isExpanded && (
          <Button type="submit" leftSection={<IconFilter size={16} />}>
            Filtrar
          </Button>
        )}
        {/* One button both ways, so focus stays on it when it folds or unfolds the panel. */}
        <Button
          variant={isExpanded ? 'subtle' : 'light'}
          leftSection={isExpanded ? <IconChevronUp size={16} /> : undefined}
          aria-expanded={isExpanded}
          aria-controls={PANEL_ID}
          onClick={onToggle}
        >
          {isExpanded ? 'Ocultar filtros' : chips.length > 0 ? `+ Filtros (${chips.length})` : '+ Filtros'}
        </Button>
        {!isExpanded && (
          <>
            <Button variant="subtle" onClick={onReset}>
              Limpiar Filtros
            </Button>
            {exportButton}
            <FiltrosChips chips={chips} onRemove={onRemoveChip} />
          </>
        )}
      </Group>
      <Collapse expanded={isExpanded} transitionDuration={150} id={PANEL_ID}>
        <Box mt="xs">
          {isExpanded && <FiltrosChips chips={chips.filter((chip) => FILTRO_SIN_CAMPO.has(chip.key))} onRemove={onRemoveChip} />}
          <FilterPanel cols={{ base: 1, xs: 2, sm: 3, lg: 6 }} onReset={onReset} extraActions={exportButton}>
            <TextInput label={L.nroCaso} maxLength={10} {...digitsOnly('nroCaso')} />
            <TextInput label={L.nroSiniestro} maxLength={20} {...digitsOnly('nroSiniestro')} />
            <TextInput label={L.dominio} maxLength={20} {...form.getInputProps('dominio')} />
            <Select label={L.estado} data={lookupOptions(summary?.estados)} {...select('estado')} />
            <Select
              label={L.condCasos}
              data={COND_OPTIONS}
              allowDeselect={false}
              value={form.values.condCasos}
              onChange={(value) => form.setFieldValue('condCasos', (value ?? COND_CASOS.TODOS) as CasoFiltroDraft['condCasos'])}
            />
            <Select label={L.compania} data={lookupOptions(summary?.companias)} {...select('compania')} />
            <Select label={L.analista} data={analistaOptions(summary)} {...select('analista')} />
            <Select label={L.flag} data={FLAG_OPTIONS} {...select('flag')} />
            <TextInput label={L.apellido} maxLength={150} {...form.getInputProps('apellido')} />
            <Select label={L.producto} data={lookupOptions(summary?.productos)} {...select('producto')} />
            <Select label={L.plazo} data={PLAZO_OPTIONS} {...select('plazo')} />
            <DateField label={L.fechaDesde} {...form.getInputProps('fechaDesde')} maxDate={form.values.fechaHasta || undefined} />
            <DateField label={L.fechaHasta} {...form.getInputProps('fechaHasta')} minDate={form.values.fechaDesde || undefined} />
            <DateField
              label={L.fechaEstadoDesde}
              {...form.getInputProps('fechaEstadoDesde')}
              maxDate={form.values.fechaEstadoHasta || undefined}
            />
            <DateField
              label={L.fechaEstadoHasta}
              {...form.getInputProps('fechaEstadoHasta')}
              minDate={form.values.fechaEstadoDesde || undefined}
            />
          </FilterPanel>
        </Box>
      </Collapse>
    </form>
  );
}
