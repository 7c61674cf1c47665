import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useT } from '../i18n/use-t';

export interface LoadErrorProps {
  /** What failed, in the screen's words: "Unable to load your certificates." */
  title: string;
  /** Why: the server's message, or what to check (UNREACHABLE is said in the screens' language). */
  message: string;
  /** Asks again (a query's `refetch`). */
  onRetry(): unknown;
  /** Whether the retry is under way. */
  retrying?: boolean;
}

/**
 * Issue 35: a failed load says what failed and offers a retry; it never reads as an empty list
 * ("No certificates found") that would tell a member they hold nothing.
 */
export function LoadError({ title, message, onRetry, retrying }: LoadErrorProps) {
  const { t } = useT();
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message === UNREACHABLE ? t('common.unreachable') : message}</Text>
        <Button mih={44} variant="white" color="red" onClick={() => void onRetry()} loading={retrying}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * The words for a failure with no message of the server's (the network, most often): in English,
 * as a screen passes it; LoadError says it in the screens' language (`common.unreachable`).
 */
export const UNREACHABLE = 'The server could not be reached. Check your connection and try again.';
