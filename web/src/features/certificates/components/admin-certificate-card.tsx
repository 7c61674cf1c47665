import { Button, Card, Checkbox, Group, Popover, Stack, Text, Title } from '@mantine/core';
import type { Certificate } from '@portal/contract';
import { IconArrowBackUp, IconBan, IconDownload, IconQrcode } from '@tabler/icons-react';
import { EditDeleteButtons } from '../../../components/card-actions';
import { CertificateRenewalBadge, CertificateStatusBadge } from './certificate-status';
import { QrCode } from '../../../components/qr-code';
import { VerificationLink } from './verification-link';
import { formatCalendarDay, formatDay } from '../../../lib/dates';

interface AdminCertificateCardProps {
  certificate: Certificate;
  onEdit: () => void;
  onDelete: () => void;
  /** Issue 11: revoke with a reason, or reinstate a revoked one. */
  onRevoke: () => void;
  onReinstate: () => void;
  /** Issue 15: ticked for a bulk renewal. */
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
}

/** One certificate on the admin grid (spec §2). */
export function AdminCertificateCard({
  certificate,
  onEdit,
  onDelete,
  onRevoke,
  onReinstate,
  selected,
  onSelectedChange,
}: AdminCertificateCardProps) {
  return (
    <Card
      withBorder
      shadow="sm"
      padding="lg"
      component="article"
      aria-label={`Certificate ${certificate.certificateNo}`}
    >
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="xs" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
            <Checkbox
              mt={4}
              aria-label={`Select certificate ${certificate.certificateNo}`}
              checked={selected}
              onChange={(e) => onSelectedChange(e.currentTarget.checked)}
            />
            {/* h2: nothing stands between the screen's h1 and its cards (Lighthouse heading-order). */}
            <Title order={2} size="h4" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {certificate.name}
            </Title>
          </Group>
          {/* Beside a long title the status keeps its width (it was cut to "AC…"). */}
          <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
            <CertificateStatusBadge status={certificate.status} />
            <CertificateRenewalBadge certificate={certificate} />
          </Stack>
        </Group>
        <Text size="sm">
          <Text span fw={500}>
            Certificate No:
          </Text>{' '}
          {certificate.certificateNo}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={500}>
            Email:
          </Text>{' '}
          {certificate.userEmail}
        </Text>
        {certificate.holderName && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={500}>
              Holder:
            </Text>{' '}
            {certificate.holderName}
          </Text>
        )}
        <Text size="sm">
          <Text span fw={500}>
            Valid till:
          </Text>{' '}
          {formatCalendarDay(certificate.validTill)}
        </Text>
        {certificate.revokedAt && (
          <Text size="sm" c="red.8">
            Revoked on {formatDay(certificate.revokedAt)}: {certificate.revocationReason}
          </Text>
        )}
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text size="xs" c="dimmed">
              Verification link · {certificate.verificationViews} views
            </Text>
            {/* Issue 35: the QR on demand keeps the card short (and draws no code for every card). */}
            <Popover position="bottom-end" withArrow shadow="md">
              <Popover.Target>
                <Button size="xs" variant="subtle" leftSection={<IconQrcode size={14} aria-hidden />}>
                  QR code
                </Button>
              </Popover.Target>
              <Popover.Dropdown>
                <QrCode
                  value={certificate.verificationUrl}
                  size={160}
                  label={`QR code of the verification link of ${certificate.certificateNo}`}
                />
              </Popover.Dropdown>
            </Popover>
          </Group>
          <VerificationLink url={certificate.verificationUrl} />
        </Stack>
        <Group gap="xs" mt="auto" pt="sm">
          <EditDeleteButtons onEdit={onEdit} onDelete={onDelete} />
          {certificate.revokedAt ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconArrowBackUp size={16} aria-hidden />}
              onClick={onReinstate}
            >
              Reinstate
            </Button>
          ) : (
            <Button
              size="xs"
              variant="outline"
              color="red"
              leftSection={<IconBan size={16} aria-hidden />}
              onClick={onRevoke}
            >
              Revoke
            </Button>
          )}
          {certificate.downloadLink && (
            <Button
              size="xs"
              variant="outline"
              component="a"
              href={certificate.downloadLink}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Download Certificate
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
