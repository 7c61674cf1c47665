import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Certificate } from '@portal/contract';
import { IconBrandLinkedin, IconDownload, IconFileCertificate } from '@tabler/icons-react';
import { usePublicConfig } from '../../../hooks/use-public-config';
import { certificateFileUrl } from '../api/use-certificate-status';
import { linkedInAddToProfileUrl } from '../utils/linkedin';
import { CertificateStatusBadge } from './certificate-status';
import { QrCode } from '../../../components/qr-code';
import { VerificationLink } from './verification-link';

const viewsText = (n: number) =>
  n === 0 ? 'Not opened by a verifier yet' : `Opened ${n} ${n === 1 ? 'time' : 'times'} by verifiers`;

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
  const { data: config } = usePublicConfig();
  return (
    <Modal
      opened={certificate !== null}
      onClose={onClose}
      title={certificate ? `Verify & share: ${certificate.name}` : 'Verify & share'}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {certificate && (
        <Stack>
          <Group gap="xs">
            <Text size="sm" fw={500}>
              Status:
            </Text>
            <CertificateStatusBadge status={certificate.status} />
          </Group>
          {certificate.revokedAt && (
            <Alert color="red" title="This certificate was revoked">
              Revoked on {new Date(certificate.revokedAt).toLocaleDateString()}
              {certificate.revocationReason ? `: ${certificate.revocationReason}` : ''}. Anyone who checks it sees it as
              revoked.
            </Alert>
          )}
          <Text size="sm">
            Anyone can check this certificate at its verification link, without an account. The page shows your name,
            the credential, its number, dates and status, never your e-mail.
          </Text>
          <Group align="flex-start" wrap="wrap" gap="lg">
            <QrCode value={certificate.verificationUrl} label="QR code of the verification link" />
            <Stack gap="xs" style={{ flex: 1, minWidth: 220 }}>
              <Text size="sm" fw={500}>
                Verification link
              </Text>
              <VerificationLink url={certificate.verificationUrl} />
              <Text size="sm" c="dimmed">
                {viewsText(certificate.verificationViews)}
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
              Download PDF
            </Button>
            <Button
              component="a"
              href={certificateFileUrl(certificate, 'credential')}
              download
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Download credential (.json)
            </Button>
            <Button
              component="a"
              href={linkedInAddToProfileUrl(certificate, config?.boardName ?? '')}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              leftSection={<IconBrandLinkedin size={16} aria-hidden />}
            >
              Add to LinkedIn
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            The credential is a signed Open Badges 3.0 file that any compatible wallet or verifier can check.
          </Text>
        </Stack>
      )}
    </Modal>
  );
}
