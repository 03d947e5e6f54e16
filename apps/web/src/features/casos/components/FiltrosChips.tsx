import { Badge, CloseButton, Group } from '@mantine/core';
import type { FiltroChip, FiltroChipKey } from './filtro-chips';

/** The applied filters, each with its remove button ('Quitar filtro Compañia'): removing one filters again without it. */
export function FiltrosChips({ chips, onRemove }: { chips: FiltroChip[]; onRemove: (key: FiltroChipKey) => void }) {
  if (chips.length === 0) return null;
  return (
    <Group component="ul" gap={6} aria-label="Filtros aplicados" m={0} p={0} style={{ listStyle: 'none' }}>
      {chips.map((chip) => (
        <li key={chip.key}>
          <Badge
            variant="light"
            size="lg"
            radius="xl"
            tt="none"
            fw={500}
            pr={2}
            rightSection={<CloseButton size="sm" radius="xl" aria-label={`Quitar filtro ${chip.label}`} onClick={() => onRemove(chip.key)} />}
          >
            {`${chip.label}: ${chip.value}`}
          </Badge>
        </li>
      ))}
    </Group>
  );
}
