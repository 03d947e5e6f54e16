import { Box, Button, Collapse, Group, Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconFileSpreadsheet, IconFilter, IconSearch } from '@tabler/icons-react';
import { COND_CASOS, FLAGS, PLAZO_FILTRO, SIN_ANALISTA } from '@siniestros/domain';
import type { CasoFiltroDraft } from '../api/filtro-draft';
import type { CasosSummary } from '../api/get-casos';
import { DateField } from '../../../components/DateField';
import { FilterPanel, lookupOptions } from '../../../components/FilterPanel';

type Props = {
  form: UseFormReturnType<CasoFiltroDraft>;
  summary: CasosSummary | undefined;
  isExpanded: boolean;
  onToggle: () => void;
  onSubmit: (event?: React.FormEvent<HTMLFormElement>) => void;
  onReset: () => void;
  onExport: () => void;
  isExporting: boolean;
};

const COND_OPTIONS = [
  { value: COND_CASOS.TODOS, label: 'Todos' },
  { value: COND_CASOS.VIGENTES, label: 'Vigentes' },
  { value: COND_CASOS.CERRADOS, label: 'Cerrados' },
];
const PLAZO_OPTIONS = Object.entries(PLAZO_FILTRO).map(([value, label]) => ({ value, label }));
const FLAG_OPTIONS = FLAGS.map((flag) => ({ value: String(flag.nro), label: flag.label }));

/**
 * Spec §2 case list: the quick search with Filtrar, '+ Filtros', Limpiar Filtros and Exportar,
 * and the expanded panel with Filtrar, Volver and Exportar. One form: Enter in any text field filters.
 */
export function CasosFilters({ form, summary, isExpanded, onToggle, onSubmit, onReset, onExport, isExporting }: Props) {
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
  const analistaOptions = [
    { value: SIN_ANALISTA, label: 'Sin Analista' },
    ...(summary?.analistas ?? []).map((analista) => ({ value: String(analista.id), label: `${analista.apellido} ${analista.nombre}` })),
  ];
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
          <>
            <Button type="submit" leftSection={<IconFilter size={16} />}>
              Filtrar
            </Button>
            <Button variant="light" onClick={onToggle}>
              + Filtros
            </Button>
            <Button variant="subtle" onClick={onReset}>
              Limpiar Filtros
            </Button>
            {exportButton}
          </>
        )}
      </Group>
      <Collapse expanded={isExpanded} transitionDuration={150}>
        <Box mt="xs">
          <FilterPanel cols={{ base: 1, xs: 2, sm: 3, lg: 6 }} onReset={onReset} extraActions={exportButton}>
            <TextInput label="Nro Caso" maxLength={10} {...digitsOnly('nroCaso')} />
            <TextInput label="Nro Siniestro" maxLength={20} {...digitsOnly('nroSiniestro')} />
            <TextInput label="Dominio" maxLength={20} {...form.getInputProps('dominio')} />
            <Select label="Estado" data={lookupOptions(summary?.estados)} {...select('estado')} />
            <Select
              label="Condición"
              data={COND_OPTIONS}
              allowDeselect={false}
              value={form.values.condCasos}
              onChange={(value) => form.setFieldValue('condCasos', (value ?? COND_CASOS.TODOS) as CasoFiltroDraft['condCasos'])}
            />
            <Select label="Compañia" data={lookupOptions(summary?.companias)} {...select('compania')} />
            <Select label="Analista" data={analistaOptions} {...select('analista')} />
            <Select label="Etiqueta" data={FLAG_OPTIONS} {...select('flag')} />
            <TextInput label="Apellido" maxLength={150} {...form.getInputProps('apellido')} />
            <Select label="Producto" data={lookupOptions(summary?.productos)} {...select('producto')} />
            <Select label="Plazo" data={PLAZO_OPTIONS} {...select('plazo')} />
            <DateField label="Fecha Desde" {...form.getInputProps('fechaDesde')} maxDate={form.values.fechaHasta || undefined} />
            <DateField label="Fecha Hasta" {...form.getInputProps('fechaHasta')} minDate={form.values.fechaDesde || undefined} />
            <DateField
              label="Cambio de estado desde"
              {...form.getInputProps('fechaEstadoDesde')}
              maxDate={form.values.fechaEstadoHasta || undefined}
            />
            <DateField
              label="Cambio de estado hasta"
              {...form.getInputProps('fechaEstadoHasta')}
              minDate={form.values.fechaEstadoDesde || undefined}
            />
          </FilterPanel>
        </Box>
      </Collapse>
    </form>
  );
}
