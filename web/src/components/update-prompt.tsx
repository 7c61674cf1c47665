import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useT } from '../i18n/use-t';
import { useAppUpdate } from '../lib/app-update';

const PROMPT_ID = 'app-update';

/**
 * Issue 18, decision 0020: "New version available — Reload", shown with the toasts and kept until
 * the member answers. The new version is applied only by that click, never by itself: a report
 * being written stays as it is (and its draft is saved as the page unloads).
 */
export function UpdatePrompt() {
  const { t } = useT();
  const waiting = useAppUpdate((s) => s.waiting);
  useEffect(() => {
    if (!waiting) return;
    notifications.show({
      id: PROMPT_ID,
      title: t('common.update.title'),
      message: (
        <Button size="xs" mt={4} onClick={() => useAppUpdate.getState().apply()}>
          {t('common.reload')}
        </Button>
      ),
      autoClose: false,
      withCloseButton: true,
    });
    return () => {
      notifications.hide(PROMPT_ID);
    };
  }, [waiting, t]);
  return null;
}
