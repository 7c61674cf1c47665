import { Badge, type BadgeProps } from '@mantine/core';
import type { Certificate } from '@portal/contract';

/** One colour per status, on every certificate screen (spec §2: Active green, Expired red). */
export const STATUS_COLOR: Record<Certificate['status'], string> = {
  Active: 'green',
  Expired: 'red',
  Inactive: 'gray',
  Revoked: 'red',
};

export function CertificateStatusBadge({ status, ...props }: { status: Certificate['status'] } & BadgeProps) {
  return (
    <Badge color={STATUS_COLOR[status]} variant={status === 'Revoked' ? 'filled' : 'light'} {...props}>
      {status}
    </Badge>
  );
}
