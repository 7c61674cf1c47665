import { Alert, Text } from '@mantine/core';
import { PASSWORD_MIN_LENGTH, RESET_REDIRECT_MS } from '@portal/contract';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../../lib/api';
import { useContractForm } from '../../../lib/contract-form';
import { toast } from '../../../lib/toast';
import { AuthShell, FormError } from '../components/auth-shell';
import { GuestForm, GuestSubmit, useGuestScreen } from '../components/guest-form';
import { PasswordField } from '../components/password-field';

/** The form's schema, and zod with it, load when the form is first used (lib/contract-form.ts). */
const resetForm = async () => (await import('../reset-form')).resetForm;

export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { isLoading, error, resetPassword } = useGuestScreen();
  const [mismatch, setMismatch] = useState(false);
  const [done, setDone] = useState(false);
  const { handleSubmit, fieldProps, prefetch } = useContractForm(resetForm, {
    defaultValues: { password: '', confirmPassword: '' },
  });

  // spec §2: 2 seconds after success the user goes to /login.
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate('/login'), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = handleSubmit(async ({ password, confirmPassword }) => {
    // spec §5: a mismatch is an alert, and nothing is sent.
    if (password !== confirmPassword) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    try {
      await resetPassword(token, password);
      toast.success('Success', 'Password reset successfully, redirecting to login page...');
      setDone(true);
    } catch (err) {
      // spec §8: inline (from the store) and as a toast.
      toast.error('Error', errorMessage(err, 'Error resetting password'));
    }
  });

  return (
    <AuthShell title="Reset Password">
      <GuestForm onSubmit={onSubmit} onFocus={prefetch}>
        <PasswordField label="New Password" autoComplete="new-password" required {...fieldProps('password')} />
        <PasswordField
          label="Confirm New Password"
          autoComplete="new-password"
          required
          {...fieldProps('confirmPassword')}
        />
        <Text size="xs" c="dimmed">
          To be accepted, a password needs at least {PASSWORD_MIN_LENGTH} characters and must not be a common password.
        </Text>
        {mismatch && (
          <Alert color="red" variant="light" role="alert">
            Passwords do not match
          </Alert>
        )}
        <FormError message={error} />
        <GuestSubmit disabled={isLoading || done}>{isLoading ? 'Resetting...' : 'Set New Password'}</GuestSubmit>
      </GuestForm>
    </AuthShell>
  );
}
