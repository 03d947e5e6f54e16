import type { FormEvent, ReactNode } from 'react';
import { Button, Group, Paper, Select, SimpleGrid, type SelectProps, type SimpleGridProps } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';

type Props = {
  /** The screen's own filter fields, laid out in the grid. */
  children: ReactNode;
  cols: SimpleGridProps['cols'];
  /**
   * Filtrar (and Enter in a field): the panel is its own form. Left out, the panel sits inside the
   * caller's form and Filtrar submits that one (the case list: the quick search shares it).
   */
  onApply?: () => void;
  /** Volver: back to the whole list. */
  onReset: () => void;
  /** Filtrar and Volver shown (the hearings show them once a filter is touched). */
  hasActions?: boolean;
  /** More buttons after Volver (the case list's Exportar). */
  extraActions?: ReactNode;
};

/**
 * A list screen's filter panel (spec §2: cases, inspections, hearings, values): the screen's fields in
 * a grid, then Filtrar and Volver. Enter in a text or date field filters: the panel is a form.
 */
export function FilterPanel({ children, cols, onApply, onReset, hasActions = true, extraActions }: Props) {
  const panel = (
    <Paper withBorder p="sm" bg="var(--siniestros-panel)" aria-label="Filtros">
      <SimpleGrid cols={cols} spacing="xs" verticalSpacing={6}>
        {children}
      </SimpleGrid>
      {hasActions && (
        <Group gap="xs" mt="sm" justify="flex-end">
          <Button type="submit" leftSection={<IconFilter size={16} />}>
            Filtrar
          </Button>
          <Button variant="default" onClick={onReset}>
            Volver
          </Button>
          {extraActions}
        </Group>
      )}
    </Paper>
  );
  if (!onApply) return panel;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply();
  };
  return (
    <form onSubmit={submit} noValidate>
      {panel}
    </form>
  );
}

/** A lookup list (companies, products, statuses) as a select's options: its id as the value. */
export const lookupOptions = (rows: { id: number; nombre: string }[] | undefined) =>
  (rows ?? []).map((row) => ({ value: String(row.id), label: row.nombre }));

type FilterSelectProps = Omit<SelectProps, 'value' | 'onChange'> & { value: string; onChange: (value: string | null) => void };

/** A filter's select: '' is any (the placeholder shows, 'Todos' unless told), clearable and searchable unless told. */
export function FilterSelect({ value, placeholder = 'Todos', clearable = true, searchable = true, ...props }: FilterSelectProps) {
  return <Select placeholder={placeholder} clearable={clearable} searchable={searchable} value={value || null} {...props} />;
}
