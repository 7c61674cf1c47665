import { Badge, type BadgeProps } from '@mantine/core';
import type { RecertificationState } from '@portal/contract';
import { useT } from '../i18n/use-t';
import { commonWords } from './words';

const STATE_COLOR: Record<RecertificationState, string> = {
  Active: 'green',
  Expiring: 'yellow',
  Grace: 'orange',
  Lapsed: 'red',
  Revoked: 'red',
};

/** Issue 33: a certificate's recertification state, the same badge on its Renewal tab and in the lists. */
export function RecertificationStateBadge({ state, ...props }: { state: RecertificationState } & BadgeProps) {
  const { t } = useT(commonWords);
  return (
    <Badge color={STATE_COLOR[state]} variant="light" {...props}>
      {t('common.ui.recertificationState', { state })}
    </Badge>
  );
}
