import { Avatar, Box, Breadcrumbs, Burger, Group, Menu, Text, Title, UnstyledButton } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../features/auth/store';
import { NotificationsPopover } from '../../features/notifications/components/notifications-popover';
import { OutboxStatus } from '../../features/reports/components/outbox-status';
import { LanguageMenu } from '../../features/profile/components/language-menu';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { TOP_BAR_HEIGHT_VAR } from '../theme';
import { useT } from '../../i18n/use-t';
import classes from './dashboard-layout.module.css';
import { frameWords } from './words';

interface DashboardNavbarProps {
  title: string;
  messageNavbar?: string;
  profilePath: string;
  drawerOpened: boolean;
  onToggleDrawer: () => void;
}

/**
 * Toasts on a phone sit below the top bar, not over its controls (providers.tsx): its height, kept
 * in a CSS variable as it changes. Written straight to the document, not through React state: a
 * state change would render the whole dashboard again.
 */
function usePublishedHeight() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() =>
      root.setProperty(TOP_BAR_HEIGHT_VAR, `${Math.round(bar.offsetHeight)}px`),
    );
    observer.observe(bar);
    return () => {
      observer.disconnect();
      root.removeProperty(TOP_BAR_HEIGHT_VAR);
    };
  }, []);
  return ref;
}

/**
 * The top bar of spec §2, fixed to the top of the window as the page scrolls (sticky: it takes its
 * own room, so the content below needs no measured offset): breadcrumb, page heading, greeting,
 * notifications and user menu.
 */
export function DashboardNavbar({
  title,
  messageNavbar,
  profilePath,
  drawerOpened,
  onToggleDrawer,
}: DashboardNavbarProps) {
  const { t } = useT(frameWords);
  const ref = usePublishedHeight();
  const [scroll] = useWindowScroll();
  const user = useAuth((s) => s.user);
  const logout = useAuth((s) => s.logout);
  const navigate = useNavigate();

  const onLogout = async () => {
    try {
      await logout();
      await navigate('/login');
    } catch (err) {
      toast.error(t('common.error'), errorMessage(err, t('nav.logOutFailed')));
    }
  };

  return (
    <Box component="header" ref={ref} className={classes.navbar} data-scrolled={scroll.y > 1 || undefined}>
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" align="center" style={{ minWidth: 0 }}>
          {/* On a phone the menu button sits at the start edge, outside the greeting (issue 13). */}
          <Burger
            className={classes.burger}
            opened={drawerOpened}
            onClick={onToggleDrawer}
            size="sm"
            aria-label={drawerOpened ? t('nav.close') : t('nav.open')}
            aria-expanded={drawerOpened}
          />
          <Box style={{ minWidth: 0 }}>
            <Breadcrumbs separator="/" fz="sm" component="nav" aria-label={t('nav.breadcrumb')}>
              <Text size="sm" c="dimmed">
                {t('nav.pages')}
              </Text>
              <Text size="sm" c="dimmed" aria-current="page" dir="auto">
                {title}
              </Text>
            </Breadcrumbs>
            <Title order={1} size="h2" c="brand.9" dir="auto" className={classes.title}>
              {title}
            </Title>
            {messageNavbar && (
              <Text size="sm" c="dimmed">
                {messageNavbar}
              </Text>
            )}
          </Box>
        </Group>
        <Group gap="xs" wrap="nowrap" p={6} ms="auto" className={classes.pill}>
          <OutboxStatus />
          <Text size="sm" fw={500} px={4} dir="auto">
            {t('nav.hello', { name: user?.name ?? '' })}
          </Text>
          <LanguageMenu />
          <NotificationsPopover />
          <Menu position="bottom-end" shadow="md" width={200}>
            <Menu.Target>
              <UnstyledButton aria-label={t('nav.userMenu')} className={classes.avatarButton}>
                {/* Decorative here: the button carries the name. */}
                <Avatar src={user?.picture || null} alt="" color="brand" radius="xl" size={36} aria-hidden>
                  {user?.name.slice(0, 1).toUpperCase()}
                </Avatar>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label dir="auto">{t('nav.hello', { name: user?.name ?? '' })}</Menu.Label>
              <Menu.Item component={Link} to={profilePath} leftSection={<IconSettings size={16} aria-hidden />}>
                {t('nav.profileSettings')}
              </Menu.Item>
              <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void onLogout()}>
                {t('nav.logOut')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
    </Box>
  );
}
