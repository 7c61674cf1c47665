import { Anchor, Center, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useProductName } from '../../../lib/public-config';
import { LanguageSelect } from '../../../components/language-select';

/** The frame every public auth screen shares: the brand, a card and the screen's title. */
export function AuthShell({ title, children }: { title: string; children: ReactNode }) {
  const product = useProductName();
  return (
    <Center component="main" mih="100vh" p="md" bg="landing.0">
      <Stack w="100%" maw={440} gap="md">
        {/* Issue 34: a guest chooses the language before anything else. */}
        <Group justify="flex-end" c="landing.9">
          <LanguageSelect />
        </Group>
        <Anchor component={Link} to="/" c="landing.7" fw={700} ta="center" underline="never" data-brand>
          <Image src="/favicon.svg" alt="" w={40} h={40} mx="auto" mb={4} />
          {product}
        </Anchor>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Stack gap="md">
            <Title order={1} size="h2" ta="center">
              {title}
            </Title>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}

/** Server errors of spec §8: the server's message inline in red. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Text size="sm" c="red.7" role="alert">
      {message}
    </Text>
  );
}
