import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { LoginBody } from '@portal/contract';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { AuthShell, FormError } from '../components/auth-shell';
import { PasswordField } from '../components/password-field';
import { useAuth } from '../store';

/** The contract's schema, and zod with it, load when the form is first used (lazy-resolver.ts). */
const validation = lazyZodResolver<LoginBody>(async () => (await import('@portal/contract')).loginBody);

export default function LoginPage() {
  const navigate = useNavigate();
  const { isLoading, error, login } = useAuth();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginBody>({ resolver: validation.resolver, defaultValues: { email: '', password: '' } });

  useEffect(() => useAuth.getState().clearError(), []);

  const onSubmit = handleSubmit(async (body) => {
    try {
      await login(body);
    } catch {
      // The store holds the server's message or 'Error logging in' (spec §8), shown below.
      return;
    }
    // Issue 19: the password was right and the account has a second factor: ask for it.
    if (useAuth.getState().mfaPending) return void navigate('/login/two-factor');
    // spec §2: no redirect of its own for verified users (GuestOnly sends them to the
    // dashboard), but the guard lets an unverified one stay here: send them to enter the code.
    if (useAuth.getState().user?.isVerified === false) void navigate('/verify-email', { replace: true });
  });

  return (
    <AuthShell title="Welcome Back">
      <form noValidate onSubmit={(e) => void onSubmit(e)} onFocus={validation.prefetch}>
        <Stack gap="sm">
          <TextInput
            label="Email Address"
            type="email"
            autoComplete="email"
            required
            error={errors.email?.message}
            {...register('email')}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            required
            error={errors.password?.message}
            {...register('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <FormError message={error} />
          <Button type="submit" color="landing" fullWidth disabled={isLoading} loading={isLoading}>
            Login
          </Button>
          <Text size="sm" ta="center">
            Don&apos;t have an account?{' '}
            <Anchor component={Link} to="/signup">
              Sign up
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthShell>
  );
}
