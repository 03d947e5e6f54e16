import { useState } from 'react';
import { Affix, Button } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { HistorialDialog } from '../../historial/components/HistorialDialog';

/** Spec §2: a fixed 'Ver Historial' button opening the history dialog at 70% of the viewport. */
export function HistorialButton({ idCaso }: { idCaso: number }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Affix position={{ bottom: 20, right: 20 }}>
        <Button
          leftSection={<IconHistory size={16} />}
          onClick={() => setOpen(true)}
          radius="xl"
          size="sm"
          style={{ boxShadow: 'var(--mantine-shadow-md)' }}
        >
          Ver Historial
        </Button>
      </Affix>
      <HistorialDialog idCaso={idCaso} opened={isOpen} onClose={() => setOpen(false)} />
    </>
  );
}
