import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n/use-t';
import { readSessionExpiry } from '../lib/session-cookie';
import { frameWords } from '../app/layouts/words';

/** Issue 6: the warning shows this long before the session ends. */
export const WARN_BEFORE_SECONDS = 120;
/** The check at the end waits this long past the deadline, so it cannot itself keep the session alive. */
const GRACE_SECONDS = 5;

interface SessionExpiryWarningProps {
  /** Asks the server who is signed in (check-auth): restarts the idle timer, or finds the session gone. */
  refresh: () => Promise<unknown>;
  /** The page's cookies; tests pass their own. */
  readCookies?: () => string;
}

const pageCookies = () => document.cookie;

const format = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * Warns two minutes before the session ends (idle or absolute timeout) and offers to stay signed
 * in. The time left is counted from when the page first saw each new answer of the server, so
 * the browser's clock may differ from the server's.
 */
export function SessionExpiryWarning({ refresh, readCookies = pageCookies }: SessionExpiryWarningProps) {
  const seen = useRef<{ value?: string; deadline?: number; expiredCalled?: boolean }>({});
  const { t } = useT(frameWords);
  const [secondsLeft, setSecondsLeft] = useState<number | undefined>();
  const [staying, setStaying] = useState(false);

  useEffect(() => {
    const tick = () => {
      const value = readSessionExpiry(readCookies());
      const state = seen.current;
      if (value && value !== state.value) {
        const left = Number(value.split('-')[0]);
        seen.current = { value, deadline: Number.isFinite(left) ? Date.now() + left * 1000 : undefined };
      }
      const { deadline } = seen.current;
      if (!value || deadline === undefined) return setSecondsLeft(undefined);
      const left = Math.ceil((deadline - Date.now()) / 1000);
      setSecondsLeft(left);
      if (left <= -GRACE_SECONDS && !seen.current.expiredCalled) {
        seen.current.expiredCalled = true;
        void refresh().catch(() => undefined);
      }
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [readCookies, refresh]);

  const stay = async () => {
    setStaying(true);
    try {
      await refresh();
    } finally {
      setStaying(false);
    }
  };

  const opened = secondsLeft !== undefined && secondsLeft > 0 && secondsLeft <= WARN_BEFORE_SECONDS;
  return (
    <Modal
      opened={opened}
      onClose={() => void stay()}
      title={t('common.session.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Text>{t('common.session.message', { time: format(Math.max(0, secondsLeft ?? 0)) })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={() => void stay()} loading={staying}>
          {t('common.session.stay')}
        </Button>
      </Group>
    </Modal>
  );
}
