import { Box, Divider, NavLink, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { isGroup, type NavEntry, type NavGroup, type NavRoute } from '../navigation';
import { useT } from '../../i18n/use-t';
import { frameWords, useNav } from './words';

interface SidebarProps {
  brand: string;
  entries: NavEntry[];
  /** Called after a link is followed (the drawer closes). */
  onNavigate?: () => void;
}

function RouteLink({ route, onNavigate }: { route: NavRoute; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const to = route.layout + route.path;
  const active = pathname.replace(/\/+$/, '') === to;
  const nav = useNav();
  return (
    <NavLink
      component={Link}
      to={to}
      label={nav(route.name)}
      leftSection={route.icon}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      variant="light"
      fw={active ? 700 : 500}
      styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
    />
  );
}

function Group({ group, onNavigate }: { group: NavGroup; onNavigate?: () => void }) {
  const nav = useNav();
  const items = group.items
    .filter((entry) => isGroup(entry) || !entry.hidden)
    .map((entry) => <Entry key={entry.name} entry={entry} onNavigate={onNavigate} />);
  if (group.collapse) {
    return (
      <NavLink label={nav(group.name)} defaultOpened childrenOffset="md">
        {items}
      </NavLink>
    );
  }
  return (
    <Box component="section" aria-label={nav(group.name)}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" mb={4}>
        {nav(group.name)}
      </Text>
      <Stack gap={2}>{items}</Stack>
    </Box>
  );
}

function Entry({ entry, onNavigate }: { entry: NavEntry; onNavigate?: () => void }) {
  return isGroup(entry) ? (
    <Group group={entry} onNavigate={onNavigate} />
  ) : (
    <RouteLink route={entry} onNavigate={onNavigate} />
  );
}

/** The sidebar's content: brand text and the menus (spec §2), shared by the fixed sidebar and the drawer. */
export function Sidebar({ brand, entries, onNavigate }: SidebarProps) {
  const { t } = useT(frameWords);
  return (
    <Box p="md">
      <Title order={2} size="h3" c="brand.6" ta="center" py="md" data-brand>
        {brand}
      </Title>
      <Divider mb="md" />
      <Stack component="nav" aria-label={t('nav.sidebar')} gap="lg">
        {entries.map((entry) => (
          <Entry key={entry.name} entry={entry} onNavigate={onNavigate} />
        ))}
      </Stack>
    </Box>
  );
}
