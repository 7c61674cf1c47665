import { Button, Group, Paper, Text } from '@mantine/core';
import { IconDeviceMobileDown } from '@tabler/icons-react';
import { useState } from 'react';
import { useInstallPrompt } from '../lib/install-prompt';

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
  const [dismissed, setDismissed] = useState(() => globalThis.localStorage?.getItem(DISMISSED_KEY) === '1');
  if (!offer || !engaged || dismissed) return null;
  return (
    <Paper withBorder p="md" radius="md" role="region" aria-label="Install the portal">
      <Group justify="space-between" gap="sm">
        <Text size="sm" style={{ flex: '1 1 16rem' }}>
          Install the portal on this device: it opens from your home screen, and reports can be filed without a
          connection.
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            onClick={() => {
              localStorage.setItem(DISMISSED_KEY, '1');
              setDismissed(true);
            }}
          >
            Not now
          </Button>
          <Button leftSection={<IconDeviceMobileDown size={16} aria-hidden />} onClick={() => void install()}>
            Install
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
