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

const viewsText = (n: number) =>
  n === 0 ? 'Not opened by a verifier yet' : `Opened ${n} ${n === 1 ? 'time' : 'times'} by verifiers`;

const IDENTIFIER_LABELS: Record<CredentialIdentifier, string> = {
  certificateNo: 'certificate number',
  email: 'e-mail address (hashed)',
};

/**
 * Finding F15: what the downloaded credential names the holder by. The certificate number by
 * default; the e-mail's hash only by choice, since anyone with a list of addresses can match it.
 */
function CredentialIdentifierChoice({ certificate }: { certificate: Certificate }) {
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
            'Error',
            err instanceof ApiError && err.message ? err.message : 'Unable to change the credential. Please try again.',
          );
        },
      },
    );
  };
  return (
    <Radio.Group
      label="Identify me in the credential by:"
      description="Anyone who has a list of e-mail addresses can match the hashed e-mail address to you. The certificate number shows only what the verification page already shows."
      value={value}
      onChange={onChange}
    >
      <Group gap="lg" mt="xs">
        {CREDENTIAL_IDENTIFIERS.map((kind) => (
          <Radio key={kind} value={kind} label={IDENTIFIER_LABELS[kind]} disabled={choose.isPending} />
        ))}
      </Group>
      {saved && !choose.isPending && (
        <Text size="xs" c="dimmed" mt={4} role="status">
          Saved. Download the credential again to share the new copy.
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
              Revoked on {formatDay(certificate.revokedAt)}
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
              <VerificationLink url={certificate.verificationUrl} title={certificate.name} />
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
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              Add to a digital wallet
            </Text>
            <WalletOfferPanel key={certificate._id} certificate={certificate} />
          </Stack>
          <CredentialIdentifierChoice key={certificate._id} certificate={certificate} />
        </Stack>
      )}
    </Modal>
  );
}
