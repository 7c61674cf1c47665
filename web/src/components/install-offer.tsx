import { Button, Group, Paper, Text } from '@mantine/core';
import { IconDeviceMobileDown } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../i18n/use-t';
import { useInstallPrompt } from '../lib/install-prompt';
import { frameWords } from '../app/layouts/words';

const DISMISSED_KEY = 'portal-install-dismissed';

/**
 * Issue 35: where the browser offers it, "Install the portal" on the dashboard: it then opens from
 * the home screen, and the intake form works without a connection. Made once the member has used
 * the portal a little (lib/install-prompt.ts: noteScreen). "Not now" is remembered.
 */
export function InstallOffer() {
  const offer = useInstallPrompt((s) => s.offer);
  const install = useInstallPrompt((s) => s.install);
  const engaged = useInstallPrompt((s) => s.engaged);
  // A server-rendered first screen (decision 0080) has no storage, and no offer either.
  const { t } = useT(frameWords);
  const [dismissed, setDismissed] = useState(() => globalThis.localStorage?.getItem(DISMISSED_KEY) === '1');
  if (!offer || !engaged || dismissed) return null;
  return (
    <Paper withBorder p="md" radius="md" role="region" aria-label={t('common.install.region')}>
      <Group justify="space-between" gap="sm">
        <Text size="sm" style={{ flex: '1 1 16rem' }}>
          {t('common.install.text')}
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            onClick={() => {
              localStorage.setItem(DISMISSED_KEY, '1');
              setDismissed(true);
            }}
          >
            {t('common.install.notNow')}
          </Button>
          <Button leftSection={<IconDeviceMobileDown size={16} aria-hidden />} onClick={() => void install()}>
            {t('common.install.install')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
