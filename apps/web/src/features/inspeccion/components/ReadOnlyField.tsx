import type { ReactNode } from 'react';
import { Box, Text } from '@mantine/core';

/** A label over a value, for the read-only data of the inspection screens. */
export function ReadOnlyField({ label, children, span }: { label: string; children: ReactNode; span?: boolean }) {
  return (
    <Box style={span ? { gridColumn: '1 / -1' } : undefined}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children === null || children === undefined || children === '' ? '-' : children}
      </Text>
    </Box>
  );
}
