import { Anchor, Group } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useContractForm } from '../../../lib/contract-form';
import { AuthShell, FormError } from '../components/auth-shell';
import { EmailField, GuestForm, GuestLink, GuestSubmit, useGuestScreen } from '../components/guest-form';
import { PasswordField } from '../components/password-field';
import { useAuth } from '../store';
import { useT } from '../../../i18n/use-t';

/** The contract's schema, and zod with it, load when the form is first used (lib/contract-form.ts). */
const loginBody = async () => (await import('@portal/contract')).loginBody;

export default function LoginPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const { isLoading, error, login } = useGuestScreen();
  const { handleSubmit, fieldProps, prefetch } = useContractForm(loginBody, {
    defaultValues: { email: '', password: '' },
  });

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
    <AuthShell title={t('auth.login.title')}>
      <GuestForm onSubmit={onSubmit} onFocus={prefetch}>
        <EmailField {...fieldProps('email')} />
        <PasswordField
          label={t('auth.password')}
          autoComplete="current-password"
          required
          {...fieldProps('password')}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to="/forgot-password" size="sm">
            {t('auth.login.forgot')}
          </Anchor>
        </Group>
        <FormError message={error} />
        <GuestSubmit disabled={isLoading} loading={isLoading}>
          {t('auth.login.submit')}
        </GuestSubmit>
        <GuestLink to="/signup" question={t('auth.login.noAccount')}>
          {t('auth.login.signUp')}
        </GuestLink>
      </GuestForm>
    </AuthShell>
  );
}
