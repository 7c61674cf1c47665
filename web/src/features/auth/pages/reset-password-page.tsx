import { Alert, Text } from '@mantine/core';
import { PASSWORD_MIN_LENGTH, RESET_REDIRECT_MS } from '@portal/contract';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../../lib/api';
import { useContractForm } from '../../../lib/contract-form';
import { toast } from '../../../lib/toast';
import { AuthShell, FormError } from '../components/auth-shell';
import { useT } from '../../../i18n/use-t';
import { GuestForm, GuestSubmit, useGuestScreen } from '../components/guest-form';
import { PasswordField } from '../components/password-field';

/** The form's schema, and zod with it, load when the form is first used (lib/contract-form.ts). */
const resetForm = async () => (await import('../reset-form')).resetForm;

export default function ResetPasswordPage() {
  const { t } = useT();
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
      toast.success(t('auth.reset.success'), t('auth.reset.successText'));
      setDone(true);
    } catch (err) {
      // spec §8: inline (from the store) and as a toast.
      toast.error(t('common.error'), errorMessage(err, t('auth.reset.failed')));
    }
  });

  return (
    <AuthShell title={t('auth.reset.title')}>
      <GuestForm onSubmit={onSubmit} onFocus={prefetch}>
        <PasswordField
          label={t('auth.reset.newPassword')}
          autoComplete="new-password"
          required
          {...fieldProps('password')}
        />
        <PasswordField
          label={t('auth.reset.confirmPassword')}
          autoComplete="new-password"
          required
          {...fieldProps('confirmPassword')}
        />
        <Text size="xs" c="dimmed">
          {t('auth.strength.rule', { min: PASSWORD_MIN_LENGTH })}
        </Text>
        {mismatch && (
          <Alert color="red" variant="light" role="alert">
            {t('auth.reset.mismatch')}
          </Alert>
        )}
        <FormError message={error} />
        <GuestSubmit disabled={isLoading || done}>
          {isLoading ? t('auth.reset.submitting') : t('auth.reset.submit')}
        </GuestSubmit>
      </GuestForm>
    </AuthShell>
  );
}
