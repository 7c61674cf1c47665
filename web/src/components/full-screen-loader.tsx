import { Center, Loader } from '@mantine/core';

/** spec §2: a full-screen loader while the session check runs. */
export function FullScreenLoader() {
  return (
    <Center h="100vh" role="status" aria-label="Loading">
      <Loader size="lg" />
    </Center>
  );
}
