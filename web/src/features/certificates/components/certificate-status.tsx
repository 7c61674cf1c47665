import { Badge, type BadgeProps } from '@mantine/core';
import { type Certificate, recertificationState } from '@portal/contract';
import { RecertificationStateBadge } from '../../../components/recertification-state-badge';
import { usePublicConfig } from '../../../hooks/use-public-config';
import { useT } from '../../../i18n/use-t';
import { certificatesWords, type CertificatesT } from '../words';

/** One colour per status, on every certificate screen (spec §2: Active green, Expired red). */
export const STATUS_COLOR: Record<Certificate['status'], string> = {
  Active: 'green',
  Expired: 'red',
  Inactive: 'gray',
  Revoked: 'red',
};

/** A status as people read it, in the screens' language (the value sent stays the English one). */
export const statusLabel = (t: CertificatesT, status: string) => t('certificates.status', { status });

export function CertificateStatusBadge({ status, ...props }: { status: Certificate['status'] } & BadgeProps) {
  const { t } = useT(certificatesWords);
  return (
    <Badge color={STATUS_COLOR[status]} variant={status === 'Revoked' ? 'filled' : 'light'} {...props}>
      {statusLabel(t, status)}
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
