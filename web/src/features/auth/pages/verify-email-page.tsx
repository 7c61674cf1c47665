import { Anchor, Group, Text } from '@mantine/core';
import { verificationRefusal } from '@portal/contract';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { AuthShell, FormError } from '../components/auth-shell';
import { useT } from '../../../i18n/use-t';
import { CodeInput, emptyCode, isComplete } from '../components/code-input';
import { GuestForm, GuestLink, GuestSubmit, useGuestScreen } from '../components/guest-form';
import { formatTimeOfDay } from '../../../lib/dates';

export default function VerifyEmailPage() {
  const { t, rich } = useT();
  const navigate = useNavigate();
  const { user, isLoading, error, verifyEmail, resendCode } = useGuestScreen();
  const [digits, setDigits] = useState(emptyCode);
  const [resent, setResent] = useState<string | null>(null);
  // Issue 35: what the server said about the refused code: tries left, or when to try again.
  const [refusal, setRefusal] = useState<Refusal>({});
  // A new key remounts the boxes empty, with the first one focused (issue 35).
  const [attempt, setAttempt] = useState(0);
  // One request per code: auto-submit and a click on the button must not send it twice.
  const pending = useRef(false);

  const submit = async (code: string) => {
    if (pending.current) return;
    pending.current = true;
    setResent(null);
    setRefusal({});
    try {
      await verifyEmail(code);
      toast.success(t('auth.verify.done'), t('auth.verify.ready'));
      // spec §2: on to /; the landing page then offers the dashboard (issue 13).
      void navigate('/', { state: { verified: true } });
    } catch (err) {
      // The store holds the server's message (spec §8), shown below. The boxes empty and focus
      // returns to the first, so that retyping never submits a half-changed code on every key
      // (spec §2's automatic submit comes again only when all six are filled).
      setRefusal(refusalOf(err, 'verify'));
      setDigits(emptyCode());
      setAttempt((n) => n + 1);
    } finally {
      pending.current = false;
    }
  };

  const resend = async () => {
    setResent(null);
    setRefusal({});
    try {
      setResent(await resendCode());
      setDigits(emptyCode());
      setAttempt((n) => n + 1);
    } catch (err) {
      // The message is shown from the store's error; the time of the next try below it.
      setRefusal(refusalOf(err, 'resend'));
    }
  };

  return (
    <AuthShell title={t('auth.verify.title')}>
      <GuestForm
        gap="md"
        onSubmit={(e) => {
          e.preventDefault();
          if (isComplete(digits)) void submit(digits.join(''));
        }}
      >
        <Text ta="center" c="dimmed">
          {t('auth.verify.intro')}
        </Text>
        <CodeInput
          key={attempt}
          value={digits}
          onChange={setDigits}
          onComplete={(code) => void submit(code)}
          error={!!error}
        />
        <FormError message={error} />
        {refusal.triesLeft !== undefined && refusal.triesLeft > 0 && (
          <Text size="sm" ta="center">
            {t('auth.verify.triesLeft', { count: refusal.triesLeft })}
          </Text>
        )}
        {refusal.retryAt && (
          <Text size="sm" ta="center">
            {rich(refusal.action === 'resend' ? 'auth.verify.resendAt' : 'auth.verify.retryAt', {
              time: <time dateTime={refusal.retryAt}>{formatTimeOfDay(refusal.retryAt)}</time>,
            })}
          </Text>
        )}
        {resent && (
          <Text size="sm" c="teal.8" role="status">
            {resent}
          </Text>
        )}
        <GuestSubmit loading={isLoading} disabled={!isComplete(digits)}>
          {t('auth.verify.submit')}
        </GuestSubmit>
        {user ? (
          <Group justify="center" gap={4}>
            <Text size="sm" c="dimmed">
              {t('auth.verify.noCode')}
            </Text>
            <Anchor component="button" type="button" size="sm" onClick={() => void resend()} disabled={isLoading}>
              {t('auth.verify.resend')}
            </Anchor>
          </Group>
        ) : (
          <GuestLink to="/login" question={t('auth.verify.signedInOnly')}>
            {t('auth.verify.logInFirst')}
          </GuestLink>
        )}
      </GuestForm>
    </AuthShell>
  );
}

type Refusal = { action?: 'verify' | 'resend'; triesLeft?: number; retryAt?: string };

/** The tries left or the next possible moment, from a refusal's body (contract verificationRefusal). */
function refusalOf(err: unknown, action: Refusal['action']): Refusal {
  if (!(err instanceof ApiError)) return {};
  const parsed = verificationRefusal.safeParse(err.body);
  return parsed.success ? { action, triesLeft: parsed.data.triesLeft, retryAt: parsed.data.retryAt } : {};
}
