import { Alert, Button, Card, Code, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { QrCode } from '../../../components/qr-code';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useAuth } from '../../auth/store';
import { useMfaStatus, useTotpEnable, useTotpSetup } from '../api/use-two-factor';

/**
 * Issue 19: /admin/two-factor. Anyone may turn on two-factor sign-in with an authenticator app
 * (TOTP); administrators must when ADMIN_MFA=required, and are led here until they have. The
 * recovery codes are shown once, right after.
 */
export default function TwoFactorPage() {
  const headingId = useId();
  const status = useMfaStatus();
  const setup = useTotpSetup();
  const enable = useTotpEnable();
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const turnOn = (e: React.FormEvent) => {
    e.preventDefault();
    enable.mutate(code.trim(), {
      onSuccess: ({ recoveryCodes: codes }) => {
        setRecoveryCodes(codes);
        setCode('');
        const user = useAuth.getState().user;
        if (user) useAuth.getState().setUser({ ...user, mfaEnabled: true });
        toast.success('Two-factor sign-in is on', 'Save your recovery codes now.');
      },
    });
  };

  return (
    <Stack gap="lg" maw={720}>
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={headingId}>
        <Stack>
          <Title order={2} size="h4" id={headingId}>
            Two-factor sign-in
          </Title>
          {status.data?.required && !status.data.totp && (
            <Alert color="orange" title="Set up two-factor sign-in" role="alert">
              Administrators sign in with a second factor. Set it up to use the admin screens.
            </Alert>
          )}
          {status.isError && (
            <Alert color="red" title="Error" role="alert">
              {errorMessage(status.error, 'Unable to load your sign-in settings.')}
            </Alert>
          )}
          {status.data?.totp ? (
            <Stack gap="xs">
              <Group gap="xs">
                <IconShieldCheck size={20} aria-hidden color="var(--mantine-color-teal-8)" />
                <Text fw={600}>Two-factor sign-in is on.</Text>
              </Group>
              <Text size="sm">Recovery codes left: {status.data.recoveryCodesLeft}</Text>
              <Text size="sm" c="dimmed">
                Lost your phone? Sign in with a recovery code. Only another administrator can reset your two-factor
                sign-in; you will be told by e-mail.
              </Text>
            </Stack>
          ) : (
            status.data && (
              <Stack>
                <Text size="sm">
                  Sign in with your password and a 6-digit code from an authenticator app (such as Google Authenticator,
                  Microsoft Authenticator or 1Password).
                </Text>
                {!setup.data ? (
                  <Group>
                    <Button loading={setup.isPending} onClick={() => setup.mutate()}>
                      Set up authenticator app
                    </Button>
                  </Group>
                ) : (
                  <form noValidate onSubmit={turnOn}>
                    <Stack>
                      <Text size="sm">1. Scan this QR code with your authenticator app.</Text>
                      <QrCode value={setup.data.otpauthUrl} size={180} label="QR code for your authenticator app" />
                      <Text size="sm">
                        Cannot scan it? Enter this key in the app:{' '}
                        <Code data-testid="totp-secret">{setup.data.secret}</Code>
                      </Text>
                      <TextInput
                        label="2. Enter the 6-digit code the app shows"
                        inputMode="numeric"
                        autoComplete="one-time-code"
                        maxLength={6}
                        required
                        value={code}
                        error={enable.isError ? errorMessage(enable.error, 'Unable to turn it on.') : undefined}
                        onChange={(e) => setCode(e.currentTarget.value)}
                        maw={240}
                      />
                      <Group>
                        <Button type="submit" loading={enable.isPending} disabled={code.trim().length !== 6}>
                          Turn on
                        </Button>
                      </Group>
                    </Stack>
                  </form>
                )}
                {setup.isError && (
                  <Alert color="red" title="Error" role="alert">
                    {errorMessage(setup.error, 'Unable to start the set-up.')}
                  </Alert>
                )}
              </Stack>
            )
          )}
          {recoveryCodes && (
            <Alert color="blue" title="Save your recovery codes" role="status">
              <Stack gap="xs">
                <Text size="sm">
                  Each code signs you in once if you lose your phone. They are shown only now: print them or keep them
                  in your password manager.
                </Text>
                <List aria-label="Recovery codes" spacing={2} style={{ fontFamily: 'monospace' }}>
                  {recoveryCodes.map((c) => (
                    <List.Item key={c}>{c}</List.Item>
                  ))}
                </List>
                <Group>
                  <Button variant="light" onClick={() => setRecoveryCodes(null)}>
                    I have saved them
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
