import { Text } from '@mantine/core';

export default function Page() {
  return <Text>This page is being built.</Text>;
}
