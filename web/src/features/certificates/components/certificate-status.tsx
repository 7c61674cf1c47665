import { Badge, type BadgeProps } from '@mantine/core';
import { type Certificate, recertificationState } from '@portal/contract';
import { RecertificationStateBadge } from '../../../components/recertification-state-badge';
import { usePublicConfig } from '../../../hooks/use-public-config';

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

/**
 * Issue 33: beside the status in the lists, Expiring, Grace or Lapsed when the board renews in the
 * portal, by the rule and the board's lengths that the Renewal tab reads (`/api/config`).
 */
export function CertificateRenewalBadge({
  certificate,
  ...props
}: { certificate: Pick<Certificate, 'validTill' | 'revokedAt'> } & BadgeProps) {
  const { data: config } = usePublicConfig();
  if (config?.recertification !== 'portal') return null;
  const state = recertificationState(certificate, config.renewalTimes, new Date());
  if (state === 'Active' || state === 'Revoked') return null;
  return <RecertificationStateBadge state={state} variant="outline" {...props} />;
}
