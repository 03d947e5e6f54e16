import type { ReactNode } from 'react';
import { Button, Group, Paper, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import type { Lookup } from '@siniestros/domain';
import type { AltaValues } from '../hooks/use-alta-form';
import { bindForm } from '../form/bind-form';
import { AseguradoFields, CasoFields, TerceroFields, type Options } from '../form/CasoFormFields';

type Form = UseFormReturnType<AltaValues>;

export const lookupOptions = (rows: Lookup[] | undefined): Options =>
  (rows ?? []).map((row) => ({ value: String(row.id), label: row.nombre }));

export function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={4}>{title}</Title>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}

/** Spec §2, case creation: the Caso section. */
export function CasoSection({ form, companias }: { form: Form; companias: Options }) {
  return (
    <Section title="Caso">
      <CasoFields bind={bindForm(form, 'caso', null)} companias={companias} />
    </Section>
  );
}

/** Spec §2, case creation: the Asegurado section. */
export function AseguradoSection({ form, tiposDoc }: { form: Form; tiposDoc: Options }) {
  return (
    <Section title="Asegurado">
      <AseguradoFields bind={bindForm(form, 'asegurado', null)} tiposDoc={tiposDoc} />
    </Section>
  );
}

/** Spec §2, case creation: one third-party block added with '+ Terceros'. */
export function TerceroBlock({ form, index, tiposDoc, onRemove }: { form: Form; index: number; tiposDoc: Options; onRemove: () => void }) {
  return (
    <Paper withBorder p="sm" radius="md" bg="var(--siniestros-panel)" role="group" aria-label={`Tercero ${index + 1}`}>
      <Group justify="space-between" mb={4}>
        <Text fw={600} size="sm">
          Tercero {index + 1}
        </Text>
        <Button variant="subtle" color="red" size="compact-xs" leftSection={<IconTrash size={14} />} onClick={onRemove}>
          Quitar
        </Button>
      </Group>
      <TerceroFields bind={bindForm(form, `terceros.${index}`, null)} tiposDoc={tiposDoc} />
    </Paper>
  );
}
