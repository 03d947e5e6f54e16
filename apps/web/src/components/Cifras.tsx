import type { ReactNode } from 'react';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export const numero = new Intl.NumberFormat('es-AR');

/**
 * One figure (the Tablero's, the Informe's): its name and number, the whole line a link to the list
 * that makes it; without `to` (no list can show exactly its cases) the line is plain text. `format`:
 * how the value reads (pesos, a ratio), a plain number unless said.
 */
export function Cifra<T = number>({
  label,
  value,
  to,
  format = numero.format as (value: T) => string,
}: {
  label: string;
  value: T;
  to?: string | null;
  format?: (value: T) => string;
}) {
  const line = (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text span c={to ? 'blue' : undefined} size="sm">
        {label}
      </Text>
      <Text span fw={700} size="lg">
        {format(value)}
      </Text>
    </Group>
  );
  if (!to) return line;
  return (
    <Anchor component={Link} to={to} underline="hover" c="inherit">
      {line}
    </Anchor>
  );
}

/** A card of figures: a titled region. */
export function Tarjeta({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      <Stack gap={6}>{children}</Stack>
    </Paper>
  );
}
