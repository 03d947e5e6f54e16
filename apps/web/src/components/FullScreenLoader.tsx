import { Center, Loader, Stack, Text } from '@mantine/core';

export function FullScreenLoader() {
  return (
    <Center h="100vh">
      <Stack align="center" gap="xs">
        <Loader />
        <Text>Cargando...</Text>
      </Stack>
    </Center>
  );
}
