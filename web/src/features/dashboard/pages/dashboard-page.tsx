import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBell,
  IconBriefcase,
  IconCertificate,
  IconFileReport,
  IconHelp,
  IconMessages,
  IconUser,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../auth/store';
import { useT } from '../../../i18n/use-t';
import { frameWords, useNav } from '../../../app/layouts/words';

interface Tile {
  name: string;
  /** Relative to the layout (/admin or /rtl), so the tiles stay in the variant they are shown in. */
  path: string;
  icon: Icon;
}

const USER_TILES: Tile[] = [
  { name: 'Certificates', path: 'certificates', icon: IconCertificate },
  { name: 'Report', path: 'report', icon: IconFileReport },
  { name: 'Job Board', path: 'job-board', icon: IconBriefcase },
  { name: 'Messages', path: 'messages', icon: IconMessages },
  { name: 'Profile', path: 'profile', icon: IconUser },
  { name: 'Help', path: 'help', icon: IconHelp },
];

const ADMIN_TILES: Tile[] = [
  { name: 'All Certificates', path: 'manage/certificates', icon: IconCertificate },
  { name: 'All Reports', path: 'manage/reports', icon: IconFileReport },
  { name: 'Manage Notifications', path: 'manage/notifications', icon: IconBell },
  { name: 'All Jobs', path: 'manage/jobs', icon: IconBriefcase },
  { name: 'All Users', path: 'manage/users', icon: IconUsers },
  { name: 'Manage Help Page', path: 'manage/help', icon: IconHelp },
];

function TileGrid({ title, tiles }: { title: string; tiles: Tile[] }) {
  const nav = useNav();
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Title order={2} size="h3" id={headingId}>
        {title}
      </Title>
      {/* spec §9: the tile grid has 3 columns. */}
      <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'lg' }}>
        {tiles.map(({ name, path, icon: TileIcon }) => (
          <Card
            key={path}
            component={Link}
            to={`../${path}`}
            relative="path"
            withBorder
            shadow="sm"
            radius="lg"
            // A third of a phone is narrow: less padding and smaller type there keep the longest
            // words ("Certificates", "Notifications") whole down to 360 px.
            p={{ base: 'xs', sm: 'lg' }}
            style={{ textAlign: 'center' }}
          >
            <Stack align="center" gap="xs">
              <ThemeIcon size={48} radius="xl" variant="light">
                <TileIcon size={26} stroke={1.75} aria-hidden />
              </ThemeIcon>
              <Text fw={600} fz={{ base: 'xs', sm: 'sm' }} style={{ wordBreak: 'break-word' }}>
                {nav(name)}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * /admin/default (spec §2): the member's tiles, and the admin's for administrators; `before` and
 * `after`, what the app puts above and below them (issue 35, app/dashboard-home.tsx).
 */
export default function DashboardPage({ before, after }: { before?: ReactNode; after?: ReactNode }) {
  const { t } = useT(frameWords);
  const isAdmin = useAuth((s) => s.user?.isAdmin ?? false);
  return (
    <Stack gap="xl">
      {before}
      <TileGrid title={t('nav.userDashboard')} tiles={USER_TILES} />
      {isAdmin && <TileGrid title={t('nav.adminDashboard')} tiles={ADMIN_TILES} />}
      {after}
    </Stack>
  );
}
