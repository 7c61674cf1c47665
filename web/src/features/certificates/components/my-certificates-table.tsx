import {
  Anchor,
  Button,
  Card,
  Group,
  NativeSelect,
  Pagination,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import type { Certificate } from '@portal/contract';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { usePhone } from '../../../hooks/use-phone';
import { usePublicConfig } from '../../../hooks/use-public-config';
import { certificateFileUrl } from '../api/use-certificate-status';
import {
  nextSort,
  pageCount,
  pageOf,
  sortCertificates,
  type Sort,
  type SortKey,
  type SortOrder,
} from '../utils/my-certificates';
import { CertificateRenewalBadge, CertificateStatusBadge } from './certificate-status';
import { formatCalendarDay } from '../../../lib/dates';
import { useT } from '../../../i18n/use-t';
import { certificatesWords, type CertificatesKey } from '../words';

function SortableHeader({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column: SortKey;
  sort: Sort | null;
  onSort: (column: SortKey) => void;
}) {
  const order = sort?.key === column ? sort.order : null;
  const Icon = order === 'asc' ? IconArrowUp : order === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th aria-sort={order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : 'none'}>
      <UnstyledButton onClick={() => onSort(column)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** spec §2's empty text, with where to turn (issue 13). */
function NoCertificates() {
  const { t } = useT(certificatesWords);
  return (
    <EmptyState
      title={t('certificates.table.emptyTitle')}
      description={t('certificates.table.emptyText')}
      action={
        <Button component={Link} to="../help" relative="path" variant="light" size="xs">
          {t('certificates.table.goToHelp')}
        </Button>
      }
    />
  );
}

const SORT_CHOICES: { value: string; label: CertificatesKey }[] = [
  { value: '', label: 'certificates.table.sortAsRecorded' },
  { value: 'name:asc', label: 'certificates.table.sortNameAsc' },
  { value: 'name:desc', label: 'certificates.table.sortNameDesc' },
  { value: 'status:asc', label: 'certificates.table.sortStatus' },
  { value: 'validTill:asc', label: 'certificates.table.sortValidTillAsc' },
  { value: 'validTill:desc', label: 'certificates.table.sortValidTillDesc' },
];

const sortValue = (sort: Sort | null) => (sort ? `${sort.key}:${sort.order}` : '');
const sortFrom = (value: string): Sort | null => {
  const [key, order] = value.split(':') as [SortKey, SortOrder];
  return value ? { key, order } : null;
};

interface RowActions {
  /** Issue 33: members renew in the portal (RECERTIFICATION=portal): each certificate links to its Renewal tab. */
  renewals?: boolean;
  onView: (certificate: Certificate) => void;
  /** Issue 11: the verification link, QR code, PDF, credential and LinkedIn of one certificate. */
  onShare: (certificate: Certificate) => void;
}

/** The valid-till day, and beneath it the day the board awarded it (issue 31). */
function Dates({ certificate }: { certificate: Certificate }) {
  const { t } = useT(certificatesWords);
  return (
    <>
      {formatCalendarDay(certificate.validTill)}
      <Text size="xs" c="dimmed">
        {t('certificates.table.issued', { day: formatCalendarDay(certificate.awardedOn) })}
      </Text>
    </>
  );
}

/** The certificate's Renewal tab, from the certificates screen (issue 33). */
const renewalPath = (c: Certificate) => `${c._id}/renewal`;

/** Without an uploaded document, the generated PDF (issue 11) is the certificate. */
const downloadHref = (c: Certificate) => c.downloadLink || certificateFileUrl(c, 'pdf');

/**
 * Issue 35: on a phone, one card per certificate with its status, dates and its three actions as
 * full-width buttons a thumb can hit (44 px), instead of a 760 px table scrolled sideways.
 */
function CertificateCards({ certificates, renewals, onView, onShare }: RowActions & { certificates: Certificate[] }) {
  const { t, rich } = useT(certificatesWords);
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('certificates.table.cards')}>
      {certificates.map((c) => (
        <Card key={c._id} component="li" withBorder radius="md" padding="md" aria-label={c.name}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Text fw={600} dir="auto" style={{ overflowWrap: 'anywhere' }}>
              {c.name}
            </Text>
            <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
              <CertificateStatusBadge status={c.status} />
              <CertificateRenewalBadge certificate={c} />
            </Stack>
          </Group>
          <Text size="sm" mt={4} component="div">
            {rich('certificates.table.validTillDates', { dates: <Dates certificate={c} /> })}
          </Text>
          <Stack gap="xs" mt="sm">
            <Button variant="light" h={44} fullWidth onClick={() => onView(c)}>
              {t('certificates.viewCertificate')}
            </Button>
            {c.downloadLink === '' && (
              <Text size="xs" c="dimmed">
                {t('certificates.noDocumentYet')}
              </Text>
            )}
            <Button component="a" h={44} fullWidth href={downloadHref(c)} target="_blank" rel="noopener noreferrer">
              {t('certificates.downloadCertificate')}
            </Button>
            <Button variant="light" h={44} fullWidth onClick={() => onShare(c)}>
              {t('certificates.verifyShare')}
            </Button>
            {renewals && (
              <Button component={Link} to={renewalPath(c)} variant="subtle" h={44} fullWidth>
                {t('certificates.renewalAndCredits')}
              </Button>
            )}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * The holder's certificates (spec §2), sortable, 11 a page (ARCHITECTURE §6): a table on a wide
 * screen, cards on a phone (issue 35).
 */
export function MyCertificatesTable({ certificates, onView, onShare }: RowActions & { certificates: Certificate[] }) {
  const { t } = useT(certificatesWords);
  const phone = usePhone();
  const renewals = usePublicConfig().data?.recertification === 'portal';
  const [sort, setSort] = useState<Sort | null>(null);
  const [page, setPage] = useState(1);
  const sorted = sortCertificates(certificates, sort);
  const pages = pageCount(sorted.length);
  const current = Math.min(page, pages);
  const rows = pageOf(sorted, current);
  const onSort = (column: SortKey) => {
    setSort((s) => nextSort(s, column));
    setPage(1);
  };

  const list = phone ? (
    certificates.length === 0 ? (
      <NoCertificates />
    ) : (
      <Stack gap="sm">
        <NativeSelect
          label={t('certificates.table.sortBy')}
          data={SORT_CHOICES.map(({ value, label }) => ({ value, label: t(label) }))}
          value={sortValue(sort)}
          onChange={(e) => {
            setSort(sortFrom(e.currentTarget.value));
            setPage(1);
          }}
          size="md"
        />
        <CertificateCards certificates={rows} renewals={renewals} onView={onView} onShare={onShare} />
      </Stack>
    )
  ) : (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortableHeader label={t('certificates.table.name')} column="name" sort={sort} onSort={onSort} />
            <SortableHeader label={t('certificates.table.status')} column="status" sort={sort} onSort={onSort} />
            <SortableHeader label={t('certificates.table.validTill')} column="validTill" sort={sort} onSort={onSort} />
            <Table.Th>{t('certificates.viewCertificate')}</Table.Th>
            <Table.Th>{t('certificates.downloadCertificate')}</Table.Th>
            <Table.Th>{t('certificates.verifyShare')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {certificates.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <NoCertificates />
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((c) => (
            <Table.Tr key={c._id}>
              <Table.Td fw={600} dir="auto">
                {c.name}
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <CertificateStatusBadge status={c.status} />
                  <CertificateRenewalBadge certificate={c} />
                </Group>
              </Table.Td>
              <Table.Td>
                <Dates certificate={c} />
                {renewals && (
                  <Anchor component={Link} to={renewalPath(c)} size="xs" display="block">
                    {t('certificates.renewalAndCredits')}
                  </Anchor>
                )}
              </Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" onClick={() => onView(c)}>
                  {t('certificates.viewCertificate')}
                </Button>
                {/* Issue 13: never a silent gap; the Download button beside gives the generated PDF. */}
                {c.downloadLink === '' && (
                  <Text size="xs" c="dimmed" mt={4}>
                    {t('certificates.noDocumentYet')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Button size="xs" component="a" href={downloadHref(c)} target="_blank" rel="noopener noreferrer">
                  {t('certificates.downloadCertificate')}
                </Button>
              </Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" onClick={() => onShare(c)}>
                  {t('certificates.verifyShare')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );

  return (
    <>
      {list}
      {pages > 1 && (
        <Group justify="center" mt="md">
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            getControlProps={(control) => ({
              'aria-label':
                control === 'next'
                  ? t('certificates.table.nextPage')
                  : control === 'previous'
                    ? t('certificates.table.previousPage')
                    : control,
            })}
            getItemProps={(p) => ({ 'aria-label': t('certificates.table.page', { page: p }) })}
          />
        </Group>
      )}
    </>
  );
}
