import { Chip, Group } from '@mantine/core';
import { CASO_MESSAGES, FLAGS, type Caso } from '@siniestros/domain';
import { notifyApiError } from '../../../lib/notify';
import { useAccionesDePaleta } from '../../../lib/acciones-paleta';
import { useToggleFlag } from '../api/toggle-flag';

/** Spec §2: 17 toggle chips, highlighted when active; each click toggles that flag alone. */
export function FlagBar({ caso }: { caso: Caso }) {
  const toggle = useToggleFlag(caso.id);
  const onToggle = (nro: number) => toggle.mutate(nro, { onError: (error) => notifyApiError(error, CASO_MESSAGES.loadError) });
  // Each flag in the command palette, said as what the toggle will do now (docs/decisions/100).
  useAccionesDePaleta(
    FLAGS.map((flag) => ({
      id: `etiqueta-${flag.nro}`,
      label: `${caso[flag.key] ? 'Quitar' : 'Marcar'} etiqueta ${flag.label}`,
      palabras: 'flag',
      isSoloAlBuscar: true,
      run: () => onToggle(flag.nro),
    })),
  );  return (
    <Group gap={6} role="group" aria-label="Etiquetas">
      {FLAGS.map((flag) => (
        <Chip
          key={flag.key}
          size="xs"
          variant={caso[flag.key] ? 'filled' : 'outline'}
          color={flag.color}
          checked={caso[flag.key]}
          disabled={toggle.isPending && toggle.variables === flag.nro}
          onChange={() => onToggle(flag.nro)}
        >
          {flag.label}
        </Chip>
      ))}
    </Group>
  );
}
