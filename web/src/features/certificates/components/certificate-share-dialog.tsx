import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { type Certificate, CREDENTIAL_IDENTIFIERS, type CredentialIdentifier } from '@portal/contract';
import { IconBrandLinkedin, IconDownload, IconFileCertificate } from '@tabler/icons-react';
import { usePublicConfig } from '../../../hooks/use-public-config';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { certificateFileUrl, useCredentialIdentifier } from '../api/use-certificate-status';
import { linkedInAddToProfileUrl } from '../utils/linkedin';
import { CertificateStatusBadge } from './certificate-status';
import { QrCode } from '../../../components/qr-code';
import { VerificationLink } from './verification-link';
import { WalletOfferPanel } from './wallet-offer';
import { formatDay } from '../../../lib/dates';
import { useT } from '../../../i18n/use-t';
import { certificatesWords, type CertificatesKey } from '../words';

const IDENTIFIER_LABELS: Record<CredentialIdentifier, CertificatesKey> = {
  certificateNo: 'certificates.share.identifierCertificateNo',
  email: 'certificates.share.identifierEmail',
};

/**
 * Finding F15: what the downloaded credential names the holder by. The certificate number by
 * default; the e-mail's hash only by choice, since anyone with a list of addresses can match it.
 */
function CredentialIdentifierChoice({ certificate }: { certificate: Certificate }) {
  const { t } = useT(certificatesWords);
  const choose = useCredentialIdentifier();
  // The choice shows at once (the mutation's pending state arrives a tick later, and a controlled
  // radio would snap back meanwhile); a refused change puts back what the server has.
  const [chosen, setChosen] = useState<CredentialIdentifier>();
  // The answer of the last change, until the list this dialog was opened from is read again.
  const saved = choose.data?._id === certificate._id ? choose.data.credentialIdentifier : undefined;
  const value = chosen ?? saved ?? certificate.credentialIdentifier;
  const onChange = (kind: string) => {
    setChosen(kind as CredentialIdentifier);
    choose.mutate(
      { id: certificate._id, kind: kind as CredentialIdentifier },
      {
        onError: (err) => {
          setChosen(undefined);
          toast.error(
            t('common.error'),
            err instanceof ApiError && err.message ? err.message : t('certificates.share.identifierFailed'),
          );
        },
      },
    );
  };
  return (
    <Radio.Group
      label={t('certificates.share.identifier')}
      description={t('certificates.share.identifierText')}
      value={value}
      onChange={onChange}
    >
      <Group gap="lg" mt="xs">
        {CREDENTIAL_IDENTIFIERS.map((kind) => (
          <Radio key={kind} value={kind} label={t(IDENTIFIER_LABELS[kind])} disabled={choose.isPending} />
        ))}
      </Group>
      {saved && !choose.isPending && (
        <Text size="xs" c="dimmed" mt={4} role="status">
          {t('certificates.share.identifierSaved')}
        </Text>
      )}
    </Radio.Group>
  );
}

/**
 * Issue 11: everything a holder needs to prove a certificate: the public verification link and
 * its QR code, the generated PDF, the signed credential, and LinkedIn's "Add to profile".
 */
export function CertificateShareDialog({
  certificate,
  onClose,
}: {
  certificate: Certificate | null;
  onClose: () => void;
}) {
  const { t, rich } = useT(certificatesWords);
  const { data: config } = usePublicConfig();
  return (
    <Modal
      opened={certificate !== null}
      onClose={onClose}
      title={
        certificate
          ? rich('certificates.share.title', { name: <bdi>{certificate.name}</bdi> })
          : t('certificates.verifyShare')
      }
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('certificates.close') }}
    >
      {certificate && (
        <Stack>
          <Group gap="xs">
            <Text size="sm" fw={500}>
              {t('certificates.share.status')}
            </Text>
            <CertificateStatusBadge status={certificate.status} />
          </Group>
          {certificate.revokedAt && (
            <Alert color="red" title={t('certificates.share.revokedTitle')}>
              {certificate.revocationReason
                ? rich('certificates.share.revokedFor', {
                    day: formatDay(certificate.revokedAt),
                    reason: <bdi>{certificate.revocationReason}</bdi>,
                  })
                : t('certificates.share.revokedOn', { day: formatDay(certificate.revokedAt) })}
            </Alert>
          )}
          <Text size="sm">{t('certificates.share.intro')}</Text>
          <Group align="flex-start" wrap="wrap" gap="lg">
            <QrCode value={certificate.verificationUrl} label={t('certificates.share.qr')} />
            <Stack gap="xs" style={{ flex: 1, minWidth: 220 }}>
              <Text size="sm" fw={500}>
                {t('certificates.share.link')}
              </Text>
              <VerificationLink url={certificate.verificationUrl} title={certificate.name} />
              <Text size="sm" c="dimmed">
                {t('certificates.share.views', { count: certificate.verificationViews })}
              </Text>
            </Stack>
          </Group>
          <Group gap="sm">
            <Button
              component="a"
              href={certificateFileUrl(certificate, 'pdf')}
              download
              leftSection={<IconFileCertificate size={16} aria-hidden />}
            >
              {t('certificates.downloadPdf')}
            </Button>
            <Button
              component="a"
              href={certificateFileUrl(certificate, 'credential')}
              download
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              {t('certificates.share.credential')}
            </Button>
            <Button
              component="a"
              href={linkedInAddToProfileUrl(certificate, config?.boardName ?? '')}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              leftSection={<IconBrandLinkedin size={16} aria-hidden />}
            >
              {t('certificates.share.linkedIn')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {t('certificates.share.openBadges')}
          </Text>
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              {t('certificates.share.wallet')}
            </Text>
            <WalletOfferPanel key={certificate._id} certificate={certificate} />
          </Stack>
          <CredentialIdentifierChoice key={certificate._id} certificate={certificate} />
        </Stack>
      )}
    </Modal>
  );
}
