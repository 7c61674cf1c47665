import { Text } from '@mantine/core';
import { useState } from 'react';
import { useContractForm } from '../../../lib/contract-form';
import { AuthShell, FormError } from '../components/auth-shell';
import { EmailField, GuestForm, GuestLink, GuestSubmit, useGuestScreen } from '../components/guest-form';

/** The contract's schema, and zod with it, load when the form is first used (lib/contract-form.ts). */
const forgotPasswordBody = async () => (await import('@portal/contract')).forgotPasswordBody;

export default function ForgotPasswordPage() {
  const { isLoading, error, forgotPassword } = useGuestScreen();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { handleSubmit, fieldProps, prefetch } = useContractForm(forgotPasswordBody, { defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await forgotPassword(email);
      setSentTo(email);
    } catch {
      // The store holds the server's message or the fallback (spec §8), shown below.
    }
  });

  return (
    <AuthShell title="Forgot Password">
      {sentTo ? (
        <Text role="status">If an account exists for {sentTo}, you will receive a password reset link shortly.</Text>
      ) : (
        <GuestForm onSubmit={onSubmit} onFocus={prefetch}>
          <Text size="sm" c="dimmed">
            Enter the email address of your account and we will send you a link to reset your password.
          </Text>
          <EmailField {...fieldProps('email')} />
          <FormError message={error} />
          <GuestSubmit disabled={isLoading} loading={isLoading}>
            Send Reset Link
          </GuestSubmit>
        </GuestForm>
      )}
      <GuestLink to="/login">Back to Login</GuestLink>
    </AuthShell>
  );
}
