import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { AuthShell, FormError } from '../components/auth-shell';
import { CodeInput, emptyCode, isComplete } from '../components/code-input';
import { useAuth } from '../store';

export default function VerifyEmailPage() {
  const navigate = useNavigate();
  const { user, isLoading, error, verifyEmail, resendCode } = useAuth();
  const [digits, setDigits] = useState(emptyCode);
  const [resent, setResent] = useState<string | null>(null);
  // One request per code: auto-submit and a click on the button must not send it twice.
  const pending = useRef(false);

  useEffect(() => useAuth.getState().clearError(), []);

  const submit = async (code: string) => {
    if (pending.current) return;
    pending.current = true;
    setResent(null);
    try {
      await verifyEmail(code);
      toast.success('Email verified successfully', 'Your account is ready.');
      // spec §2: on to /; the landing page then offers the dashboard (issue 13).
      void navigate('/', { state: { verified: true } });
    } catch {
      // The store holds the server's message (spec §8), shown below.
    } finally {
      pending.current = false;
    }
  };

  const resend = async () => {
    setResent(null);
    try {
      setResent(await resendCode());
      setDigits(emptyCode());
    } catch {
      // Shown from the store's error.
    }
  };

  return (
    <AuthShell title="Verify Your Email">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (isComplete(digits)) void submit(digits.join(''));
        }}
      >
        <Stack gap="md">
          <Text ta="center" c="dimmed">
            Enter the 6-digit code sent to your email address
          </Text>
          <CodeInput value={digits} onChange={setDigits} onComplete={(code) => void submit(code)} error={!!error} />
          <FormError message={error} />
          {resent && (
            <Text size="sm" c="teal.8" role="status">
              {resent}
            </Text>
          )}
          <Button type="submit" color="landing" fullWidth loading={isLoading} disabled={!isComplete(digits)}>
            Verify Email
          </Button>
          {user ? (
            <Group justify="center" gap={4}>
              <Text size="sm" c="dimmed">
                Did not get a code?
              </Text>
              <Anchor component="button" type="button" size="sm" onClick={() => void resend()} disabled={isLoading}>
                Resend code
              </Anchor>
            </Group>
          ) : (
            <Text size="sm" ta="center">
              The code belongs to a signed-in account:{' '}
              <Anchor component={Link} to="/login">
                log in first
              </Anchor>
            </Text>
          )}
        </Stack>
      </form>
    </AuthShell>
  );
}
