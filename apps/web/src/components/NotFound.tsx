import { Anchor, Center, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFound() {
  return (
    <Center component="main" h="100vh">
      <Stack align="center">
        <Title order={1} size="h2">404 - La pagina no existe</Title>
        <Anchor component={Link} to="/casos">
          Ir a la pagina principal
        </Anchor>
      </Stack>
    </Center>
  );
}
