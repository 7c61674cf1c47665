import { Button, Card, Checkbox, Group, Popover, Stack, Text, Title } from '@mantine/core';
import type { Certificate } from '@portal/contract';
import { IconArrowBackUp, IconBan, IconDownload, IconQrcode } from '@tabler/icons-react';
import { EditDeleteButtons } from '../../../components/card-actions';
import { CertificateRenewalBadge, CertificateStatusBadge } from './certificate-status';
import { QrCode } from '../../../components/qr-code';
import { VerificationLink } from './verification-link';
import { formatCalendarDay, formatDay } from '../../../lib/dates';
import { useT } from '../../../i18n/use-t';
import { certificatesWords } from '../words';

/** Between a field's bold label and its value: a space, which reads right in either direction. */
const LABEL_GAP = ' ';

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
  const { t, rich } = useT(certificatesWords);
  return (
    <Card
      withBorder
      shadow="sm"
      padding="lg"
      component="article"
      aria-label={t('certificates.card.label', { number: certificate.certificateNo })}
    >
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="xs" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
            <Checkbox
              mt={4}
              aria-label={t('certificates.card.select', { number: certificate.certificateNo })}
              checked={selected}
              onChange={(e) => onSelectedChange(e.currentTarget.checked)}
            />
            {/* h2: nothing stands between the screen's h1 and its cards (Lighthouse heading-order). */}
            <Title order={2} size="h4" dir="auto" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
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
            {t('certificates.card.number')}
          </Text>
          {LABEL_GAP}
          {certificate.certificateNo}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={500}>
            {t('certificates.card.email')}
          </Text>
          {LABEL_GAP}
          <bdi>{certificate.userEmail}</bdi>
        </Text>
        {certificate.holderName && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={500}>
              {t('certificates.card.holder')}
            </Text>
            {LABEL_GAP}
            <bdi>{certificate.holderName}</bdi>
          </Text>
        )}
        <Text size="sm">
          <Text span fw={500}>
            {t('certificates.card.validTill')}
          </Text>
          {LABEL_GAP}
          {formatCalendarDay(certificate.validTill)}
        </Text>
        {certificate.revokedAt && (
          <Text size="sm" c="red.8">
            {rich('certificates.card.revoked', {
              day: formatDay(certificate.revokedAt),
              reason: <bdi>{certificate.revocationReason ?? ''}</bdi>,
            })}
          </Text>
        )}
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text size="xs" c="dimmed">
              {t('certificates.card.views', { count: certificate.verificationViews })}
            </Text>
            {/* Issue 35: the QR on demand keeps the card short (and draws no code for every card). */}
            <Popover position="bottom-end" withArrow shadow="md">
              <Popover.Target>
                <Button size="xs" variant="subtle" leftSection={<IconQrcode size={14} aria-hidden />}>
                  {t('certificates.card.qr')}
                </Button>
              </Popover.Target>
              <Popover.Dropdown>
                <QrCode
                  value={certificate.verificationUrl}
                  size={160}
                  label={t('certificates.card.qrLabel', { number: certificate.certificateNo })}
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
              {t('certificates.reinstate')}
            </Button>
          ) : (
            <Button
              size="xs"
              variant="outline"
              color="red"
              leftSection={<IconBan size={16} aria-hidden />}
              onClick={onRevoke}
            >
              {t('certificates.revoke')}
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
              {t('certificates.downloadCertificate')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
