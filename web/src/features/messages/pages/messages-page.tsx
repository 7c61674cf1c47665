import { Button, Card, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { usePublicConfig } from '../../../hooks/use-public-config';
import { useT } from '../../../i18n/use-t';
import { messagesWords } from '../words';

/** Opens the chat app in a new tab; true when the browser let the window open. */
function openChat(url: string): boolean {
  // Not 'noopener' in the features: with it window.open always answers null, and the spec
  // needs to know whether the window opened. The opener is cut by hand instead.
  const win = window.open(url, '_blank');
  if (!win) return false;
  win.opener = null;
  return true;
}

/** /admin/messages (spec §2): opens the external chat and returns to the dashboard. */
export default function MessagesPage() {
  const { t } = useT(messagesWords);
  const { data: config } = usePublicConfig();
  const navigate = useNavigate();
  const opened = useRef(false);
  const chatUrl = config?.chatUrl;

  useEffect(() => {
    // Once per visit (StrictMode runs effects twice in development).
    if (!chatUrl || opened.current) return;
    opened.current = true;
    if (openChat(chatUrl)) void navigate('../default', { relative: 'path', replace: true });
  }, [chatUrl, navigate]);

  return (
    <Card withBorder radius="lg" padding="xl">
      <Stack align="flex-start">
        <Text>{t('messages.opened')}</Text>
        <Button
          leftSection={<IconExternalLink size={18} aria-hidden />}
          disabled={!chatUrl}
          onClick={() => chatUrl && openChat(chatUrl)}
        >
          {t('messages.open')}
        </Button>
      </Stack>
    </Card>
  );
}
