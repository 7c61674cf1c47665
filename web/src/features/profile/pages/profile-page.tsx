import { Avatar, Box, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_GENDER } from '@portal/contract';
import { useDisclosure } from '@mantine/hooks';
import { useAuth } from '../../auth/store';
import { ProfileDialog } from '../components/profile-dialog';
import { ReminderEmailsSwitch } from '../components/reminder-emails-switch';

const shown = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0} align="center">
      <Text fw={700} size="lg">
        {value}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/** /admin/profile (spec §2): the signed-in user's profile and its editing dialog. */
export default function ProfilePage() {
  const user = useAuth((s) => s.user);
  const [opened, dialog] = useDisclosure(false);
  if (!user) return null;

  const details: [string, string][] = [
    ['Email', user.email],
    ['Name', user.name],
    ['Job', shown(user.job)],
    ['Age', shown(user.age)],
    ['Phone Number', shown(user.phoneNo)],
    // spec §9: the default gender shown is 'Human'.
    ['Gender', user.gender || DEFAULT_GENDER],
    ['Address Area', shown(user.address.area)],
    ['State', shown(user.address.state)],
    ['Country', shown(user.address.country)],
    ['Postal Code', shown(user.address.postalCode)],
  ];

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Card withBorder radius="lg" padding="lg">
        <Card.Section>
          <Box h={130} style={{ background: 'linear-gradient(135deg, #1D5598 0%, #6d9cd9 100%)' }} aria-hidden />
        </Card.Section>
        <Stack align="center" gap={4} mt={-48}>
          <Avatar
            src={user.picture || null}
            alt={user.name}
            size={96}
            radius={96}
            color="brand"
            style={{ border: '4px solid var(--mantine-color-white)' }}
          >
            {user.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Title order={2} size="h3">
            {user.name}
          </Title>
          <Text c="dimmed">{shown(user.job)}</Text>
        </Stack>
        <Group justify="center" gap="xl" mt="lg">
          <Stat label="Age" value={shown(user.age)} />
          <Stat label="Country" value={shown(user.address.country)} />
          <Stat label="Joined Since" value={String(new Date(user.createdAt).getFullYear())} />
        </Group>
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" mb="md">
          <Title order={2} size="h4">
            General Information
          </Title>
          <Button onClick={dialog.open}>Update Profile</Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
          {details.map(([label, value]) => (
            <Card key={label} withBorder radius="md" padding="sm">
              <Text component="dt" size="xs" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0} fw={500} style={{ wordBreak: 'break-word' }}>
                {value}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
        <Box mt="lg">
          <ReminderEmailsSwitch user={user} />
        </Box>
      </Card>
      <ProfileDialog user={user} opened={opened} onClose={dialog.close} />
    </SimpleGrid>
  );
}
