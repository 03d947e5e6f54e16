import type { ReactNode } from 'react';
import { createTheme, MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import 'dayjs/locale/es';
import { queryClient } from '../lib/query-client';
import { TOAST_MS } from '../lib/notify';

const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'sm' });

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme}>
        <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
          <ModalsProvider labels={{ confirm: 'SI', cancel: 'NO' }}>
            <Notifications position="top-right" limit={3} autoClose={TOAST_MS} />
            {children}
          </ModalsProvider>
        </DatesProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
