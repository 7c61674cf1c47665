import { Button, Divider, Text, TextInput } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { AuthShell, FormError } from '../components/auth-shell';
import { GuestForm, GuestLink, GuestSubmit, useGuestScreen } from '../components/guest-form';

/**
 * Issue 19: the second step of a sign-in. The password was right; the session can do nothing
 * until a code from the authenticator app (or a recovery code) is given here, or, where the
 * account holds one, a passkey.
 */
export default function TwoFactorLoginPage() {
  const navigate = useNavigate();
  const { isLoading, error, verifySecondFactor, verifyWithPasskey, passkeyOffered } = useGuestScreen();
  const [code, setCode] = useState('');

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return;
    try {
      const left = await verifySecondFactor(code.trim());
      if (left !== undefined) {
        toast.success('Signed in with a recovery code', `${left} recovery ${left === 1 ? 'code' : 'codes'} left.`);
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
    <AuthShell title="Two-Factor Sign-In">
      <GuestForm onSubmit={submit} gap="md">
        <Text ta="center" c="dimmed">
          Enter the 6-digit code from your authenticator app
        </Text>
        <TextInput
          label="Code"
          description="Lost your phone? Enter one of your recovery codes instead."
          autoComplete="one-time-code"
          autoFocus
          required
          value={code}
          error={!!error}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <FormError message={error} />
        <GuestSubmit loading={isLoading} disabled={!code.trim()}>
          Verify
        </GuestSubmit>
        {passkeyOffered && (
          <>
            <Divider label="or" labelPosition="center" />
            <Button
              variant="default"
              fullWidth
              leftSection={<IconKey size={18} aria-hidden />}
              loading={isLoading}
              onClick={() => void signInWithPasskey()}
            >
              Use a passkey
            </Button>
          </>
        )}
        <GuestLink to="/login">Back to login</GuestLink>
      </GuestForm>
    </AuthShell>
  );
}
