import { Button, Center, Code, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../features/auth/store';

/**
 * Issue 35: a 404 that helps. It names the address that was asked for and offers the way on from
 * where the person is: inside the dashboard its home and Help (keeping the rtl layout), outside the
 * home page and the login.
 */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  const signedIn = useAuth((s) => s.user !== null);
  const base = pathname.startsWith('/rtl/') ? '/rtl' : '/admin';
  const inDashboard = signedIn && /^\/(admin|rtl)\//.test(pathname);
  return (
    <Center mih={inDashboard ? 320 : '100vh'} p="md">
      <Stack align="center" ta="center" maw={480}>
        <Title order={inDashboard ? 2 : 1}>Page not found</Title>
        <Text c="dimmed">
          The page you asked for does not exist:{' '}
          <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>{pathname}</Code>
        </Text>
        <Text size="sm" c="dimmed">
          If you followed a link from an e-mail or a certificate, check that it was copied whole.
        </Text>
        <Group justify="center">
          {signedIn ? (
            <>
              <Button component={Link} to={`${base}/default`} h={44}>
                Go to your dashboard
              </Button>
              <Button component={Link} to={`${base}/help`} variant="light" h={44}>
                Help
              </Button>
            </>
          ) : (
            <>
              <Button component={Link} to="/" h={44}>
                Go to the home page
              </Button>
              <Button component={Link} to="/login" variant="light" h={44}>
                Login
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Center>
  );
}
