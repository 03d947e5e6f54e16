import { Title } from '@mantine/core';
import { useEffect } from 'react';

export function PageTitle({ children }: { children: string }) {
  useEffect(() => {
    document.title = `${children} · Siniestros`;
  }, [children]);
  return (
    <Title order={2} mb="md">
      {children}
    </Title>
  );
}
