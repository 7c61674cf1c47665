import { Badge, type BadgeProps } from '@mantine/core';
import type { RenewalStatus } from '@portal/contract';
import { IconSearch } from '@tabler/icons-react';
import { useT } from '../../../i18n/use-t';
import { recertificationWords } from '../words';

const COLOR: Record<RenewalStatus, string> = {
  Submitted: 'blue',
  Audit: 'orange',
  Returned: 'yellow',
  Approved: 'green',
  Rejected: 'red',
};

/** An application's status; Audit is filled and marked, so that it stands out in the queue. */
export function RenewalStatusBadge({ status, ...props }: { status: RenewalStatus } & BadgeProps) {
  const { t } = useT(recertificationWords);
  const audit = status === 'Audit';
  return (
    <Badge
      color={COLOR[status]}
      variant={audit ? 'filled' : 'light'}
      leftSection={audit ? <IconSearch size={12} aria-hidden /> : undefined}
      {...props}
    >
      {t('recertification.renewalStatus', { status })}
    </Badge>
  );
}
