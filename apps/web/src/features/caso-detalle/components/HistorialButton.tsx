import { useState } from 'react';
import { Affix, Button, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconHistory } from '@tabler/icons-react';
import { HistorialDialog } from '../../historial';

/**
 * Spec §2: a fixed 'Ver Historial' button opening the history dialog at 70% of the viewport. On a
 * phone or at 200 % zoom a fixed button would cover the case's text, so it sits at the end of the page.
 */
export function HistorialButton({ idCaso }: { idCaso: number }) {
  const [isOpen, setOpen] = useState(false);
  const isNarrow = useMediaQuery('(max-width: 47.99em)', false);
  const button = (
    <Button
      leftSection={<IconHistory size={16} />}
      onClick={() => setOpen(true)}
      radius="xl"
      size="sm"
      style={{ boxShadow: isNarrow ? undefined : 'var(--mantine-shadow-md)' }}
    >
      Ver Historial
    </Button>
  );
  return (
    <>
      {isNarrow ? (
        <Group justify="flex-end" mt="md">
          {button}
        </Group>
      ) : (
        <Affix position={{ bottom: 20, right: 20 }}>{button}</Affix>
      )}
      <HistorialDialog idCaso={idCaso} opened={isOpen} onClose={() => setOpen(false)} />
    </>
  );
}
