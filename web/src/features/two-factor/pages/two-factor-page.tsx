import {
  Alert,
  Button,
  Card,
  Code,
  Group,
  List,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { PASSKEY_NAME_MAX_LENGTH } from '@portal/contract';
import { IconKey, IconShieldCheck } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { QrCode } from '../../../components/qr-code';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useAuth } from '../../auth/store';
import { passkeysSupported } from '../../../lib/passkeys';
import {
  useAddPasskey,
  useMfaStatus,
  usePasskeys,
  useRemovePasskey,
  useTotpEnable,
  useTotpSetup,
} from '../api/use-two-factor';
import { formatDay } from '../../../lib/dates';

/**
 * Issue 19: /admin/two-factor. Anyone may turn on two-factor sign-in with an authenticator app
 * (TOTP) or a passkey, or both; administrators must when ADMIN_MFA=required, and are led here until
 * they have. The recovery codes come with the first factor and are shown once, right after.
 */
export default function TwoFactorPage() {
  const headingId = useId();
  const status = useMfaStatus();
  const setup = useTotpSetup();
  const enable = useTotpEnable();
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const passkeys = usePasskeys();
  const addPasskey = useAddPasskey();
  const removePasskey = useRemovePasskey();
  const [passkeyName, setPasskeyName] = useState('');
  const passkeysHeadingId = useId();
  const factorOn = !!status.data && (status.data.totp || (passkeys.data?.length ?? 0) > 0);

  const markOn = () => {
    const user = useAuth.getState().user;
    if (user && !user.mfaEnabled) useAuth.getState().setUser({ ...user, mfaEnabled: true });
  };

  const add = (e: React.FormEvent) => {
    e.preventDefault();
    addPasskey.mutate(passkeyName.trim(), {
      onSuccess: ({ recoveryCodes: codes }) => {
        setPasskeyName('');
        markOn();
        if (codes?.length) {
          setRecoveryCodes(codes);
          toast.success('Two-factor sign-in is on', 'Save your recovery codes now.');
        } else {
          toast.success('Passkey added', 'Use it the next time you sign in.');
        }
      },
    });
  };

  const remove = (id: string) =>
    removePasskey.mutate(id, {
      onSuccess: () => toast.success('Passkey removed', 'It no longer signs you in.'),
      onError: (err) => toast.error('Error', errorMessage(err, 'Unable to remove the passkey.')),
    });

  const turnOn = (e: React.FormEvent) => {
    e.preventDefault();
    enable.mutate(code.trim(), {
      onSuccess: ({ recoveryCodes: codes }) => {
        setCode('');
        markOn();
        if (codes.length) {
          setRecoveryCodes(codes);
          toast.success('Two-factor sign-in is on', 'Save your recovery codes now.');
        } else {
          toast.success('Authenticator app added', 'Use its codes the next time you sign in.');
        }
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
          {status.data?.required && !factorOn && passkeys.isSuccess && (
            <Alert color="orange" title="Set up two-factor sign-in" role="alert">
              Administrators sign in with a second factor. Set it up to use the admin screens.
            </Alert>
          )}
          {status.isError && (
            <Alert color="red" title="Error" role="alert">
              {errorMessage(status.error, 'Unable to load your sign-in settings.')}
            </Alert>
          )}
          {factorOn && (
            <Stack gap="xs">
              <Group gap="xs">
                <IconShieldCheck size={20} aria-hidden color="var(--mantine-color-teal-8)" />
                <Text fw={600}>Two-factor sign-in is on.</Text>
              </Group>
              <Text size="sm">Recovery codes left: {status.data!.recoveryCodesLeft}</Text>
              <Text size="sm" c="dimmed">
                Lost your phone or passkey? Sign in with a recovery code. Only another administrator can reset your
                two-factor sign-in; you will be told by e-mail.
              </Text>
            </Stack>
          )}
          {status.data?.totp ? (
            <Text size="sm">Authenticator app: on.</Text>
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
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={passkeysHeadingId}>
        <Stack>
          <Title order={2} size="h4" id={passkeysHeadingId}>
            Passkeys
          </Title>
          <Text size="sm">
            Sign in with your password and a passkey: your phone, computer or security key confirms it is you, with your
            fingerprint, face or screen lock. You may add several.
          </Text>
          {passkeys.isError && (
            <Alert color="red" title="Error" role="alert">
              {errorMessage(passkeys.error, 'Unable to load your passkeys.')}
            </Alert>
          )}
          {!!passkeys.data?.length && (
            <Table aria-label="Your passkeys" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Added</Table.Th>
                  <Table.Th>Last used</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {passkeys.data.map((p) => (
                  <Table.Tr key={p._id}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <IconKey size={16} aria-hidden />
                        {p.name}
                      </Group>
                    </Table.Td>
                    <Table.Td>{formatDay(p.createdAt)}</Table.Td>
                    <Table.Td>{p.lastUsedAt ? formatDay(p.lastUsedAt) : 'Never'}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={`Remove passkey ${p.name}`}
                        loading={removePasskey.isPending && removePasskey.variables === p._id}
                        onClick={() => remove(p._id)}
                      >
                        Remove
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {passkeysSupported() ? (
            <form noValidate onSubmit={add}>
              <Group align="flex-end">
                <TextInput
                  label="Passkey name"
                  description="So you can tell your passkeys apart, e.g. Work laptop"
                  maxLength={PASSKEY_NAME_MAX_LENGTH}
                  required
                  value={passkeyName}
                  error={addPasskey.isError ? errorMessage(addPasskey.error, 'Unable to add the passkey.') : undefined}
                  onChange={(e) => setPasskeyName(e.currentTarget.value)}
                  maw={320}
                />
                <Button type="submit" loading={addPasskey.isPending} disabled={!passkeyName.trim()}>
                  Add a passkey
                </Button>
              </Group>
            </form>
          ) : (
            <Text size="sm" c="dimmed">
              This browser cannot use passkeys.
            </Text>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
