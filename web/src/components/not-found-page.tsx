import { Button, Center, Code, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../features/auth/store';
import { useT } from '../i18n/use-t';
import { commonWords } from './words';
import { useNav } from '../app/layouts/words';

/**
 * Issue 35: a 404 that helps. It names the address that was asked for and offers the way on from
 * where the person is: inside the dashboard its home and Help (keeping the rtl layout), outside the
 * home page and the login.
 */
export default function NotFoundPage() {
  const { t, rich } = useT(commonWords);
  const nav = useNav();
  const { pathname } = useLocation();
  const signedIn = useAuth((s) => s.user !== null);
  const base = pathname.startsWith('/rtl/') ? '/rtl' : '/admin';
  const inDashboard = signedIn && /^\/(admin|rtl)\//.test(pathname);
  return (
    <Center mih={inDashboard ? 320 : '100vh'} p="md">
      <Stack align="center" ta="center" maw={480}>
        <Title order={inDashboard ? 2 : 1}>{t('common.ui.notFound.title')}</Title>
        <Text c="dimmed">
          {rich('common.ui.notFound.text', {
            path: (
              <Code dir="ltr" style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
                {pathname}
              </Code>
            ),
          })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('common.ui.notFound.hint')}
        </Text>
        <Group justify="center">
          {signedIn ? (
            <>
              <Button component={Link} to={`${base}/default`} h={44}>
                {t('common.ui.notFound.dashboard')}
              </Button>
              <Button component={Link} to={`${base}/help`} variant="light" h={44}>
                {nav('Help')}
              </Button>
            </>
          ) : (
            <>
              <Button component={Link} to="/" h={44}>
                {t('common.ui.notFound.home')}
              </Button>
              <Button component={Link} to="/login" variant="light" h={44}>
                {t('common.ui.notFound.login')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Center>
  );
}
