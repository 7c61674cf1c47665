import { Button, Divider, Text, TextInput } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { AuthShell, FormError } from '../components/auth-shell';
import { useT } from '../../../i18n/use-t';
import { GuestForm, GuestLink, GuestSubmit, useGuestScreen } from '../components/guest-form';

/**
 * Issue 19: the second step of a sign-in. The password was right; the session can do nothing
 * until a code from the authenticator app (or a recovery code) is given here, or, where the
 * account holds one, a passkey.
 */
export default function TwoFactorLoginPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const { isLoading, error, verifySecondFactor, verifyWithPasskey, passkeyOffered } = useGuestScreen();
  const [code, setCode] = useState('');

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return;
    try {
      const left = await verifySecondFactor(code.trim());
      if (left !== undefined) {
        toast.success(t('auth.twoFactor.recoveryUsed'), t('auth.twoFactor.recoveryLeft', { count: left }));
      }
      void navigate('/admin/default', { replace: true });
    } catch {
      // The store holds the server's message, shown below.
      setCode('');
    }
  };

  const signInWithPasskey = async () => {
    try {
      await verifyWithPasskey();
      void navigate('/admin/default', { replace: true });
    } catch {
      // The store holds the message, shown below.
    }
  };

  return (
    <AuthShell title={t('auth.twoFactor.title')}>
      <GuestForm onSubmit={submit} gap="md">
        <Text ta="center" c="dimmed">
          {t('auth.twoFactor.intro')}
        </Text>
        <TextInput
          label={t('auth.twoFactor.code')}
          description={t('auth.twoFactor.lostPhone')}
          autoComplete="one-time-code"
          autoFocus
          required
          value={code}
          error={!!error}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <FormError message={error} />
        <GuestSubmit loading={isLoading} disabled={!code.trim()}>
          {t('auth.twoFactor.submit')}
        </GuestSubmit>
        {passkeyOffered && (
          <>
            <Divider label={t('auth.twoFactor.or')} labelPosition="center" />
            <Button
              variant="default"
              fullWidth
              leftSection={<IconKey size={18} aria-hidden />}
              loading={isLoading}
              onClick={() => void signInWithPasskey()}
            >
              {t('auth.twoFactor.passkey')}
            </Button>
          </>
        )}
        <GuestLink to="/login">{t('auth.twoFactor.backToLogin')}</GuestLink>
      </GuestForm>
    </AuthShell>
  );
}
