import { useState } from 'react';
import { Group, Select } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { FechasEs } from '../../../components/FechasEs';
import { useCompanias } from '../../../lib/lookups';
import { periodoComoFechas, periodoDeFechas } from '../hooks/periodo';
import type { InformeParams } from '../hooks/use-informe-params';

/** 'Compañía' (or all) and 'Período' (one month, or a range: pick the same month twice for one). */
export function InformeFiltros({ value, onChange }: { value: InformeParams; onChange: (next: Partial<InformeParams>) => void }) {
  const companias = useCompanias('No se pudieron leer las compañías.');
  // Half a range (the first month clicked) stays on screen only: the report changes once both ends are picked.
  const [borrador, setBorrador] = useState<[string | null, string | null] | null>(null);
  return (
    <Group align="flex-end" gap="md" mb="md" data-informe-no-imprimir>
      <Select
        label="Compañía"
        placeholder="Todas las compañías"
        clearable
        searchable
        w={280}
        maw="100%"
        data={(companias.data ?? []).map((compania) => ({ value: String(compania.id), label: compania.nombre }))}
        value={value.compania || null}
        onChange={(compania) => onChange({ compania: compania ?? '' })}
      />
      <FechasEs>
        <MonthPickerInput
          type="range"
          allowSingleDateInRange
          label="Período"
          description="Un mes, o el primero y el último de un rango"
          valueFormat="MMMM YYYY"
          w={320}
          maw="100%"
          previousLabel="Año anterior"
          nextLabel="Año siguiente"
          value={borrador ?? periodoComoFechas(value.desde, value.hasta)}
          onChange={(fechas) => {
            const periodo = periodoDeFechas(fechas);
            setBorrador(periodo ? null : fechas);
            if (periodo) onChange(periodo);
          }}
          onDropdownClose={() => setBorrador(null)}
        />
      </FechasEs>
    </Group>
  );
}
