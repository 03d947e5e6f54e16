import { Text } from '@mantine/core';

/** One labelled line of an inspection's card ('Tercero: Pérez Juan'), wrapping long words on a phone. */
export function CardLine({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span c="dimmed" size="sm">
        {label}:{' '}
      </Text>
      {children}
    </Text>
  );
}
