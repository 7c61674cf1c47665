import { Text } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { useContractForm } from '../../../lib/contract-form';
import { AuthShell, FormError } from '../components/auth-shell';
import { EmailField, GuestForm, GuestLink, GuestSubmit, useGuestScreen } from '../components/guest-form';

/** The contract's schema, and zod with it, load when the form is first used (lib/contract-form.ts). */
const forgotPasswordBody = async () => (await import('@portal/contract')).forgotPasswordBody;

export default function ForgotPasswordPage() {
  const { t } = useT();
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
    <AuthShell title={t('auth.forgot.title')}>
      {sentTo ? (
        <Text role="status">{t('auth.forgot.sent', { email: sentTo })}</Text>
      ) : (
        <GuestForm onSubmit={onSubmit} onFocus={prefetch}>
          <Text size="sm" c="dimmed">
            {t('auth.forgot.intro')}
          </Text>
          <EmailField {...fieldProps('email')} />
          <FormError message={error} />
          <GuestSubmit disabled={isLoading} loading={isLoading}>
            {t('auth.forgot.submit')}
          </GuestSubmit>
        </GuestForm>
      )}
      <GuestLink to="/login">{t('auth.backToLogin')}</GuestLink>
    </AuthShell>
  );
}
