import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <Center mih="100vh">
      <Stack align="center">
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">The page you asked for does not exist.</Text>
        <Anchor component={Link} to="/">
          Go to the home page
        </Anchor>
      </Stack>
    </Center>
  );
}
