import { Avatar, Box, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_GENDER } from '@portal/contract';
import { useDisclosure } from '@mantine/hooks';
import { NO_VALUE, useT } from '../../../i18n/use-t';
import { useAuth } from '../../auth/store';
import { ProfileDialog } from '../components/profile-dialog';
import { ReminderEmailsSwitch } from '../components/reminder-emails-switch';
import { profileWords } from '../words';

const shown = (value: string | null | undefined) =>
  value === null || value === undefined || value === '' ? NO_VALUE : value;

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0} align="center">
      <Text fw={700} size="lg" dir="auto">
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
  const { t, intl } = useT(profileWords);
  const user = useAuth((s) => s.user);
  const [opened, dialog] = useDisclosure(false);
  if (!user) return null;

  const age = shown(user.age === null ? null : intl.formatNumber(user.age));
  // The member's own words (name, job, address) are shown as written, each in its own direction.
  const details: [string, string][] = [
    [t('profile.field.email'), user.email],
    [t('profile.field.name'), user.name],
    [t('profile.field.job'), shown(user.job)],
    [t('profile.field.age'), age],
    [t('profile.field.phoneNo'), shown(user.phoneNo)],
    // spec §9: the default gender shown is 'Human'.
    [t('profile.field.gender'), user.gender || DEFAULT_GENDER],
    [t('profile.field.addressArea'), shown(user.address.area)],
    [t('profile.field.state'), shown(user.address.state)],
    [t('profile.field.country'), shown(user.address.country)],
    [t('profile.field.postalCode'), shown(user.address.postalCode)],
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
          <Title order={2} size="h3" dir="auto">
            {user.name}
          </Title>
          <Text c="dimmed" dir="auto">
            {shown(user.job)}
          </Text>
        </Stack>
        <Group justify="center" gap="xl" mt="lg">
          <Stat label={t('profile.field.age')} value={age} />
          <Stat label={t('profile.field.country')} value={shown(user.address.country)} />
          <Stat label={t('profile.joinedSince')} value={intl.formatDate(user.createdAt, { year: 'numeric' })} />
        </Group>
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" mb="md">
          <Title order={2} size="h4">
            {t('profile.generalInformation')}
          </Title>
          <Button onClick={dialog.open}>{t('profile.update')}</Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
          {details.map(([label, value]) => (
            <Card key={label} withBorder radius="md" padding="sm">
              <Text component="dt" size="xs" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0} fw={500} dir="auto" style={{ wordBreak: 'break-word' }}>
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
