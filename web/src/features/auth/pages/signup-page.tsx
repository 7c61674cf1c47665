import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { AUTH_MESSAGES, type SignupBody } from '@portal/contract';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { usePublicConfig } from '../../../hooks/use-public-config';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { AuthShell, FormError } from '../components/auth-shell';
import { PasswordField } from '../components/password-field';
import { PasswordStrength } from '../components/password-strength';
import { useAuth } from '../store';

/** The contract's schema, and zod with it, load when the form is first used (lazy-resolver.ts). */
const validation = lazyZodResolver<SignupBody>(async () => (await import('@portal/contract')).signupBody);

export default function SignupPage() {
  const navigate = useNavigate();
  const { isLoading, error, signup } = useAuth();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<SignupBody>({
    resolver: validation.resolver,
    defaultValues: { name: '', email: '', certificateNo: '', password: '' },
  });

  const password = useWatch({ control, name: 'password' });

  useEffect(() => useAuth.getState().clearError(), []);

  const onSubmit = handleSubmit(async (body) => {
    try {
      await signup(body);
      // spec §2: on success the user goes on to verify the e-mail.
      void navigate('/verify-email');
    } catch {
      // The store holds the server's message or 'Error signing up' (spec §8), shown below.
    }
  });

  return (
    <AuthShell title="Create Account">
      <form noValidate onSubmit={(e) => void onSubmit(e)} onFocus={validation.prefetch}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Use the email address and certificate number you registered with the certifying board.
          </Text>
          <TextInput
            label="Full Name"
            autoComplete="name"
            required
            error={errors.name?.message}
            {...register('name')}
          />
          <TextInput
            label="Email Address"
            type="email"
            autoComplete="email"
            required
            error={errors.email?.message}
            {...register('email')}
          />
          <TextInput
            label="Certificate No"
            // Issue 35: a newcomer asks where to find it.
            description="Printed on your certificate after “No”, and in the board’s e-mail that awarded it."
            autoComplete="off"
            required
            error={errors.certificateNo?.message}
            {...register('certificateNo')}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            required
            error={errors.password?.message}
            {...register('password')}
          />
          <PasswordStrength password={password} />
          <FormError message={error} />
          {error === AUTH_MESSAGES.notRegistered && <NoRecordHelp />}
          <Button type="submit" color="landing" fullWidth mt="xs" disabled={isLoading} loading={isLoading}>
            Sign Up
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to="/login">
              Log in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthShell>
  );
}

/** Issue 35: what to do when the board has no record of the address and number given. */
function NoRecordHelp() {
  const { data: config } = usePublicConfig();
  if (!config) return null;
  return (
    <Text size="sm">
      Sure of both? The board may have another address on record: write to{' '}
      <Anchor href={`mailto:${config.supportEmail}`}>{config.supportEmail}</Anchor> with your name and certificate
      number.
    </Text>
  );
}
