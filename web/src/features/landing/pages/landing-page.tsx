import { Title } from '@mantine/core';

export default function Page() {
  return <Title order={1}>Welcome to Certified Recycling Advocate</Title>;
}
