import type { ReactNode } from 'react';
import { createTheme, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';

const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'sm' });

/** What every route needs; the signed-in screens add theirs in routes/shell. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme}>{children}</MantineProvider>
    </QueryClientProvider>
  );
}
