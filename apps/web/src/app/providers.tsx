import type { ReactNode } from 'react';
import { Anchor, createTheme, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';

const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  // A link takes the size of the text around it (a table's 14 px, not Mantine's default 16 px).
  components: { Anchor: Anchor.extend({ defaultProps: { inherit: true } }) },
});

/** What every route needs; the signed-in screens add theirs in routes/shell. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme}>{children}</MantineProvider>
    </QueryClientProvider>
  );
}
