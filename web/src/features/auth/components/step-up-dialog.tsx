import { Button, Divider, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { apiPath } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { api, errorMessage, lazySchema } from '../../../lib/api';
import { setStepUpConfirm } from '../../../lib/step-up';
import { frameWords } from '../../../app/layouts/words';
import { useT } from '../../../i18n/use-t';
import { useAuth } from '../store';

/**
 * The schemas of the dialog's answers, loaded when it is first used: it is part of every
 * dashboard's first visit (byte budget, docs/performance.md).
 */
const passkeyList = lazySchema(async () => (await import('@portal/contract/schemas/mfa')).passkeyList);
const authResponse = lazySchema(async () => (await import('@portal/contract/schemas/auth')).authResponse);

/**
 * Issue 19, step-up: when the server wants a fresh second factor for an act (an SSN revealed, the
 * HMIS export, an admin flag changed), the API client asks here (lib/step-up.ts). The person gives
 * a code (or, without a second factor, the password), or uses a passkey where the account holds
 * one; the act is then retried.
 */
export function StepUpDialog() {
  const { t } = useT(frameWords);
  const mfaEnabled = useAuth((s) => s.user?.mfaEnabled ?? false);
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Whether the account holds a passkey: asked each time the dialog opens. */
  const [hasPasskey, setHasPasskey] = useState(false);
  const answer = useRef<((confirmed: boolean) => void) | null>(null);

  useEffect(
    () =>
      setStepUpConfirm(
        () =>
          new Promise<boolean>((resolve) => {
            answer.current?.(false);
            answer.current = resolve;
            setValue('');
            setError(null);
            setHasPasskey(false);
            setOpened(true);
            if (useAuth.getState().user?.mfaEnabled) {
              api('GET', apiPath('/api/auth/mfa/passkeys'), { schema: passkeyList })
                .then((list) => setHasPasskey(list.length > 0))
                .catch(() => setHasPasskey(false));
            }
          }),
      ),
    [],
  );

  const finish = (confirmed: boolean) => {
    answer.current?.(confirmed);
    answer.current = null;
    setOpened(false);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!value.trim()) return;
    setBusy(true);
    setError(null);
    try {
      await api('POST', apiPath('/api/auth/mfa/verify'), {
        body: mfaEnabled ? { code: value.trim() } : { password: value },
        schema: authResponse,
      });
      finish(true);
    } catch (err) {
      setError(errorMessage(err, t('stepUp.failed')));
      setValue('');
    } finally {
      setBusy(false);
    }
  };

  const confirmWithPasskey = async () => {
    setBusy(true);
    setError(null);
    try {
      // Loaded when used: the dialog is part of every dashboard's first visit (byte budget).
      const { passkeyAssertion } = await import('../../../lib/passkeys');
      await api('POST', apiPath('/api/auth/mfa/verify'), {
        body: { passkey: await passkeyAssertion() },
        schema: authResponse,
      });
      finish(true);
    } catch (err) {
      setError(errorMessage(err, t('stepUp.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    // Above the dialog the act was started from (the report's details), and its popovers.
    <Modal opened={opened} onClose={() => finish(false)} title={t('stepUp.title')} centered zIndex={400}>
      <form noValidate onSubmit={(e) => void submit(e)}>
        <Stack>
          <Text size="sm">{mfaEnabled ? t('stepUp.needsFactor') : t('stepUp.needsPassword')}</Text>
          {mfaEnabled ? (
            <TextInput
              label={t('auth.twoFactor.code')}
              autoComplete="one-time-code"
              data-autofocus
              required
              value={value}
              error={error}
              onChange={(e) => setValue(e.currentTarget.value)}
            />
          ) : (
            <PasswordInput
              label={t('auth.password')}
              autoComplete="current-password"
              data-autofocus
              required
              value={value}
              error={error}
              onChange={(e) => setValue(e.currentTarget.value)}
              visibilityToggleButtonProps={{ 'aria-label': t('auth.showPassword'), tabIndex: 0 }}
            />
          )}
          {mfaEnabled && hasPasskey && (
            <>
              <Divider label={t('auth.twoFactor.or')} labelPosition="center" />
              <Button variant="default" loading={busy} onClick={() => void confirmWithPasskey()}>
                {t('auth.twoFactor.passkey')}
              </Button>
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => finish(false)}>
              {t('stepUp.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={!value.trim()}>
              {t('stepUp.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
