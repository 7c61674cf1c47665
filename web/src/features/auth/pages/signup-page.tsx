import { Anchor, Text, TextInput } from '@mantine/core';
import { AUTH_MESSAGES } from '@portal/contract';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { usePublicConfig } from '../../../hooks/use-public-config';
import { useContractForm } from '../../../lib/contract-form';
import { AuthShell, FormError } from '../components/auth-shell';
import { EmailField, GuestForm, GuestLink, GuestSubmit, useGuestScreen } from '../components/guest-form';
import { PasswordField } from '../components/password-field';
import { PasswordStrength } from '../components/password-strength';
import { useT } from '../../../i18n/use-t';

/** The contract's schema, and zod with it, load when the form is first used (lib/contract-form.ts). */
const signupBody = async () => (await import('@portal/contract')).signupBody;

export default function SignupPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const { isLoading, error, signup } = useGuestScreen();
  const { handleSubmit, control, fieldProps, prefetch } = useContractForm(signupBody, {
    defaultValues: { name: '', email: '', certificateNo: '', password: '' },
  });

  const password = useWatch({ control, name: 'password' });

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
    <AuthShell title={t('auth.signup.title')}>
      <GuestForm onSubmit={onSubmit} onFocus={prefetch}>
        <Text size="sm" c="dimmed">
          {t('auth.signup.intro')}
        </Text>
        <TextInput label={t('auth.signup.fullName')} autoComplete="name" required {...fieldProps('name')} />
        <EmailField {...fieldProps('email')} />
        <TextInput
          label={t('auth.signup.certificateNo')}
          // Issue 35: a newcomer asks where to find it.
          description={t('auth.signup.certificateNoHint')}
          autoComplete="off"
          required
          {...fieldProps('certificateNo')}
        />
        <PasswordField label={t('auth.password')} autoComplete="new-password" required {...fieldProps('password')} />
        <PasswordStrength password={password} />
        <FormError message={error} />
        {error === AUTH_MESSAGES.notRegistered && <NoRecordHelp />}
        <GuestSubmit mt="xs" disabled={isLoading} loading={isLoading}>
          {t('auth.signup.submit')}
        </GuestSubmit>
        <GuestLink to="/login" question={t('auth.signup.haveAccount')}>
          {t('auth.signup.logIn')}
        </GuestLink>
      </GuestForm>
    </AuthShell>
  );
}

/** Issue 35: what to do when the board has no record of the address and number given. */
function NoRecordHelp() {
  const { rich } = useT();
  const { data: config } = usePublicConfig();
  if (!config) return null;
  return (
    <Text size="sm">
      {rich('auth.signup.noRecordHelp', {
        email: <Anchor href={`mailto:${config.supportEmail}`}>{config.supportEmail}</Anchor>,
      })}
    </Text>
  );
}
