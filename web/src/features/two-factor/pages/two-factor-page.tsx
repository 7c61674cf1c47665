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
import { useT } from '../../../i18n/use-t';
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
import { twoFactorWords } from '../words';

/**
 * Issue 19: /admin/two-factor. Anyone may turn on two-factor sign-in with an authenticator app
 * (TOTP) or a passkey, or both; administrators must when ADMIN_MFA=required, and are led here until
 * they have. The recovery codes come with the first factor and are shown once, right after.
 */
export default function TwoFactorPage() {
  const { t, rich } = useT(twoFactorWords);
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
          toast.success(t('twoFactor.toast.on'), t('twoFactor.toast.saveCodes'));
        } else {
          toast.success(t('twoFactor.toast.passkeyAdded'), t('twoFactor.toast.passkeyAddedText'));
        }
      },
    });
  };

  const remove = (id: string) =>
    removePasskey.mutate(id, {
      onSuccess: () => toast.success(t('twoFactor.toast.passkeyRemoved'), t('twoFactor.toast.passkeyRemovedText')),
      onError: (err) => toast.error(t('common.error'), errorMessage(err, t('twoFactor.passkeys.removeFailed'))),
    });

  const turnOn = (e: React.FormEvent) => {
    e.preventDefault();
    enable.mutate(code.trim(), {
      onSuccess: ({ recoveryCodes: codes }) => {
        setCode('');
        markOn();
        if (codes.length) {
          setRecoveryCodes(codes);
          toast.success(t('twoFactor.toast.on'), t('twoFactor.toast.saveCodes'));
        } else {
          toast.success(t('twoFactor.toast.totpAdded'), t('twoFactor.toast.totpAddedText'));
        }
      },
    });
  };

  return (
    <Stack gap="lg" maw={720}>
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={headingId}>
        <Stack>
          <Title order={2} size="h4" id={headingId}>
            {t('twoFactor.title')}
          </Title>
          {status.data?.required && !factorOn && passkeys.isSuccess && (
            <Alert color="orange" title={t('twoFactor.required.title')} role="alert">
              {t('twoFactor.required.text')}
            </Alert>
          )}
          {status.isError && (
            <Alert color="red" title={t('common.error')} role="alert">
              {errorMessage(status.error, t('twoFactor.statusFailed'))}
            </Alert>
          )}
          {factorOn && (
            <Stack gap="xs">
              <Group gap="xs">
                <IconShieldCheck size={20} aria-hidden color="var(--mantine-color-teal-8)" />
                <Text fw={600}>{t('twoFactor.on')}</Text>
              </Group>
              <Text size="sm">{t('twoFactor.codesLeft', { count: status.data!.recoveryCodesLeft })}</Text>
              <Text size="sm" c="dimmed">
                {t('twoFactor.lost')}
              </Text>
            </Stack>
          )}
          {status.data?.totp ? (
            <Text size="sm">{t('twoFactor.totp.on')}</Text>
          ) : (
            status.data && (
              <Stack>
                <Text size="sm">{t('twoFactor.totp.intro')}</Text>
                {!setup.data ? (
                  <Group>
                    <Button loading={setup.isPending} onClick={() => setup.mutate()}>
                      {t('twoFactor.totp.setUp')}
                    </Button>
                  </Group>
                ) : (
                  <form noValidate onSubmit={turnOn}>
                    <Stack>
                      <Text size="sm">{t('twoFactor.totp.scan')}</Text>
                      <QrCode value={setup.data.otpauthUrl} size={180} label={t('twoFactor.totp.qr')} />
                      <Text size="sm">
                        {rich('twoFactor.totp.manual', {
                          key: (
                            <Code data-testid="totp-secret" dir="ltr">
                              {setup.data.secret}
                            </Code>
                          ),
                        })}
                      </Text>
                      <TextInput
                        label={t('twoFactor.totp.code')}
                        inputMode="numeric"
                        autoComplete="one-time-code"
                        maxLength={6}
                        required
                        value={code}
                        error={
                          enable.isError ? errorMessage(enable.error, t('twoFactor.totp.enableFailed')) : undefined
                        }
                        onChange={(e) => setCode(e.currentTarget.value)}
                        maw={240}
                      />
                      <Group>
                        <Button type="submit" loading={enable.isPending} disabled={code.trim().length !== 6}>
                          {t('twoFactor.totp.turnOn')}
                        </Button>
                      </Group>
                    </Stack>
                  </form>
                )}
                {setup.isError && (
                  <Alert color="red" title={t('common.error')} role="alert">
                    {errorMessage(setup.error, t('twoFactor.totp.setupFailed'))}
                  </Alert>
                )}
              </Stack>
            )
          )}
          {recoveryCodes && (
            <Alert color="blue" title={t('twoFactor.codes.title')} role="status">
              <Stack gap="xs">
                <Text size="sm">{t('twoFactor.codes.text')}</Text>
                <List aria-label={t('twoFactor.codes.list')} spacing={2} style={{ fontFamily: 'monospace' }}>
                  {recoveryCodes.map((c) => (
                    <List.Item key={c}>{c}</List.Item>
                  ))}
                </List>
                <Group>
                  <Button variant="light" onClick={() => setRecoveryCodes(null)}>
                    {t('twoFactor.codes.done')}
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
            {t('twoFactor.passkeys.title')}
          </Title>
          <Text size="sm">{t('twoFactor.passkeys.intro')}</Text>
          {passkeys.isError && (
            <Alert color="red" title={t('common.error')} role="alert">
              {errorMessage(passkeys.error, t('twoFactor.passkeys.loadFailed'))}
            </Alert>
          )}
          {!!passkeys.data?.length && (
            <Table aria-label={t('twoFactor.passkeys.table')} verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('twoFactor.passkeys.name')}</Table.Th>
                  <Table.Th>{t('twoFactor.passkeys.added')}</Table.Th>
                  <Table.Th>{t('twoFactor.passkeys.lastUsed')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('twoFactor.passkeys.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {passkeys.data.map((p) => (
                  <Table.Tr key={p._id}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <IconKey size={16} aria-hidden />
                        <bdi>{p.name}</bdi>
                      </Group>
                    </Table.Td>
                    <Table.Td>{formatDay(p.createdAt)}</Table.Td>
                    <Table.Td>{p.lastUsedAt ? formatDay(p.lastUsedAt) : t('twoFactor.passkeys.never')}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={t('twoFactor.passkeys.removeNamed', { name: p.name })}
                        loading={removePasskey.isPending && removePasskey.variables === p._id}
                        onClick={() => remove(p._id)}
                      >
                        {t('twoFactor.passkeys.remove')}
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
                  label={t('twoFactor.passkeys.nameLabel')}
                  description={t('twoFactor.passkeys.nameHint')}
                  maxLength={PASSKEY_NAME_MAX_LENGTH}
                  required
                  value={passkeyName}
                  error={
                    addPasskey.isError ? errorMessage(addPasskey.error, t('twoFactor.passkeys.addFailed')) : undefined
                  }
                  onChange={(e) => setPasskeyName(e.currentTarget.value)}
                  maw={320}
                />
                <Button type="submit" loading={addPasskey.isPending} disabled={!passkeyName.trim()}>
                  {t('twoFactor.passkeys.add')}
                </Button>
              </Group>
            </form>
          ) : (
            <Text size="sm" c="dimmed">
              {t('twoFactor.passkeys.unsupported')}
            </Text>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
