import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import type { forgotPasswordBody } from '@portal/contract';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { AuthShell, FormError } from '../components/auth-shell';
import { useAuth } from '../store';

type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

/** The contract's schema, and zod with it, load when the form is first used (lazy-resolver.ts). */
const validation = lazyZodResolver<ForgotPasswordBody>(
  async () => (await import('@portal/contract')).forgotPasswordBody,
);

export default function ForgotPasswordPage() {
  const { isLoading, error, forgotPassword } = useAuth();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordBody>({ resolver: validation.resolver, defaultValues: { email: '' } });

  useEffect(() => useAuth.getState().clearError(), []);

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
        <form noValidate onSubmit={(e) => void onSubmit(e)} onFocus={validation.prefetch}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Enter the email address of your account and we will send you a link to reset your password.
            </Text>
            <TextInput
              label="Email Address"
              type="email"
              autoComplete="email"
              required
              error={errors.email?.message}
              {...register('email')}
            />
            <FormError message={error} />
            <Button type="submit" color="landing" fullWidth disabled={isLoading} loading={isLoading}>
              Send Reset Link
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm" ta="center">
        <Anchor component={Link} to="/login">
          Back to Login
        </Anchor>
      </Text>
    </AuthShell>
  );
}
