import { Title } from '@mantine/core';
import { useEffect } from 'react';

/** The page's one h1 (at the size of an h2, as the screens were drawn), and the tab's title. */
export function PageTitle({ children }: { children: string }) {
  useEffect(() => {
    document.title = `${children} · Siniestros`;
  }, [children]);
  return (
    <Title order={1} size="h2" mb="md">
      {children}
    </Title>
  );
}
