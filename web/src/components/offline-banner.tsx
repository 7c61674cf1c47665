import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useOnline } from '../hooks/use-online';
import { useT } from '../i18n/use-t';

/** The banner's notification id: a screen that says the same itself (the outbox dialog) hides it. */
export const OFFLINE_BANNER_ID = 'offline';

/**
 * Issue 35: an app-wide word that the device is offline, shown with the toasts (at the top on a
 * phone) and kept until the connection is back. What the member does meanwhile: a report is kept
 * on the device (sealed) and sent by the outbox; anything else waits.
 */
export function OfflineBanner() {
  const { t } = useT();
  const online = useOnline();
  useEffect(() => {
    if (online) return;
    notifications.show({
      id: OFFLINE_BANNER_ID,
      title: t('common.offline.title'),
      message: t('common.offline.message'),
      color: 'yellow',
      autoClose: false,
      withCloseButton: true,
    });
    return () => {
      notifications.hide(OFFLINE_BANNER_ID);
    };
  }, [online, t]);
  return null;
}
